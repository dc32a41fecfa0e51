import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { apiSignIn, expectDate, shot, uiSignIn } from './helpers';

interface OrderRow {
  id: number;
  id_cmd: string;
  siret: string;
  user_keen_id: string;
}

/** Today in Paris (the browser's zone in these tests), yyyy-mm-dd. */
function today(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(new Date());
}

async function dismissNotices(page: Page) {
  const callout = page.getByRole('dialog', { name: 'Découvrez les nouveautés' });
  if (await callout.isVisible().catch(() => false)) await callout.getByRole('button', { name: 'Compris' }).click();
}

/**
 * The demo's first kiosk of a restaurant has a known key (internal/demo DeviceKey); the first
 * restaurant's is the readable `demo-kiosk-key`.
 */
function kioskKey(siret: string): string {
  return siret === '81234567000010' ? 'demo-kiosk-key' : `brg_dev_demo_${siret}_borne_1`;
}

async function postOrder(request: APIRequestContext, siret: string, orderId: string) {
  const response = await request.post('/kiosk/v1/orders', {
    headers: { Authorization: `Bearer ${kioskKey(siret)}` },
    data: {
      order_id: orderId,
      source: 'borne',
      type: 1,
      status: 'paid',
      paid_at: new Date().toISOString(),
      subtotal_cents: 1890,
      total_cents: 1890,
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
  expect(response.status(), await response.text()).toBe(201);
}

function digits(text: string | null): number {
  return Number((text ?? '').replace(/\D/g, ''));
}

test.describe('Mes Commandes and the real-time dashboard', () => {
  test('an owner reads the orders of a restaurant, a ticket, a deep link, and sees a new order arrive live', async ({ page, request }) => {
    test.setTimeout(120_000);
    const admin = await apiSignIn(request, 'admin');
    const auth = { Authorization: `Bearer ${admin.accessToken}` };
    const restaurants = (await (await request.get('/api/v1/restaurants', { headers: auth })).json()) as { items: { id: number; nom: string; siret: string }[] };
    const bastille = restaurants.items.find((r) => r.nom === 'Paris Bastille');
    expect(bastille, 'the demo has Paris Bastille').toBeTruthy();
    // A fresh demo may have no order yet today: one from its kiosk makes the list non-empty.
    await postOrder(request, bastille!.siret, `E2E-LIST-${Date.now().toString(36)}`);

    await uiSignIn(page, 'admin');
    await expect(page).toHaveURL(/\/RealtimeDashboard$/);
    await dismissNotices(page);

    // Mes Commandes: no restaurant yet, then Paris Bastille.
    await page.goto('/brigade/mescommandes');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Mes Commandes');
    await expectDate(page, 'Date Debut', today());
    await expectDate(page, 'Date Fin', today());
    const selector = page.getByRole('button', { name: /^Selectionner Restaurant \(\d+\)$/ });
    if (await selector.isVisible().catch(() => false)) {
      await expect(page.getByText('Veuillez Choisir un restaurant.')).toBeVisible();
      await expect(page.getByRole('region', { name: 'Commandes confirmées' })).toBeVisible();
      await shot(page, 'orders-choose');
      await selector.click();
    } else {
      await page.getByRole('button', { name: /Paris Bastille|All restaurants|Selectionner/ }).first().click();
    }
    await page.getByRole('dialog', { name: 'Selectionner Restaurant' }).getByText('Paris Bastille', { exact: true }).click();

    const table = page.getByRole('table', { name: 'Liste Commandes - Caisse & Borne' });
    await expect(table).toBeVisible();
    const rows = table.locator('tbody tr');
    await expect(rows.first()).toBeVisible();
    await expect.poll(() => rows.count()).toBeGreaterThan(0);
    await expect(table).toContainText('€');
    await expect(page.getByText('Cliquez sur une commande pour voir les détails')).toBeVisible();
    await shot(page, 'orders-list');

    await rows.first().click();
    await expect(rows.first()).toHaveAttribute('aria-selected', 'true');
    const ticket = page.getByTestId('order-ticket');
    await expect(ticket).toContainText('Commande n°');
    await expect(ticket.getByRole('table', { name: /^Articles/ })).toBeVisible();
    const vat = ticket.getByRole('table', { name: 'TVA par taux' });
    await expect(vat).toContainText(/\d+(,\d+)?\s%/);
    await expect(page.getByRole('button', { name: 'Télécharger le PDF' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Imprimer' })).toBeVisible();
    await shot(page, 'orders-detail');
    // Printing prints the ticket alone, from a frame holding a copy of it.
    await page.getByRole('button', { name: 'Imprimer' }).click();
    const printFrame = page.locator('iframe[title="Impression du ticket"]');
    await expect(printFrame).toHaveCount(1);
    const printed = await printFrame.evaluate((f: HTMLIFrameElement) => f.contentDocument?.documentElement.outerHTML ?? '');
    expect(printed).toContain('Commande n°');
    expect(printed).not.toContain('Liste Commandes');
    const preview = await page.context().newPage();
    await preview.setContent(printed);
    await preview.emulateMedia({ media: 'print' });
    await preview.setViewportSize({ width: 794, height: 1123 });
    await shot(preview, 'orders-print');
    await preview.close();

    // Click&Collect: the same screen on the other source.
    await page.getByRole('combobox', { name: 'Source' }).click();
    await page.getByRole('option', { name: 'Clickncollect' }).click();
    const collect = page.getByRole('table', { name: 'Liste Commandes - Click&Collect' });
    await expect(collect.or(page.getByText('Aucun données à afficher.'))).toBeVisible();
    if (await collect.isVisible()) {
      await collect.locator('tbody tr').first().click();
      await expect(page.getByTestId('order-ticket')).toContainText('Client');
      await expect(page.getByTestId('order-ticket')).toContainText(/HT .* TVA .* TTC/);
    }
    await shot(page, 'orders-clickncollect');
    await page.getByRole('combobox', { name: 'Source' }).click();
    await page.getByRole('option', { name: 'Caisse & Borne' }).click();
    await expect(table).toBeVisible();
    await rows.first().click();

    // The ticket PDF, named after the order.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Télécharger le PDF' }).click();
    expect((await download).suggestedFilename()).toMatch(/\.pdf$/);

    // The deep link: only the detail, centred.
    const list = (await (
      await request.get(`/api/v1/orders?start=${today()}&end=${today()}&restaurantId=${bastille!.id}&pageSize=5`, { headers: auth })
    ).json()) as { items: OrderRow[] };
    const first = list.items[0]!;
    await page.goto(`/brigade/mescommandes?order_id=${encodeURIComponent(first.id_cmd)}&siret=${first.siret}&keenio=${encodeURIComponent(first.user_keen_id)}`);
    await expect(page.getByTestId('order-ticket')).toContainText(`Commande n° ${first.id_cmd}`);
    await expect(page.getByText('Liste Commandes - Caisse & Borne')).toHaveCount(0);
    await shot(page, 'orders-deeplink');

    await page.goto('/brigade/mescommandes?order_id=NOPE&siret=00000000000000&keenio=none');
    await expect(page.getByText(/Cette commande est introuvable|introuvable/).first()).toBeVisible();

    // The real-time dashboard: figures, then a kiosk order shows without a reload.
    await page.goto('/RealtimeDashboard');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Tableau de bord temps réel');
    // Every restaurant (0 = all).
    await page.getByRole('button', { name: 'Paris Bastille' }).click();
    await page.getByRole('dialog', { name: 'Selectionner Restaurant' }).getByText('All restaurants', { exact: true }).click();
    await expect(page.getByRole('button', { name: 'All restaurants' })).toBeVisible();
    const orders = page.getByRole('region', { name: 'Commandes', exact: true }).locator('.kpi-value');
    await expect(orders).toHaveText(/\d/);
    await expect(page.getByRole('region', { name: "Chiffre d'affaires" }).locator('.kpi-value')).toContainText('€');
    await expect(page.getByRole('table', { name: 'Par restaurant' })).toBeVisible();
    await expect(page.getByRole('status', { name: 'En direct' })).toBeVisible();
    await shot(page, 'realtime');

    const before = digits(await orders.textContent());
    const marker = await page.evaluate(() => {
      (window as unknown as { e2eMarker: number }).e2eMarker = 1;
      return 1;
    });
    await postOrder(request, bastille!.siret, `E2E-LIVE-${Date.now().toString(36)}`);
    await expect.poll(async () => digits(await orders.textContent()), { timeout: 5_000 }).toBe(before + 1);
    // Same document: no reload happened.
    expect(await page.evaluate(() => (window as unknown as { e2eMarker?: number }).e2eMarker)).toBe(marker);
    await shot(page, 'realtime-live');
  });
});

test.describe('Order lifecycle', () => {
  test('a kiosk refunds part of an order, then the rest; the ticket shows the history', async ({ page, request }) => {
    const admin = await apiSignIn(request, 'admin');
    const auth = { Authorization: `Bearer ${admin.accessToken}` };
    const restaurants = (await (await request.get('/api/v1/restaurants', { headers: auth })).json()) as { items: { nom: string; siret: string }[] };
    const bastille = restaurants.items.find((r) => r.nom === 'Paris Bastille')!;
    const key = { Authorization: `Bearer ${kioskKey(bastille.siret)}` };
    const orderId = `E2E-REFUND-${Date.now().toString(36)}`;
    await postOrder(request, bastille.siret, orderId);
    const change = async (data: Record<string, unknown>, status: number) => {
      const response = await request.post(`/kiosk/v1/orders/${encodeURIComponent(orderId)}/status`, { headers: key, data });
      expect(response.status(), await response.text()).toBe(status);
      return (await response.json()) as { user_keen_id: string; order: { status: string }; history: unknown[] };
    };
    const partial = { event_id: 'R-1', status: 'partially_refunded', at: new Date().toISOString(), refund_cents: 500, method: 'especes', reason: 'Boisson renversée' };
    expect((await change(partial, 201)).order.status).toBe('partially_refunded');
    // A retry is answered as stored, not applied twice.
    expect((await change(partial, 200)).history).toHaveLength(1);
    const done = await change({ event_id: 'R-2', status: 'refunded', at: new Date().toISOString(), reason: 'Client parti' }, 201);
    expect(done.order.status).toBe('refunded');
    // Nothing follows a refund: refused in French.
    const refused = await request.post(`/kiosk/v1/orders/${encodeURIComponent(orderId)}/status`, { headers: key, data: { event_id: 'R-3', status: 'paid', at: new Date().toISOString() } });
    expect(refused.status()).toBe(409);
    expect(await refused.text()).toContain('remboursée');

    await uiSignIn(page, 'admin');
    // The session is stored once the dashboard opens: going elsewhere before that lands signed out.
    await expect(page).toHaveURL(/\/RealtimeDashboard$/);
    await dismissNotices(page);
    await page.goto(`/brigade/mescommandes?order_id=${encodeURIComponent(orderId)}&siret=${bastille.siret}&keenio=${encodeURIComponent(done.user_keen_id)}`);
    await expect(page.getByTestId('order-ticket')).toContainText(`Commande n° ${orderId}`);
    const history = page.getByRole('region', { name: 'Historique du statut' });
    await expect(history.getByRole('listitem')).toHaveCount(2);
    await expect(history.getByRole('listitem').first()).toContainText(/Remboursement de 5,00\s€ \(espèces\) · Boisson renversée/);
    await expect(history.getByRole('listitem').nth(1)).toContainText(/Remboursement de 13,90\s€ \(carte bancaire\) · Client parti/);
    await expect(history).toContainText(/Remboursé\s: 18,90\s€ sur 18,90\s€/);
    await history.scrollIntoViewIfNeeded();
    await shot(page, 'orders-refund-history');
  });
});
