import { expect, test, type Page } from '@playwright/test';
import { apiSignIn, shoot, uiSignIn } from './helpers';

/** The demo's first kiosk (Paris Bastille, the moderator's restaurant). */
const KIOSK_KEY = 'demo-kiosk-key';

interface Screen {
  restaurantId: number;
  elements: { kind: string; idGlobal: string; name: string; group: string; soldOut?: unknown }[];
}

interface KioskDoc {
  soldOut: { kind: string; idGlobal: string; name: string; until: string }[] | null;
}

/**
 * A kiosk's event stream, read from Node as a kiosk reads it (fetch with its device key): what it
 * has received so far, and a wait for the next event of a name.
 */
async function kioskStream(baseURL: string) {
  const abort = new AbortController();
  const res = await fetch(`${baseURL}/kiosk/v1/events`, { headers: { Authorization: `Bearer ${KIOSK_KEY}` }, signal: abort.signal });
  expect(res.status).toBe(200);
  const events: { name: string; data: Record<string, unknown> }[] = [];
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
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          const name = /^event: (.+)$/m.exec(block)?.[1];
          const data = /^data: (.+)$/m.exec(block)?.[1];
          if (name) events.push({ name, data: data ? (JSON.parse(data) as Record<string, unknown>) : {} });
        }
      }
    } catch {
      /* aborted at the end of the test */
    }
  })();
  return {
    /** Waits (with a deadline) for the n-th event of that name and returns its data. */
    async nth(name: string, n: number): Promise<Record<string, unknown>> {
      await expect.poll(() => events.filter((e) => e.name === name).length, { timeout: 5000 }).toBeGreaterThanOrEqual(n);
      return events.filter((e) => e.name === name)[n - 1]!.data;
    },
    close: () => abort.abort(),
  };
}

async function kioskDoc(page: Page, baseURL: string): Promise<{ etag: string; doc: KioskDoc }> {
  const res = await page.request.get(`${baseURL}/kiosk/v1/availability`, { headers: { Authorization: `Bearer ${KIOSK_KEY}` } });
  expect(res.status()).toBe(200);
  return { etag: res.headers()['etag'] ?? '', doc: (await res.json()) as KioskDoc };
}

test('a restaurant marks a product sold out and its kiosk hears of it at once', async ({ page, request, baseURL }) => {
  test.setTimeout(120_000); // three full-page screenshots of a long list
  const moderator = await apiSignIn(request, 'moderator');
  const headers = { Authorization: `Bearer ${moderator.accessToken}` };
  const list = (await (await request.get('/api/v1/restaurants', { headers })).json()) as { items: { id: number; nom: string }[] };
  const bastille = list.items.find((r) => r.nom === 'Paris Bastille')!;
  const before = (await (await request.get(`/api/v1/restaurants/${bastille.id}/availability`, { headers })).json()) as Screen;
  const product = before.elements.find((e) => e.kind === 'product' && !e.soldOut)!;
  expect(product, 'a product on sale in the deployed menu').toBeTruthy();

  const stream = await kioskStream(baseURL!);
  try {
    const ready = await stream.nth('ready', 1);
    expect(String(ready.availability)).toMatch(/^"a-/);

    await uiSignIn(page, 'moderator');
    await page
      .getByRole('dialog', { name: 'Découvrez les nouveautés' })
      .getByRole('button', { name: 'Compris' })
      .click({ timeout: 4000 })
      .catch(() => undefined);
    await page.goto('/brigade/gestionProduits');
    await expect(page.getByRole('heading', { name: 'Gestion Produits' })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Produits et options' })).toBeVisible();
    await expect(page.getByText('Tout est en vente.')).toBeVisible();
    await shoot(page, 'gestion-produits', 1440, 900);

    // Search it, switch « Épuisé » on, « Pour aujourd'hui ».
    await page.getByPlaceholder('Rechercher un produit ou une option...').fill(product.name);
    await page.getByRole('switch', { name: `Épuisé : ${product.name}` }).click();
    const dialog = page.getByRole('dialog', { name: `Marquer « ${product.name} » épuisé` });
    await expect(dialog.getByText("Pour aujourd'hui")).toBeVisible();
    await page.screenshot({ path: 'test-results/screenshots/gestion-produits-dialog-1440.png' });
    await dialog.getByRole('button', { name: 'Marquer épuisé' }).click();
    await expect(page.getByText(`« ${product.name} » est épuisé.`)).toBeVisible();
    const soldOutList = page.getByRole('list', { name: 'Épuisés maintenant' });
    await expect(soldOutList.getByText(product.name)).toBeVisible();

    // The kiosk's stream names the new document within the second, and the document lists it.
    const news = await stream.nth('availability', 1);
    const after = await kioskDoc(page, baseURL!);
    expect(after.etag).toBe(news.etag);
    expect(after.doc.soldOut?.map((s) => s.idGlobal)).toContain(product.idGlobal);
    const notModified = await page.request.get(`${baseURL}/kiosk/v1/availability`, {
      headers: { Authorization: `Bearer ${KIOSK_KEY}`, 'If-None-Match': after.etag },
    });
    expect(notModified.status()).toBe(304);
    await page.getByPlaceholder('Rechercher un produit ou une option...').fill('');
    await shoot(page, 'gestion-produits-epuise', 1440, 900);

    // The hours tab: a week of lunch and dinner on the kiosks (not saved).
    await page.getByRole('tab', { name: "Horaires d'ouverture" }).click();
    await page.getByLabel('Sans restriction horaire').click();
    await page.getByRole('button', { name: 'Créneau', exact: true }).first().click();
    await page.getByRole('button', { name: 'Créneau', exact: true }).first().click();
    await page.getByRole('button', { name: 'Copier le lundi sur toute la semaine' }).click();
    await page.getByRole('button', { name: 'Ajouter un jour' }).click();
    await page.getByLabel('Libellé').fill('Noël');
    await expect(page.getByText('Modifications non enregistrées')).toBeVisible();
    await shoot(page, 'gestion-produits-horaires', 1440, 900);

    // Back on sale: the kiosk hears of it again, and the document no longer lists it.
    await page.getByRole('tab', { name: 'Produits et options' }).click();
    await soldOutList.getByRole('button', { name: 'Remettre en vente' }).click();
    await expect(page.getByText('Tout est en vente.')).toBeVisible();
    const back = await stream.nth('availability', 2);
    const cleared = await kioskDoc(page, baseURL!);
    expect(cleared.etag).toBe(back.etag);
    expect(cleared.doc.soldOut?.map((s) => s.idGlobal) ?? []).not.toContain(product.idGlobal);
  } finally {
    stream.close();
  }
});
