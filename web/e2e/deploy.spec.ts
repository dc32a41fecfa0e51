import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { apiSignIn, shot, uiSignIn } from './helpers';

interface Status {
  id: number;
  nom: string;
  cartes: number[] | null;
  version: number;
  upToDate: boolean;
}
interface Priced {
  kind: 'product' | 'option';
  idGlobal: string;
  name: string;
  prices: { tariff: number; typeOrder: number; size: number; carteCents: number; customCents?: number }[] | null;
}

/** Gives a restaurant a new price of its own, so that its kiosks are due a new menu. */
async function customisePrice(request: APIRequestContext, token: string, restaurantId: number): Promise<void> {
  const headers = { Authorization: `Bearer ${token}` };
  const list = (await (await request.get(`/api/v1/deploy/restaurants/${restaurantId}/prices`, { headers })).json()) as Priced[];
  const product = list.find((e) => e.kind === 'product' && (e.prices?.length ?? 0) > 0);
  expect(product, `restaurant ${restaurantId} has a priced product`).toBeTruthy();
  const line = product!.prices![0]!;
  const response = await request.put(`/api/v1/deploy/restaurants/${restaurantId}/prices`, {
    headers,
    data: { kind: 'product', idGlobal: product!.idGlobal, tariff: line.tariff, typeOrder: line.typeOrder, size: line.size, priceCents: (line.customCents ?? line.carteCents) + 10 },
  });
  expect(response.status()).toBe(204);
}

/** The notices' first-view callout would cover the page in the screenshots. */
async function dismissNotices(page: Page): Promise<void> {
  const callout = page.getByRole('dialog', { name: 'Découvrez les nouveautés' });
  await callout.waitFor({ state: 'visible', timeout: 3000 }).catch(() => undefined);
  if (await callout.isVisible().catch(() => false)) await callout.getByRole('button', { name: 'Compris' }).click();
}

test.describe('deployment', () => {
  test('an owner links cartes, sets a price, previews and deploys two restaurants with live progress', async ({ page, request }) => {
    test.setTimeout(120_000);
    const admin = await apiSignIn(request, 'admin');
    const headers = { Authorization: `Bearer ${admin.accessToken}` };
    const status = (await (await request.get('/api/v1/deploy/status', { headers })).json()) as Status[];
    // The screens name restaurants by their name (the deploy API says their pseudo).
    const names = new Map(
      ((await (await request.get('/api/v1/restaurants', { headers })).json()) as { items: { id: number; nom: string }[] }).items.map((r) => [r.id, r.nom]),
    );
    const two = status
      .filter((s) => (s.cartes?.length ?? 0) > 0)
      .map((s) => ({ ...s, nom: names.get(s.id) ?? s.nom }))
      .sort((a, b) => a.nom.localeCompare(b.nom, 'fr'))
      .slice(0, 2);
    expect(two).toHaveLength(2);
    for (const r of two) await customisePrice(request, admin.accessToken, r.id);

    await uiSignIn(page, 'admin');
    await expect(page).toHaveURL(/\/RealtimeDashboard$/);

    // Cartes par restaurant: the matrix, then one restaurant's own prices.
    await page.goto('/campagne/CampagneRestos');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Cartes par restaurant');
    const matrix = page.getByRole('table', { name: 'Cartes par restaurant' });
    await expect(matrix.getByText(two[0]!.nom, { exact: true })).toBeVisible();
    await dismissNotices(page);
    await expect(matrix.getByLabel('Carte principale').first()).toBeVisible();
    await shot(page, 'deploy-cartes-par-restaurant');

    await page.getByRole('button', { name: `Prix personnalisés de ${two[0]!.nom}` }).click();
    const prices = page.getByRole('dialog', { name: new RegExp(`Prix personnalisés — ${two[0]!.nom}`) });
    await expect(prices.getByRole('list', { name: 'Produits' })).toBeVisible();
    await expect(prices.getByText('Personnalisé').first()).toBeVisible();
    await shot(page, 'deploy-prix-personnalises');
    await prices.getByRole('button', { name: 'Fermer' }).first().click();
    await expect(prices).toBeHidden();

    // Déploiement Carte: both restaurants are due a new menu.
    await page.goto('/campagne/DeploiementCarte');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Déploiement Carte');
    const table = page.getByRole('table', { name: 'Déploiement par restaurant' });
    const rowOf = (nom: string) => table.getByRole('row').filter({ has: page.getByText(nom, { exact: true }) });
    for (const r of two) {
      await expect(rowOf(r.nom).getByText(r.version === 0 ? 'Jamais déployé' : 'À redéployer')).toBeVisible();
      await page.getByRole('checkbox', { name: `Sélectionner ${r.nom}` }).check();
    }

    // The preview says what each kiosk would get.
    await page.getByRole('button', { name: 'Aperçu', exact: true }).click();
    const preview = page.getByRole('dialog', { name: /Aperçu du déploiement/ });
    await expect(preview.getByText(two[0]!.nom, { exact: true })).toBeVisible();
    await expect(preview.getByRole('region', { name: 'Prix modifiés' }).first()).toBeVisible();
    await shot(page, 'deploy-apercu');
    await preview.getByRole('button', { name: 'Fermer' }).click();
    await expect(preview).toBeHidden();

    // Deploy: the bar runs to 2 / 2, then the spec's success text.
    await page.getByRole('button', { name: 'Déployer (2)', exact: true }).click();
    const panel = page.getByRole('region', { name: 'Déploiement en cours' });
    await expect(panel).toBeVisible();
    const bar = panel.getByRole('progressbar', { name: 'Progression du déploiement' });
    await expect(bar).toBeVisible();
    await expect(panel.getByTestId('job-progress')).toHaveText('2 / 2 restaurants');
    await expect(bar).toHaveAttribute('aria-valuenow', '100');
    await expect(page.getByRole('alert').filter({ hasText: 'La génération de la Carte a été effectuée avec succès.' }).first()).toBeVisible();
    await expect(panel.getByRole('table', { name: 'Résultat du déploiement' }).getByText('Nouvelle version')).toHaveCount(2);

    // Both kiosks now have exactly what a generation would give.
    for (const r of two) await expect(rowOf(r.nom).getByText('À jour')).toBeVisible();
    await shot(page, 'deploy-deploiement-carte');

    // Versions: the new one is in service.
    await page.getByRole('button', { name: `Versions de ${two[0]!.nom}` }).click();
    const drawer = page.getByRole('region', { name: `Versions de ${two[0]!.nom}` });
    await expect(drawer.getByText('En service', { exact: true })).toBeVisible();
    await shot(page, 'deploy-versions');
    // An earlier version's JSON, as its kiosks received it.
    await drawer.getByRole('button', { name: /^Voir le JSON de la version \d+$/ }).last().click();
    const json = page.getByRole('dialog', { name: /^Version \d+ — / });
    await expect(json.getByLabel('JSON de la carte')).toContainText('"items"');
    await shot(page, 'deploy-version-json');
    await json.getByRole('button', { name: 'Fermer' }).click();
    await expect(json).toBeHidden();
    await drawer.getByRole('button', { name: 'Fermer' }).click();
    await expect(drawer).toBeHidden();

    // Export: the products of every deployed menu, zipped, with progress.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Exporter les produits' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Exportation terminée avec succès !' }).first()).toBeVisible({ timeout: 30_000 });
    expect((await download).suggestedFilename()).toBe('Produits Brigade Burger.zip');
  });
});
