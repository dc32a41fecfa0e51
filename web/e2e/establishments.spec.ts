import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { apiSignIn, shot, uiSignIn, type SignedIn } from './helpers';

interface RestaurantList {
  items: { id: number; nom: string; archived: boolean }[];
  total: number;
}

const WRONG_SIRET = '73282932000075';
const SIRET = '73282932000074';
const NEW_RESTAURANT = 'Brigade Montparnasse';
const KIOSK = 'Borne entrée';

async function restaurantsOf(request: APIRequestContext, user: SignedIn): Promise<RestaurantList> {
  const response = await request.get('/api/v1/restaurants', { headers: { Authorization: `Bearer ${user.accessToken}` } });
  expect(response.ok()).toBeTruthy();
  return (await response.json()) as RestaurantList;
}

function whoami(request: APIRequestContext, key: string) {
  return request.get('/kiosk/v1/whoami', { headers: { Authorization: `Bearer ${key}` } });
}

async function signInAs(page: Page, who: 'admin' | 'moderator'): Promise<void> {
  await uiSignIn(page, who);
  await expect(page).toHaveURL(/\/RealtimeDashboard$/);
}

test.describe('establishments', () => {
  test('an owner adds a restaurant, registers a kiosk, hands it its key and revokes it', async ({ page, context, request, baseURL }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
    await signInAs(page, 'admin');

    // The list, its search and its archived toggle.
    const nav = page.getByRole('navigation', { name: 'Navigation principale' });
    await nav.getByRole('button', { name: 'Établissements', exact: true }).click();
    await nav.getByRole('link', { name: 'Mes Établissements' }).click();
    await expect(page).toHaveURL(/\/etablissements\/lists$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Mes Établissements');
    const table = page.getByRole('table', { name: 'Restaurants' });
    await expect(table.getByRole('link', { name: 'Paris Bastille' })).toBeVisible();
    await shot(page, 'establishments-list');

    const search = page.getByPlaceholder('Rechercher un restaurant...');
    await search.fill('lyon');
    await expect(table.getByRole('link', { name: 'Lyon Part-Dieu' })).toBeVisible();
    await expect(table.getByRole('link', { name: 'Paris Bastille' })).toHaveCount(0);
    await search.fill('');

    // A wrong SIRET key is refused on the field, and what was typed stays.
    await page.getByRole('button', { name: 'Ajouter un restaurant' }).click();
    const dialog = page.getByRole('dialog', { name: 'Ajouter un restaurant' });
    await dialog.getByLabel('Nom du restaurant').fill(NEW_RESTAURANT);
    await dialog.getByLabel('Nom court').fill('montparnasse');
    await dialog.getByLabel('SIRET').fill(WRONG_SIRET);
    await dialog.getByLabel('Adresse').fill('17 boulevard du Montparnasse');
    await dialog.getByLabel('Ville').fill('Paris');
    await dialog.getByRole('button', { name: 'Ajouter le restaurant' }).click();
    const siretError = `Le SIRET ${WRONG_SIRET} n'est pas valide : sa clé de contrôle est incorrecte.`;
    await expect(dialog.getByText(siretError)).toBeVisible();
    await expect(dialog.getByLabel('SIRET')).toHaveAttribute('aria-invalid', 'true');
    await expect(dialog.getByLabel('Nom du restaurant')).toHaveValue(NEW_RESTAURANT);
    await expect(dialog.getByLabel('Ville')).toHaveValue('Paris');
    await shot(page, 'restaurant-form-error');

    await dialog.getByLabel('SIRET').fill(SIRET);
    await dialog.getByRole('button', { name: 'Ajouter le restaurant' }).click();
    await expect(page).toHaveURL(/\/etablissements\/modifier\/\d+$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(NEW_RESTAURANT);
    await expect(page.getByText('Aucune caisse ni borne')).toBeVisible();

    // A kiosk, then its key, shown once and copied.
    await page.getByRole('button', { name: 'Ajouter un équipement' }).first().click();
    const add = page.getByRole('dialog', { name: 'Ajouter un équipement' });
    await add.getByRole('button', { name: /Borne/ }).click();
    await add.getByLabel('Nom').fill(KIOSK);
    await add.getByRole('button', { name: 'Ajouter', exact: true }).click();
    await expect(add).toBeHidden();
    const devices = page.getByRole('table', { name: 'Équipements' });
    const row = devices.getByRole('row').filter({ hasText: KIOSK });
    await expect(row).toContainText('Aucune clé');
    await expect(row).toContainText('Jamais vu');
    await expect(row.locator('code')).toContainText(`${SIRET}-borne-1-`);

    await row.getByRole('button', { name: `Émettre la clé de ${KIOSK}` }).click();
    const keyDialog = page.getByRole('dialog', { name: new RegExp(`Clé de « ${KIOSK} »`) });
    await expect(keyDialog.getByText('Cette clé ne sera plus jamais affichée')).toBeVisible();
    const field = keyDialog.getByTestId('device-key');
    await expect(field).toHaveValue(/^brg_dev_/);
    const key = await field.inputValue();
    await keyDialog.getByRole('button', { name: 'Copier la clé' }).click();
    await expect(keyDialog.getByRole('button', { name: 'Copier la clé' })).toHaveText('Copiée');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
    await shot(page, 'key-dialog');

    // The key works for the device…
    const seen = await whoami(request, key);
    expect(seen.status()).toBe(200);
    expect(((await seen.json()) as { equipment: { name: string } }).equipment.name).toBe(KIOSK);

    await keyDialog.getByRole('button', { name: 'Terminé' }).click();
    await expect(keyDialog).toBeHidden();
    await expect(row).toContainText(`Clé …${key.slice(-4)}`);
    await expect(page.getByRole('region', { name: 'Dernières modifications' })).toContainText('Clé émise');
    await shot(page, 'restaurant-detail');

    // …until it is revoked, in one click and a confirmation.
    await row.getByRole('button', { name: `Révoquer la clé de ${KIOSK}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Révoquer la clé' });
    await expect(confirm).toContainText(`Révoquer la clé de « ${KIOSK} » ?`);
    await confirm.getByRole('button', { name: 'Révoquer' }).click();
    await expect(confirm).toBeHidden();
    await expect(row).toContainText('Aucune clé');
    expect((await whoami(request, key)).status()).toBe(401);

    // Archiving says what happens, hides the restaurant from the list, and can be undone.
    await page.getByRole('button', { name: 'Archiver' }).click();
    const archive = page.getByRole('dialog', { name: 'Archiver le restaurant' });
    await expect(archive).toContainText('Ses commandes et son historique sont conservés');
    await archive.getByRole('button', { name: 'Archiver' }).click();
    await expect(page.getByText('Ce restaurant est archivé')).toBeVisible();
    await page.goto('/etablissements/lists');
    await expect(table.getByRole('link', { name: 'Paris Bastille' })).toBeVisible();
    await expect(table.getByRole('link', { name: NEW_RESTAURANT })).toHaveCount(0);
    await page.getByLabel('Afficher les archivés').check();
    await expect(table.getByRole('row').filter({ hasText: NEW_RESTAURANT })).toContainText('Archivé');
  });

  test("the demo franchise's devices show when they were last seen", async ({ page, request }) => {
    const admin = await apiSignIn(request, 'admin');
    const bastille = (await restaurantsOf(request, admin)).items.find((r) => r.nom === 'Paris Bastille');
    expect(bastille).toBeDefined();
    await signInAs(page, 'admin');
    await page.goto(`/brigade/configetablissement/${bastille!.id}/${bastille!.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText("Configuration de l'établissement");
    const devices = page.getByRole('table', { name: 'Équipements' });
    await expect(devices.getByRole('row')).toHaveCount(6); // header + 2 tills + 3 kiosks
    await expect(devices.getByText(/^Vu il y a/).first()).toBeVisible();
    // Every device was seen; the demo kiosk may have called just now (the kiosk specs use its key).
    await expect(devices.getByText(/^Vu (il y a|à l'instant)/)).toHaveCount(5);
    // The demo's silent till and kiosk (two days without a call) carry the amber badge.
    await expect(devices.getByRole('row').filter({ hasText: 'Borne 3' })).toContainText(/Vu il y a 2\sj/);
    await expect(devices.getByRole('row').filter({ hasText: 'Caisse 2' })).toContainText(/Vu il y a 2\sj/);
    await expect(page.getByText('2 équipements muets depuis plus de 24 h')).toBeVisible();
    await devices.getByText(/^Vu il y a/).first().hover();
    await expect(page.getByRole('tooltip')).toContainText('Dernier contact :');
    await shot(page, 'devices');
  });

  test('the franchise information page, its logo and its languages', async ({ page }) => {
    await signInAs(page, 'admin');
    await page.goto('/information');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Informations');
    await expect(page.getByLabel('Nom de la franchise')).toHaveValue('Brigade Burger');
    await expect(page.getByRole('list', { name: 'Langues de la franchise' })).toContainText('Français · par défaut');

    const png = await page.evaluate(() => {
      const canvas = document.createElement('canvas');
      canvas.width = 240;
      canvas.height = 240;
      const g = canvas.getContext('2d')!;
      g.fillStyle = '#b91c1c';
      g.beginPath();
      g.roundRect(0, 0, 240, 240, 48);
      g.fill();
      g.fillStyle = '#ffffff';
      g.font = 'bold 104px sans-serif';
      g.textAlign = 'center';
      g.textBaseline = 'middle';
      g.fillText('BB', 120, 126);
      return canvas.toDataURL('image/png').split(',')[1]!;
    });
    await page.getByTestId('logo-input').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: Buffer.from(png, 'base64') });
    await expect(page.getByText('Le logo est enregistré.')).toBeVisible();
    await expect(page.getByRole('img', { name: 'Logo de Brigade Burger' })).toBeVisible();

    // A file that is not an image is refused before it leaves the browser.
    await page.getByTestId('logo-input').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('pas une image') });
    await expect(page.getByText('Le logo doit être une image PNG, JPEG ou WebP.')).toBeVisible();

    // The contact details are saved, with a toast.
    await page.getByLabel('Téléphone de contact').fill('01 84 60 12 34');
    await page.getByLabel('E-mail de contact').fill('contact@brigade-burger.fr');
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(page.getByText('Les informations de la franchise sont enregistrées.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Enregistrer' })).toBeDisabled();

    // After a reload the logo comes back through the API (it needs the bearer token).
    await page.reload();
    await expect(page.getByRole('img', { name: 'Logo de Brigade Burger' })).toBeVisible();
    await expect(page.getByRole('img', { name: 'Logo de Brigade Burger' })).toHaveJSProperty('complete', true);
    await shot(page, 'information');
  });

  test('a moderator reads its restaurant without write actions', async ({ page, request }) => {
    const moderator = await apiSignIn(request, 'moderator');
    const own = await restaurantsOf(request, moderator);
    expect(own.items.map((r) => r.nom)).toEqual(['Paris Bastille']);
    const id = own.items[0]!.id;

    await signInAs(page, 'moderator');
    await page.goto(`/etablissements/modifier/${id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Paris Bastille');
    await expect(page.getByText('Lecture seule').first()).toBeVisible();
    await expect(page.getByLabel('Nom du restaurant')).toHaveAttribute('readonly', '');
    await expect(page.getByRole('table', { name: 'Équipements' }).getByText(/^Vu il y a/).first()).toBeVisible();
    await expect(page.getByRole('button', { name: /Ajouter/ })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /Enregistrer|Archiver|Émettre|Renouveler|Révoquer|Renommer/ })).toHaveCount(0);

    // The list (token-gated for moderators) shows its one restaurant, without 'Ajouter un restaurant'.
    const session = (await page.evaluate(() => JSON.parse(window.localStorage.getItem('brigade.session') ?? '{}'))) as SignedIn;
    await page.goto(`/etablissements/lists?token=${encodeURIComponent(session.accessToken)}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Mes Établissements');
    await expect(page.getByRole('table', { name: 'Restaurants' }).getByRole('link')).toHaveText(['Paris Bastille']);
    await expect(page.getByRole('button', { name: /Ajouter/ })).toHaveCount(0);
  });
});
