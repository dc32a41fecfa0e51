import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { apiSignIn, shot, uiSignIn } from './helpers';

/** The demo kiosk of Paris Bastille (its key is readable on purpose, README « Réductions et codes promo »). */
const KIOSK_KEY = 'demo-kiosk-key';

async function dismissNotices(page: Page) {
  const callout = page.getByRole('dialog', { name: 'Découvrez les nouveautés' });
  if (await callout.isVisible().catch(() => false)) await callout.getByRole('button', { name: 'Compris' }).click();
}

/** A paid kiosk order of 18,90 € naming the customer by phone, as a kiosk posts it. */
async function postOrder(request: APIRequestContext, orderId: string, phone: string, status = 201) {
  const response = await request.post('/kiosk/v1/orders', {
    headers: { Authorization: `Bearer ${KIOSK_KEY}` },
    data: {
      order_id: orderId,
      source: 'borne',
      type: 1,
      status: 'paid',
      paid_at: new Date().toISOString(),
      subtotal_cents: 1890,
      total_cents: 1890,
      customer: { phone, firstName: 'Jeanne', lastName: 'Fidèle', smsOptin: true },
      lines: [
        { name: 'Burger Classique', category: 'Burgers', quantity: 1, unit_price_cents: 1290, total_cents: 1290, tax_rate_bp: 1000 },
        { name: 'Limonade', category: 'Boissons', quantity: 1, unit_price_cents: 600, total_cents: 600, tax_rate_bp: 550 },
      ],
      vat: [
        { rate_bp: 550, ht_cents: 569, vat_cents: 31, ttc_cents: 600 },
        { rate_bp: 1000, ht_cents: 1173, vat_cents: 117, ttc_cents: 1290 },
      ],
      payments: [{ method: 'cb', amount_cents: 1890 }],
    },
  });
  expect(response.status(), await response.text()).toBe(status);
}

interface Rule { kind: 'visit' | 'amount' | 'product'; points: number; perCents?: number; currency?: string; active: boolean }

test('an owner creates a loyalty rule, a kiosk posts orders for a customer, and the customer page shows the points', async ({ page, request }) => {
  test.setTimeout(120_000);
  const suffix = Date.now() % 100000;
  const ruleName = `Un point par euro ${suffix}`;
  // A number of this run: 06 4x xx xx xx, as a customer types it at the kiosk.
  const digits = String(10_000_000 + (Date.now() % 9_000_000)).slice(-8);
  const phone = `06 ${digits.slice(0, 2)} ${digits.slice(2, 4)} ${digits.slice(4, 6)} ${digits.slice(6, 8)}`;

  await uiSignIn(page, 'admin');
  await expect(page).toHaveURL(/RealtimeDashboard/);
  await dismissNotices(page);

  // The program: a rule made on screen, first what the form refuses.
  await page.goto('/mesClients/fidelite');
  await page.getByRole('button', { name: 'Nouvelle règle' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nouvelle règle' });
  await dialog.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(dialog.getByText(/obligatoire/).first()).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Nom' }).fill(ruleName);
  await dialog.getByRole('combobox', { name: 'Type' }).click();
  await page.getByRole('option', { name: 'Par montant dépensé' }).click();
  await dialog.getByRole('textbox', { name: 'Points' }).fill('1');
  await dialog.getByRole('textbox', { name: 'Montant par tranche' }).fill('1');
  await dialog.getByRole('textbox', { name: 'Devise' }).fill('EUR');
  await shot(page, 'loyalty-rule-dialog');
  await dialog.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(dialog).toBeHidden();
  const rules = page.getByRole('table', { name: 'Règles de gain' });
  await expect(rules.getByRole('row', { name: new RegExp(ruleName) })).toBeVisible();
  await shot(page, 'loyalty-program');

  // What the program's active rules give an order of 18,90 € (the demo may hold rules of its own).
  const owner = await apiSignIn(request, 'admin');
  const program = await request.get('/api/v1/loyalty/rules', { headers: { Authorization: `Bearer ${owner.accessToken}` } });
  expect(program.status()).toBe(200);
  const body = (await program.json()) as { items?: Rule[] } | Rule[];
  const active = (Array.isArray(body) ? body : (body.items ?? [])).filter((r) => r.active);
  const perOrder = active.reduce((sum, r) => {
    if (r.kind === 'visit') return sum + r.points;
    if (r.kind === 'amount' && r.currency === 'EUR' && r.perCents) return sum + Math.floor(1890 / r.perCents) * r.points;
    return sum;
  }, 0);
  expect(perOrder).toBeGreaterThanOrEqual(18);

  // Two orders through the kiosk API; the second posted twice (a retry) counts once.
  await postOrder(request, `E2E-FID-${suffix}-1`, phone);
  // The same number written another way is the same customer.
  const international = `+33 ${phone.slice(1)}`;
  await postOrder(request, `E2E-FID-${suffix}-2`, international);
  await postOrder(request, `E2E-FID-${suffix}-2`, international, 200);
  const lookup = await request.post('/kiosk/v1/customers/lookup', { headers: { Authorization: `Bearer ${KIOSK_KEY}` }, data: { phone } });
  expect(lookup.status(), await lookup.text()).toBe(200);
  const found = (await lookup.json()) as { customer: { id: number; points: number } };
  expect(found.customer.points).toBe(2 * perOrder);

  // The directory finds her; her page shows the two visits, the points and their movements.
  await page.goto('/mesClients/ListContacts');
  await page.getByRole('searchbox', { name: /Rechercher un client/ }).fill(digits.slice(-6));
  const list = page.getByRole('table', { name: 'Clients' });
  await expect(list.getByRole('row')).toHaveCount(2); // header + Jeanne
  await shot(page, 'customers-list');
  await list.getByRole('link', { name: /Jeanne Fidèle/ }).click();
  await expect(page).toHaveURL(/\/mesClients\/contactDetails\//);
  const loyalty = page.getByRole('region', { name: 'Fidélité' });
  await expect(loyalty.getByTestId('loyalty-balance')).toHaveText(new RegExp(`^${(2 * perOrder).toLocaleString('fr-FR')}\\spoints$`));
  await expect(loyalty.getByRole('table', { name: 'Mouvements de points' }).getByRole('row')).toHaveCount(3);
  await expect(page.getByText('Visites')).toBeVisible();
  await shot(page, 'customer-page');
});
