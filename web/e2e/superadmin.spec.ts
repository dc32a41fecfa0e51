import { expect, test, type Browser, type Page } from '@playwright/test';
import { apiSignIn, overflowing, PASSWORD, settle, signInAsOwner, uiSignIn } from './helpers';

// The super-admin's screens on the real binary: open a franchise and sign in as its owner, close a
// franchise and see its owner refused, publish a notice and see it in an owner's bell.

const CLOSED_MESSAGE = 'Cette franchise est fermée : la connexion est refusée. Contactez le support Brigade.';

/** A SIRET with a valid Luhn key, different on each run (the data folder may be reused). */
function siret(): string {
  const body = String(Date.now()).slice(-13).padStart(13, '1');
  for (let key = 0; key <= 9; key++) {
    const digits = body + key;
    let sum = 0;
    for (let i = 0; i < 14; i++) {
      let d = Number(digits[13 - i]);
      if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
      sum += d;
    }
    if (sum % 10 === 0) return digits;
  }
  throw new Error('no key');
}

/** A 1440 px screenshot, once the page has settled and nothing runs past its right edge. */
async function screenshot(page: Page, name: string) {
  await settle(page);
  expect(await overflowing(page)).toEqual([]);
  await page.mouse.move(1, 1);
  await page.screenshot({ path: `test-results/screenshots/${name}-1440.png`, fullPage: false });
}

/** A page in a context of its own: no session shared with the super-admin's. */
async function freshPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  return context.newPage();
}

async function signInAsSuperAdmin(page: Page) {
  await uiSignIn(page, 'superadmin');
  await expect(page).toHaveURL(/\/superadmin\/franchises$/);
}

test.describe('super-admin', () => {
  let superToken = '';
  let closedId = 0;
  let noticeTitle = '';

  test.beforeAll(async ({ request }) => {
    superToken = (await apiSignIn(request, 'superadmin')).accessToken;
  });

  test.afterAll(async ({ request }) => {
    // Leave the demo as it was, whatever happened above.
    const headers = { Authorization: `Bearer ${superToken}` };
    if (closedId) await request.post(`/api/v1/admin/franchises/${closedId}/reopen`, { headers });
    if (noticeTitle) {
      const all = (await (await request.get('/api/v1/admin/notices', { headers })).json()) as { id: number; title: string }[];
      for (const n of all.filter((x) => x.title === noticeTitle)) await request.delete(`/api/v1/admin/notices/${n.id}`, { headers });
    }
  });

  test('opens a franchise through the dialog, and its owner signs in', async ({ page, browser }) => {
    test.setTimeout(120_000);
    const suffix = Date.now().toString(36);
    const name = `Pizzeria Nova ${suffix}`;
    const login = `nova-${suffix}`;
    const password = 'nova-secret-2026';

    await signInAsSuperAdmin(page);
    await expect(page.getByTestId(/^franchise-row-/).first()).toBeVisible();
    await screenshot(page, 'superadmin-franchises');

    await page.getByRole('button', { name: 'Nouvelle franchise' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nouvelle franchise' });
    await dialog.getByLabel(/^Nom de la franchise/).fill(name);
    // A login already taken: the server refuses the whole, and says so under the field.
    await dialog.getByLabel(/^Identifiant du propriétaire/).fill('demo-admin');
    await dialog.getByLabel(/^Adresse e-mail/).fill(`patron-${suffix}@nova.example`);
    await dialog.getByLabel(/^Mot de passe initial/).fill(password);
    await dialog.getByLabel(/^Nom du restaurant/).fill(`Nova Bastille ${suffix}`);
    await dialog.getByLabel(/^Nom court/).fill('bastille');
    await dialog.getByLabel(/^SIRET/).fill(siret());
    await dialog.getByLabel(/^Adresse$/).fill('12 rue de la Roquette');
    await dialog.getByLabel(/^Ville/).fill('Paris');
    await dialog.getByRole('button', { name: 'Ouvrir la franchise' }).click();
    const loginField = dialog.getByLabel(/^Identifiant du propriétaire/);
    await expect(loginField).toHaveAttribute('aria-invalid', 'true');
    await expect(dialog.getByText('Cet identifiant est déjà utilisé.')).toBeVisible();
    await expect(dialog.getByLabel(/^Nom de la franchise/)).toHaveValue(name);
    await loginField.scrollIntoViewIfNeeded();
    await screenshot(page, 'superadmin-new-franchise-error');

    await loginField.fill(login);
    await dialog.getByRole('button', { name: 'Ouvrir la franchise' }).click();
    await expect(page.getByText(`La franchise « ${name} » est ouverte. Son propriétaire se connecte avec l’identifiant « ${login} ».`)).toBeVisible();
    await expect(dialog).toBeHidden();
    const row = page.getByRole('row').filter({ hasText: name });
    await expect(row).toBeVisible();
    await expect(row.getByText('Active')).toBeVisible();

    // The new owner, in a browser of their own, reaches their dashboard and their restaurant.
    const owner = await freshPage(browser);
    await owner.goto('/auth/login');
    await owner.getByRole('tab', { name: 'Franchise' }).click();
    await owner.getByLabel('Identifiant').fill(login);
    await owner.getByLabel('Mot de passe', { exact: true }).fill(password);
    await owner.getByRole('button', { name: 'Se connecter' }).click();
    await expect(owner).toHaveURL(/\/RealtimeDashboard$/);
    await owner.goto('/etablissements/lists');
    await expect(owner.getByText(`Nova Bastille ${suffix}`).first()).toBeVisible();
    await owner.context().close();
  });

  test('closes « Le Comptoir Voisin »: its owner is refused with the reason; reopened, they sign in again', async ({ page, browser, request }) => {
    test.setTimeout(120_000);
    const other = await apiSignIn(request, 'otherAdmin');
    const id = Number(other['fk_franchise']);
    await signInAsSuperAdmin(page);
    const row = page.getByTestId(`franchise-row-${id}`);
    await expect(row).toContainText('Le Comptoir Voisin');

    await row.getByRole('button', { name: 'Fermer la franchise Le Comptoir Voisin' }).click();
    const confirm = page.getByRole('dialog', { name: 'Fermer la franchise' });
    await expect(confirm).toContainText('Ses données sont gardées');
    await expect(confirm).toContainText("Ouvrir en tant qu'admin");
    await screenshot(page, 'superadmin-close-confirmation');
    await confirm.getByRole('button', { name: 'Fermer la franchise' }).click();
    closedId = id;
    await expect(confirm).toBeHidden();
    const today = new Intl.DateTimeFormat('fr-FR', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'Europe/Paris' }).format(new Date());
    await expect(row.getByText(`Fermée le ${today}`)).toBeVisible();
    await expect(page.getByText('Franchises fermées').locator('..')).toContainText('1');
    await screenshot(page, 'superadmin-franchises-closed');

    // autre-admin, elsewhere, is refused with the server's reason.
    const owner = await freshPage(browser);
    await uiSignIn(owner, 'otherAdmin');
    await expect(owner.getByRole('alert')).toHaveText(CLOSED_MESSAGE);
    await expect(owner).toHaveURL(/\/auth\/login$/);
    await screenshot(owner, 'superadmin-closed-signin');

    // The super-admin still reads the franchise's data.
    const opened = await request.post(`/api/v1/admin/franchises/${id}/impersonate`, { headers: { Authorization: `Bearer ${superToken}` } });
    expect(opened.ok()).toBeTruthy();

    await row.getByRole('button', { name: 'Rouvrir la franchise Le Comptoir Voisin' }).click();
    const reopen = page.getByRole('dialog', { name: 'Rouvrir la franchise' });
    await reopen.getByRole('button', { name: 'Rouvrir la franchise' }).click();
    await expect(page.getByText('La franchise « Le Comptoir Voisin » est rouverte.')).toBeVisible();
    await expect(row.getByText(/^Fermée le/)).toHaveCount(0);
    closedId = 0;

    await owner.getByLabel('Mot de passe', { exact: true }).fill(PASSWORD);
    await owner.getByRole('button', { name: 'Se connecter' }).click();
    await expect(owner).toHaveURL(/\/RealtimeDashboard$/);
    await owner.context().close();
  });

  test('publishes a notice from « Nouveautés », and an owner reads it in their bell', async ({ page, browser }) => {
    test.setTimeout(120_000);
    noticeTitle = `Les codes promo arrivent ${Date.now().toString(36)}`;
    await signInAsSuperAdmin(page);
    await page.getByRole('link', { name: 'Nouveautés' }).click();
    await expect(page).toHaveURL(/\/superadmin\/notices$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Nouveautés');

    await page.getByRole('button', { name: 'Publier une nouveauté' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Publier une nouveauté' });
    await dialog.getByLabel(/^Titre/).fill(noticeTitle);
    await dialog.getByLabel(/^Résumé/).fill('Créez des codes pour vos clients, avec quota et validité.');
    await dialog.getByLabel(/^Texte/).fill('Les codes promo se créent dans Réductions & promos.\n\nChaque borne les vérifie en direct.');
    await dialog.getByLabel(/^Lien/).fill('https://aide.brigade.fr/codes-promo');
    const preview = dialog.getByTestId('notice-preview');
    await expect(preview).toContainText(noticeTitle);
    await expect(preview).toContainText('Chaque borne les vérifie en direct.');
    await screenshot(page, 'superadmin-notice-dialog');
    await dialog.getByRole('button', { name: 'Publier' }).click();
    await expect(page.getByText('La nouveauté est publiée.')).toBeVisible();
    const row = page.getByRole('row').filter({ hasText: noticeTitle });
    await expect(row).toBeVisible();
    await expect(row.getByText('Administrateurs')).toBeVisible();
    await expect(row.getByText('Invités')).toBeVisible();
    await screenshot(page, 'superadmin-notices');

    // demo-admin finds it in the bell, and opens it.
    const owner = await freshPage(browser);
    await signInAsOwner(owner);
    await owner.getByRole('button', { name: /^Nouveautés/ }).click();
    const feed = owner.getByRole('dialog', { name: 'Nouveautés' });
    await feed.getByText(noticeTitle).click();
    await expect(owner).toHaveURL(/\/config\/NotificationDetails\/\d+$/);
    await expect(owner.getByTestId('notice-content')).toContainText('Chaque borne les vérifie en direct.');
    await owner.context().close();
  });
});
