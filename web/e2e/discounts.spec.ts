import { expect, test, type Page } from '@playwright/test';
import { apiSignIn, shot, uiSignIn } from './helpers';

/** The demo kiosk of Paris Bastille (its key is readable on purpose, README « Réductions et codes promo »). */
const KIOSK_KEY = 'demo-kiosk-key';

interface PromoCheck {
  valid: boolean;
  reason?: string;
  discount?: { amount_cents: number; name: string; currency: string; description: string };
}

async function dismissNotices(page: Page) {
  const callout = page.getByRole('dialog', { name: 'Découvrez les nouveautés' });
  if (await callout.isVisible().catch(() => false)) await callout.getByRole('button', { name: 'Compris' }).click();
}

/** What a kiosk would be told about `code` for a basket, asked from Node as a kiosk asks it. */
async function check(baseURL: string, code: string, subtotal: number, lines: { product_id: string; category_id: string; total_cents: number }[]): Promise<PromoCheck> {
  const res = await fetch(`${baseURL}/kiosk/v1/promocodes/check`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${KIOSK_KEY}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ code, basket: { subtotal_cents: subtotal, type: 1, lines } }),
  });
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as PromoCheck;
}

test('a discount and its promo code made on screen are what a kiosk is told', async ({ page, request, baseURL }) => {
  const name = `Burgers du soir ${Date.now() % 100000}`;
  await uiSignIn(page, 'admin');
  await expect(page).toHaveURL(/RealtimeDashboard/);

  // The list, with the demo's discounts in clear French.
  await page.goto('/brigade/configreduction');
  await dismissNotices(page);
  const list = page.getByRole('table', { name: 'Réductions' });
  await expect(list.getByRole('row', { name: /Happy hour borne/ })).toContainText(/15\s%\ssur la commande/);
  await expect(list.getByRole('row', { name: /Midi express/ })).toContainText(/Panier minimum de 15,00\s€/);
  await shot(page, 'discounts-list');

  // A new discount: first what the form refuses, then 12,5 % on the Burgers from 20,00 €.
  await page.getByRole('button', { name: 'Nouvelle réduction' }).click();
  await expect(page).toHaveURL(/\/brigade\/editreduction\/new$/);
  await page.getByRole('textbox', { name: 'Pourcentage' }).fill('150');
  await page.getByRole('button', { name: 'Des catégories' }).click();
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByText('Le nom de la réduction est obligatoire.')).toBeVisible();
  await expect(page.getByText('Le pourcentage doit être compris entre 0,01 % et 100 %.')).toBeVisible();
  await expect(page.getByText('Choisissez au moins une catégorie.')).toBeVisible();
  await shot(page, 'discount-form-error');

  await page.getByRole('textbox', { name: 'Nom' }).fill(name);
  await page.getByRole('textbox', { name: 'Pourcentage' }).fill('12,5');
  await page.getByRole('combobox', { name: 'Catégories' }).click();
  await page.getByRole('option', { name: 'Burgers', exact: true }).click();
  await page.keyboard.press('Escape');
  await page.getByRole('textbox', { name: 'Panier minimum' }).fill('20');
  await expect(page.getByRole('region', { name: 'Résumé' })).toContainText(/12,5\s%\ssur 1\scatégorie/);
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page).toHaveURL(/\/brigade\/configreduction$/);
  const row = list.getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText(/12,5\s%\ssur 1\scatégorie/);
  await expect(row).toContainText(/Panier minimum de 20,00\s€/);

  // Its promo code, generated on screen.
  await page.goto('/brigade/configcodepromo');
  await page.getByRole('button', { name: 'Nouveau code' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nouveau code promo' });
  await dialog.getByRole('combobox', { name: 'Réduction accordée' }).click();
  await page.getByRole('option', { name: new RegExp(name) }).click();
  await dialog.getByRole('button', { name: 'Générer' }).click();
  const codeField = dialog.getByRole('textbox', { name: 'Code' });
  await expect(codeField).toHaveValue(/^BURGERSDUSOI-[A-Z2-9]{5}$/);
  const code = await codeField.inputValue();
  await dialog.getByRole('button', { name: 'Créer le code' }).click();
  await expect(dialog).toBeHidden();
  const codeRow = page.getByTestId(`code-row-${code}`);
  await expect(codeRow).toContainText('0 / 100');
  await expect(codeRow).toContainText('Utilisable');
  await shot(page, 'promo-codes');

  // A kiosk checks it: 12,5 % of the burger line (13,90 €) is 1,74 €; under 20,00 € it is refused in French.
  const lines = [
    { product_id: 'main-prod-1', category_id: 'main-cat-1', total_cents: 1390 },
    { product_id: 'main-prod-90', category_id: 'main-cat-4', total_cents: 1110 },
  ];
  const ok = await check(baseURL!, code.toLowerCase(), 2500, lines);
  expect(ok.valid, ok.reason).toBe(true);
  expect(ok.discount).toMatchObject({ amount_cents: 174, name, currency: 'EUR' });
  const low = await check(baseURL!, code, 1500, lines.slice(0, 1));
  expect(low.valid).toBe(false);
  expect(low.reason).toMatch(/^Panier minimum de 20,00\s€ non atteint\.$/);

  // The codes dashboard and Mes Réductions' codes.
  await page.goto('/dashbaord/BetaCodePromo');
  const stats = page.getByRole('table', { name: 'Codes promo sur la période' });
  await expect(stats.getByRole('row', { name: new RegExp(code) })).toContainText('0 / 100');
  await expect(stats.getByRole('row', { name: /BIENVENUE/ })).toBeVisible();
  await shot(page, 'promo-codes-dashboard');
  await page.goto('/brigade/mesreductions');
  await expect(page.getByRole('heading', { name: 'Répartition par Code Promo' })).toBeVisible();
  await shot(page, 'discounts-report-codes');

  // Leaves the demo as it was: the code never served, so it can go, then its discount.
  const admin = await apiSignIn(request, 'admin');
  const headers = { Authorization: `Bearer ${admin.accessToken}` };
  const codes = (await (await request.get('/api/v1/promocodes', { headers })).json()) as { id: number; code: string; discountId: number }[];
  const made = codes.find((c) => c.code === code)!;
  expect((await request.delete(`/api/v1/promocodes/${made.id}`, { headers })).status()).toBe(204);
  expect((await request.delete(`/api/v1/discounts/${made.discountId}`, { headers })).status()).toBe(204);
});
