import { expect, test } from '@playwright/test';
import { apiSignIn, shoot, signInAsOwner } from './helpers';

/** The demo's first kiosk (Paris Bastille). */
const KIOSK_KEY = 'demo-kiosk-key';

interface Plan {
  restaurants: { id: number; nom: string }[];
  rows: { kind: string; idGlobal: string; name: string; cells: { inMenu: boolean; soldOut?: unknown }[] }[];
}

interface KioskDoc {
  soldOut: { idGlobal: string }[] | null;
}

/** Bytes of a kiosk's event stream, read from Node as a kiosk reads it (fetch with its device key). */
async function kioskEvents(baseURL: string) {
  const abort = new AbortController();
  const res = await fetch(`${baseURL}/kiosk/v1/events`, { headers: { Authorization: `Bearer ${KIOSK_KEY}` }, signal: abort.signal });
  expect(res.status).toBe(200);
  const names: string[] = [];
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  void (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += decoder.decode(value, { stream: true });
        let cut;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const name = /^event: (.+)$/m.exec(buffer.slice(0, cut))?.[1];
          buffer = buffer.slice(cut + 2);
          if (name) names.push(name);
        }
      }
    } catch {
      /* aborted at the end of the test */
    }
  })();
  return {
    count: (name: string) => names.filter((n) => n === name).length,
    close: () => abort.abort(),
  };
}

test('Plan Produit marks a product sold out in two restaurants at once, and a kiosk of one of them sees it', async ({ page, request, baseURL }) => {
  test.setTimeout(120_000);
  const admin = await apiSignIn(request, 'admin');
  const headers = { Authorization: `Bearer ${admin.accessToken}` };
  const plan = (await (await request.get('/api/v1/availability/plan', { headers })).json()) as Plan;
  const bastille = plan.restaurants.findIndex((r) => r.nom === 'Paris Bastille');
  const other = plan.restaurants.findIndex((_, i) => i !== bastille && plan.rows.some((row) => row.cells[i]?.inMenu));
  const product = plan.rows.find((r) => r.kind === 'product' && [bastille, other].every((i) => r.cells[i]?.inMenu && !r.cells[i]?.soldOut))!;
  expect(product, 'a product on sale in Paris Bastille and another restaurant').toBeTruthy();
  const otherName = plan.restaurants[other]!.nom;

  const kioskLists = async () => {
    const res = await request.get(`${baseURL}/kiosk/v1/availability`, { headers: { Authorization: `Bearer ${KIOSK_KEY}` } });
    expect(res.status()).toBe(200);
    return ((await res.json()) as KioskDoc).soldOut?.some((s) => s.idGlobal === product.idGlobal) ?? false;
  };
  expect(await kioskLists()).toBe(false);
  const stream = await kioskEvents(baseURL!);
  try {
    await expect.poll(() => stream.count('ready')).toBe(1);

    await signInAsOwner(page);
    await page.goto('/brigade/PlanProduit');
    await expect(page.getByRole('heading', { level: 1, name: 'Plan Produit' })).toBeVisible();
    const table = page.getByRole('table', { name: 'Plan Produit' });
    await expect(table).toBeVisible();
    await expect(page.getByLabel('Légende').getByText('Absent de la carte')).toBeVisible();
    await shoot(page, 'plan-produit', 1440, 900);

    // Find it, select its cells in the two restaurants, « Épuisé aujourd'hui ».
    await page.getByPlaceholder('Rechercher un produit ou une option...').fill(product.name);
    await table.getByRole('button', { name: `${product.name} — Paris Bastille : En vente` }).click();
    await table.getByRole('button', { name: `${product.name} — ${otherName} : En vente` }).click();
    const bar = page.getByRole('region', { name: 'Modification groupée' });
    await expect(bar.getByText('2 cases sélectionnées dans 2 restaurants')).toBeVisible();
    await page.getByPlaceholder('Rechercher un produit ou une option...').fill('');
    await shoot(page, 'plan-produit-selection', 1440, 900);
    await page.getByPlaceholder('Rechercher un produit ou une option...').fill(product.name);
    await bar.getByRole('button', { name: "Épuisé aujourd'hui" }).click();
    await expect(page.getByText('2 cases marquées épuisées dans 2 restaurants.')).toBeVisible();

    // Bastille's kiosk hears of it on its stream, and its document lists the product.
    await expect.poll(() => stream.count('availability'), { timeout: 5000 }).toBeGreaterThanOrEqual(1);
    expect(await kioskLists()).toBe(true);
    await expect(table.getByRole('button', { name: `${product.name} — Paris Bastille : Épuisé aujourd'hui` })).toBeVisible();
    await expect(table.getByRole('button', { name: `${product.name} — ${otherName} : Épuisé aujourd'hui` })).toBeVisible();
    await page.getByPlaceholder('Rechercher un produit ou une option...').fill('');
    await page.getByLabel('Épuisés seulement').check();
    await shoot(page, 'plan-produit-epuise', 1440, 900);

    // Back on sale, the whole row at once.
    await table.getByRole('checkbox', { name: `Sélectionner la ligne ${product.name}` }).check();
    await bar.getByRole('button', { name: 'Remettre en vente' }).click();
    await expect(page.getByText(/remises? en vente dans/)).toBeVisible();
    await expect.poll(kioskLists, { timeout: 5000 }).toBe(false);
  } finally {
    stream.close();
  }
});
