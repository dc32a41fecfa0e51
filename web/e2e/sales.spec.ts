import { expect, test, type Page } from '@playwright/test';
import { fillDate, shot, uiSignIn } from './helpers';

/** A French amount in euros: '1 234,56 €' (Intl puts no-break spaces in it). */
const EURO = /\d{1,3}(?:[\u202f\u00a0 ]\d{3})*,\d{2}[\u00a0 ]€/;

const pad = (n: number) => String(n).padStart(2, '0');
const isoDay = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;

/** The last 30 days, today included. */
function last30Days() {
  const end = new Date();
  const start = new Date(end.getFullYear(), end.getMonth(), end.getDate() - 29);
  return { start: isoDay(start), end: isoDay(end) };
}

async function signInAsOwner(page: Page) {
  await uiSignIn(page, 'admin');
  await expect(page).toHaveURL(/\/RealtimeDashboard$/);
  // The notices' first-view callout (once per login) would cover the filters in the screenshots.
  const callout = page.getByRole('dialog', { name: 'Découvrez les nouveautés' });
  await callout
    .getByRole('button', { name: 'Compris' })
    .click({ timeout: 4000 })
    .catch(() => undefined);
}

test.describe('Z Équipement and the v2 sales pages', () => {
  test('Z Équipement over the current month', async ({ page }) => {
    await signInAsOwner(page);
    await page.goto('/brigade/zequipement');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Z Équipement');
    const table = page.getByRole('table', { name: 'Z Équipement' });
    // Two header rows, the 25 first restaurant × equipment rows, the total row.
    await expect(table.getByRole('row')).toHaveCount(28);
    const first = table.getByRole('row').nth(2);
    await expect(first.getByRole('cell').nth(1)).toHaveText(EURO);
    const total = table.getByRole('row').last();
    await expect(total.getByRole('rowheader')).toHaveText('Total');
    await expect(total.getByRole('cell').nth(1)).toHaveText(EURO);
    await expect(page.getByText('Totaux incohérents')).toHaveCount(0);

    // The header tooltips document the columns.
    await table.getByText('Total plateforme comprise').hover();
    await expect(page.getByRole('tooltip')).toContainText('Total TTC + Plateforme = CA HT + TVA');
    await shot(page, 'z-equipement');

    // The figures scroll sideways while restaurant and equipment stay in view.
    await page.mouse.move(0, 0);
    await table.locator('..').evaluate((el) => el.scrollBy({ left: 1600 }));
    await expect(first.getByRole('rowheader')).toBeInViewport();
    await shot(page, 'z-equipement-scrolled');

    await page.goto('/Cncstats/BetaZcaisse');
    await expect(page.getByRole('table', { name: 'Z Équipement' }).getByRole('row')).toHaveCount(28);
  });

  for (const { path, kind, title, list, category, item } of [
    { path: '/ProductDashboard', kind: 'produits', title: 'Mes Produits', list: 'Catégories', category: 'Menus', item: /\d+ produits? · du / },
    { path: '/OptionDashboard', kind: 'options', title: 'Mes Options', list: "Catégories d'options", category: 'Sauces', item: /\d+ options? · du / },
  ]) {
    test(`${title}: a category's ${kind} over the last 30 days`, async ({ page }) => {
      await signInAsOwner(page);
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
      const range = last30Days();
      await fillDate(page, 'Date Debut', range.start);
      await fillDate(page, 'Date Fin', range.end);

      const categories = page.getByRole('list', { name: list });
      await expect(categories.getByRole('button').first()).toBeVisible();
      const row = categories.getByRole('button').filter({ hasText: category });
      await expect(row).toContainText(EURO);
      await expect(row).toContainText(/[+-]?\d+,\d{2}[\u00a0 ]%/);
      await row.click();
      await expect(row).toHaveClass(/Mui-selected/);

      const table = page.getByRole('table', { name: `Ventes de la catégorie ${category}` });
      await expect(table.getByRole('row').nth(1)).toBeVisible();
      // Retried: a refetch (orders.changed while the demo's orders load) redraws the table.
      await expect.poll(() => table.getByRole('row').count()).toBeGreaterThan(1);
      await expect(page.getByRole('heading', { name: item })).toBeVisible();
      await expect(page.getByText(`Catégorie : ${category}`)).toBeVisible();
      await shot(page, `sales-${kind}`);
    });
  }
});
