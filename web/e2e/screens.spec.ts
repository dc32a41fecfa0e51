import { expect, test, type Page } from '@playwright/test';
import { apiSignIn, uiSignIn } from './helpers';

/**
 * The report and deployment screens a franchise owner opens most, on a desktop (1440×900) and a
 * phone (390×844): screenshots to look at (test-results/screens/), and a check that nothing is
 * clipped — no element of the page runs past the viewport's right edge unless it sits in a
 * container that scrolls sideways, and no table header cuts its text.
 */

const screens = [
  { name: 'z-equipement', path: '/brigade/zequipement', title: 'Z Équipement', ready: (p: Page) => p.getByRole('table', { name: 'Z Équipement' }).locator('tbody tr').first() },
  { name: 'performance', path: '/brigade/mesperformances', title: 'Performance Franchise', ready: (p: Page) => p.getByRole('table', { name: 'Temps de Sortie Moyen Par Produit', exact: true }).locator('tbody tr').first() },
  { name: 'ventes-v2', path: '/v2/DashboardMesProduitsNewV2', title: 'Mes Produits', ready: (p: Page) => p.getByRole('list', { name: 'Catégories' }) },
  { name: 'mes-commandes', path: '/brigade/mescommandes', title: 'Mes Commandes', ready: (p: Page) => p.getByRole('region', { name: 'Commandes confirmées' }) },
  { name: 'deploiement-carte', path: '/campagne/DeploiementCarte', title: 'Déploiement Carte', ready: (p: Page) => p.getByRole('table').first().locator('tbody tr').first() },
  { name: 'cartes-par-restaurant', path: '/campagne/CampagneRestos', title: 'Cartes par restaurant', ready: (p: Page) => p.getByRole('table').first().locator('tbody tr').first() },
] as const;

const viewports = [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
] as const;

interface Clipped {
  what: string;
  why: string;
}

/** What runs past the right edge outside a sideways-scrolling container, and table headers that cut their text. */
async function clipped(page: Page): Promise<Clipped[]> {
  return page.evaluate(() => {
    const out: { what: string; why: string }[] = [];
    const width = document.documentElement.clientWidth;
    const describe = (el: Element) =>
      `${el.tagName.toLowerCase()}${el.getAttribute('aria-label') ? `[${el.getAttribute('aria-label')}]` : ''} « ${(el.textContent ?? '').trim().slice(0, 40)} »`;
    const scrollsSideways = (el: Element) => {
      const style = getComputedStyle(el);
      return (style.overflowX === 'auto' || style.overflowX === 'scroll') && el.scrollWidth > el.clientWidth;
    };
    if (document.documentElement.scrollWidth > width + 1) {
      out.push({ what: 'page', why: `la page défile sur le côté (${document.documentElement.scrollWidth} > ${width})` });
    }
    const main = document.querySelector('main');
    if (!main) return [{ what: 'main', why: 'absent' }];
    for (const el of Array.from(main.querySelectorAll('*'))) {
      const rect = el.getBoundingClientRect();
      if (rect.width === 0 || rect.height === 0) continue;
      const style = getComputedStyle(el);
      if (style.visibility === 'hidden' || style.position === 'fixed') continue;
      if (rect.right > width + 1 || rect.left < -1) {
        // Fine inside a container that scrolls sideways and itself fits the viewport.
        let scroller: Element | null = el.parentElement;
        while (scroller && scroller !== main && !scrollsSideways(scroller)) scroller = scroller.parentElement;
        const inside = scroller && scroller !== main && scroller.getBoundingClientRect().right <= width + 1;
        if (!inside) out.push({ what: describe(el), why: `dépasse à droite (${Math.round(rect.right)} > ${width})` });
      }
      // Cut by a card or panel that hides what overflows it (and does not scroll).
      for (let box = el.parentElement; box && box !== main; box = box.parentElement) {
        const overflow = getComputedStyle(box).overflowX;
        if (overflow === 'visible') continue;
        if ((overflow === 'hidden' || overflow === 'clip') && rect.right > box.getBoundingClientRect().right + 1 && el.children.length === 0) {
          out.push({ what: describe(el), why: `coupé par son conteneur (${Math.round(rect.right)} > ${Math.round(box.getBoundingClientRect().right)})` });
        }
        break;
      }
      if ((el.tagName === 'TH' || el.getAttribute('role') === 'columnheader') && el.scrollWidth > el.clientWidth + 1) {
        out.push({ what: describe(el), why: 'en-tête coupé' });
      }
    }
    // One report per element family is enough to read.
    const seen = new Set<string>();
    return out.filter((c) => (seen.has(c.what) ? false : (seen.add(c.what), true))).slice(0, 15);
  });
}

test.describe('Écrans sans coupure', () => {
  for (const viewport of viewports) {
    test(`${viewport.width}×${viewport.height}`, async ({ page }) => {
      test.setTimeout(180_000);
      await page.setViewportSize(viewport);
      await uiSignIn(page, 'admin');
      await expect(page).toHaveURL(/\/RealtimeDashboard$/);

      for (const screen of screens) {
        await test.step(screen.name, async () => {
          await page.goto(screen.path);
          await expect(page.getByRole('heading', { level: 1 })).toHaveText(screen.title);
          if (screen.name === 'mes-commandes') {
            // The demo admin sees several restaurants: choose one (the next visit opens on it).
            const selector = page.getByRole('button', { name: /^Selectionner Restaurant \(\d+\)$/ });
            if (await selector.isVisible().catch(() => false)) {
              await selector.click();
              await page.getByRole('dialog', { name: 'Selectionner Restaurant' }).getByRole('button', { name: /Paris Bastille/ }).click();
            }
            await expect(page.getByRole('heading', { name: 'Liste Commandes - Caisse & Borne' })).toBeVisible();
          }
          if (screen.name === 'ventes-v2') {
            // Today may have no sale yet on a fresh demo: the last seven days, through the shortcut.
            await page.getByRole('button', { name: /^Période/ }).click();
            await page.getByRole('menuitem', { name: '7 derniers jours' }).click();
          }
          await expect(screen.ready(page)).toBeVisible({ timeout: 30_000 });
          await page.waitForLoadState('networkidle').catch(() => undefined);
          await page.evaluate(() => document.fonts.ready);
          // Charts animate in: wait until nothing moves.
          await expect.poll(() => page.evaluate(() => document.getAnimations().filter((a) => a.playState === 'running').length)).toBe(0);
          await page.screenshot({ path: `test-results/screens/${screen.name}-${viewport.width}.png`, fullPage: true });
          expect(await clipped(page), `${screen.name} à ${viewport.width} px`).toEqual([]);
        });
      }
    });
  }
});

test('Historique : un enregistrement de carte est une entrée avec sa liste de modifications', async ({ page, request }) => {
  test.setTimeout(120_000);
  // Every price of the demo's main carte changes in one save, through the API the editor uses.
  const session = await apiSignIn(request, 'admin');
  const headers = { Authorization: `Bearer ${session.accessToken}` };
  const cartes = (await (await request.get('/api/v1/campaigns', { headers })).json()) as { items: { id: number; nom: string }[] };
  const carte = cartes.items[0];
  const loaded = await request.get(`/api/v1/campaigns/${carte.id}/document`, { headers });
  const carteDoc = (await loaded.json()) as { items: { price: number | string }[] };
  for (const p of carteDoc.items) p.price = Math.round((Number(p.price) || 1) * 110) / 100;
  const saved = await request.put(`/api/v1/campaigns/${carte.id}/document`, { headers: { ...headers, 'If-Match': loaded.headers().etag }, data: carteDoc });
  expect(saved.ok()).toBeTruthy();

  await uiSignIn(page, 'admin');
  await expect(page).toHaveURL(/\/RealtimeDashboard$/);
  await page.goto('/campagne/Historique');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Historique');
  const history = page.getByRole('table', { name: 'Historique des cartes' });
  // One entry for the save, naming the carte and counting its changes.
  const entry = history.getByRole('row').filter({ hasText: carte.nom }).filter({ hasText: /\d modifications/ }).first();
  await expect(entry).toBeVisible();
  await entry.getByRole('button', { name: 'Voir les changements' }).click();
  const changes = history.getByRole('table', { name: `Changements : ${carte.nom}` });
  await expect(changes.getByRole('columnheader', { name: 'Élément' })).toBeVisible();
  await expect(changes.getByRole('cell', { name: 'price', exact: true }).first()).toBeVisible();
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await page.evaluate(() => document.fonts.ready);
  await page.screenshot({ path: 'test-results/screens/historique-1440.png', fullPage: false });
});
