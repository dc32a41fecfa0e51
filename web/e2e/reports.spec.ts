import { expect, test, type Page } from '@playwright/test';
import { expectDate, shot, uiSignIn } from './helpers';

// French amounts and decimals: '12,50 €' (no-break spaces), '10,53'.
const FRENCH_MONEY = /\d+,\d{2}\s?€/;
const FRENCH_DECIMAL = /^\d{1,3}(?:[\s\u202f]\d{3})*,\d{2}$/;

function monthBounds(now = new Date()) {
  const pad = (n: number) => String(n).padStart(2, '0');
  const iso = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
  return { start: iso(new Date(now.getFullYear(), now.getMonth(), 1)), end: iso(new Date(now.getFullYear(), now.getMonth() + 1, 0)) };
}

async function fullShot(page: Page, name: string) {
  await shot(page, name);
  await page.screenshot({ path: `test-results/screenshots/${name}-full.png`, fullPage: true });
}

async function expectCurrentMonth(page: Page) {
  const { start, end } = monthBounds();
  await expectDate(page, 'Date Debut', start);
  await expectDate(page, 'Date Fin', end);
}

/** Body rows of a table, the 'Aucun données' row excluded. */
function bodyRows(page: Page, name: string) {
  return page.getByRole('table', { name, exact: true }).locator('tbody tr').filter({ hasNotText: 'Aucun données à afficher.' });
}

test.describe('Rapports', () => {
  test.beforeEach(async ({ page }) => {
    await uiSignIn(page, 'admin');
    await expect(page).toHaveURL(/\/RealtimeDashboard$/);
  });

  test('Performance Franchise: exit-time tables, heat map in 12 h and another zone', async ({ page }) => {
    await page.goto('/brigade/mesperformances');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Performance Franchise');
    await expectCurrentMonth(page);
    for (const title of [
      'Temps de Sortie Moyen Par Resto',
      'Temps de Sortie Moyen Par jour',
      'Temps de Sortie Par Jour',
      'Temps de Sortie par Type de Commande',
      'Temps de Sortie Moyen Par Category',
      'Temps de Sortie Moyen Par Produit',
    ]) {
      await expect(page.getByRole('heading', { level: 2, name: title, exact: true })).toBeVisible();
    }
    const restaurants = bodyRows(page, 'Temps de Sortie Moyen Par Resto');
    await expect(restaurants.first()).toBeVisible();
    await expect.poll(() => restaurants.count()).toBeGreaterThan(1);
    // Exit time in French: '10,50'.
    await expect(restaurants.first().locator('td').nth(1)).toHaveText(FRENCH_DECIMAL);
    const products = page.getByRole('table', { name: 'Temps de Sortie Moyen Par Produit', exact: true });
    for (const header of ['Produit', 'Temps de Sortie Moyen (minutes)', 'Nombre de Commandes', 'Quantité Produits', 'Fast Trank', '%Speciaux', '%Normaux']) {
      await expect(products.getByRole('columnheader', { name: new RegExp(`^${header.replace(/[()%]/g, '\\$&')}`) })).toBeVisible();
    }
    await expect(bodyRows(page, 'Temps de Sortie Moyen Par Produit').first()).toBeVisible();
    await expect(bodyRows(page, 'Temps de Sortie Moyen Par Category').first()).toBeVisible();

    const heat = page.getByRole('table', { name: 'Temps de Sortie Par Jour', exact: true });
    await expect(heat.getByRole('columnheader').nth(1)).toHaveText('Dimanche');
    await expect(heat.getByRole('rowheader', { name: '13 h', exact: true })).toBeVisible();
    await fullShot(page, 'reports-performance');

    await page.getByRole('button', { name: '12 h', exact: true }).click();
    await expect(heat.getByRole('rowheader', { name: '1 PM', exact: true })).toBeVisible();
    const zoned = page.waitForResponse((r) => r.url().includes('/api/v1/reports/performance') && r.url().includes('tz=Europe%2FParis') && r.ok());
    await page.getByRole('combobox', { name: 'Fuseau horaire' }).click();
    await page.getByRole('option', { name: 'FR — Europe/Paris' }).click();
    await zoned;
    await expect(page.getByRole('combobox', { name: 'Fuseau horaire' })).toHaveText('FR — Europe/Paris');
    await expect(heat.getByRole('rowheader', { name: '1 PM', exact: true })).toBeVisible();
    await heat.scrollIntoViewIfNeeded();
    await shot(page, 'reports-performance-heatmap-12h-paris');
  });

  test('Mes Performances asks for one restaurant, then shows it', async ({ page }) => {
    await page.goto('/Cncstats/BetaMesPerformances');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Mes Performances');
    await expect(page.getByText('Veuillez Choisir un restaurant.')).toBeVisible();
    await page.getByRole('button', { name: /Selectionner Restaurant/ }).click();
    const drawer = page.getByRole('dialog', { name: 'Selectionner Restaurant' });
    await drawer.getByRole('button', { name: /Paris Bastille/ }).click();
    const rows = bodyRows(page, 'Temps de Sortie Moyen Par Resto');
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText('Paris Bastille');
    await expect(bodyRows(page, 'Temps de Sortie Moyen Par Produit').first()).toBeVisible();
    await fullShot(page, 'reports-mes-performances');
  });

  test('Mes Produits: category donut, product and category rankings', async ({ page }) => {
    await page.goto('/brigade/mesproduits');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Mes Produits');
    await expectCurrentMonth(page);
    await expect(page.getByRole('button', { name: /Selectionner Restaurant/ })).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 2, name: 'Camembert CA Franchise Par Catégorie Produit' })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Légende : Camembert CA Franchise Par Catégorie Produit' }).getByRole('listitem').first()).toContainText(FRENCH_MONEY);
    const ranking = bodyRows(page, 'Table Classement Produit');
    await expect(ranking.first()).toBeVisible();
    const categories = page.getByRole('table', { name: 'Table Classement Catégorie', exact: true });
    for (const header of ['Catégorie', 'CA TTC', 'CA HT', '% TVA', 'TVA']) {
      await expect(categories.getByRole('columnheader', { name: new RegExp(`^${header.replace(/[()%]/g, '\\$&')}(?:$| À propos)`) })).toBeVisible();
    }
    await expect(bodyRows(page, 'Table Classement Catégorie').first().locator('td').nth(1)).toHaveText(FRENCH_MONEY);
    await fullShot(page, 'reports-mes-produits');

    // The v2 alias opens the same screen.
    await page.goto('/v2/DashboardMesProduits');
    await expect(page.getByRole('heading', { level: 2, name: 'Table Classement Catégorie' })).toBeVisible();
  });

  test('Mes Réductions: donuts, daily then monthly curve, paginated orders', async ({ page }) => {
    await page.goto('/brigade/mesreductions');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Mes Réductions');
    await expectCurrentMonth(page);
    for (const title of ['Graph de Réduction Par Jour', 'Liste Commande en Réduction', 'Réduction par Restaurant']) {
      await expect(page.getByRole('heading', { level: 2, name: title, exact: true })).toBeVisible();
    }
    const orders = bodyRows(page, 'Liste Commande en Réduction');
    await expect(orders.first()).toBeVisible();
    await expect(orders.first().locator('td').nth(3)).toHaveText(FRENCH_MONEY);
    await expect(bodyRows(page, 'Réduction par Restaurant').first()).toBeVisible();
    await fullShot(page, 'reports-mes-reductions');

    const monthly = page.waitForResponse((r) => r.url().includes('/api/v1/reports/discounts?') && r.url().includes('grain=month') && r.ok());
    await page.getByRole('button', { name: 'Par Mensuel' }).click();
    await monthly;
    await expect(page.getByRole('button', { name: 'Par Mensuel' })).toHaveAttribute('aria-pressed', 'true');
    await page.getByRole('heading', { level: 2, name: 'Graph de Réduction Par Jour' }).scrollIntoViewIfNeeded();
    await shot(page, 'reports-mes-reductions-mensuel');

    // Page size 5, then the next page.
    const list = page.getByRole('region', { name: 'Liste Commande en Réduction' });
    await list.getByRole('combobox', { name: /Lignes par page/ }).click();
    await page.getByRole('option', { name: '5', exact: true }).click();
    await expect(orders).toHaveCount(5);
    await list.getByRole('button', { name: 'Page suivante' }).click();
    // Early in the month the period holds fewer than ten discounted orders: the page may end before 10.
    await expect(list.getByText(/^6–(\d+) sur \1$|^6–10 sur \d+$/)).toBeVisible();
  });
});
