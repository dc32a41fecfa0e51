import { expect, test } from '@playwright/test';
import { overflowing, settle, shoot, signInAsOwner } from './helpers';

/** A French amount in euros: '1 234,56 €' (Intl puts no-break spaces in it). */
const EURO = /\d{1,3}(?:[\u202f\u00a0 ]\d{3})*,\d{2}[\u00a0 ]€/;
const PERCENT = /^\d{1,3},\d{2}[\u00a0 ]%$/;

// An English browser: dates and amounts stay French.
test.use({ locale: 'en-US' });

test.describe('Mix produits', () => {
  for (const viewport of [
    { width: 1440, height: 900 },
    { width: 390, height: 844 },
  ]) {
    test(`Suivi Produits on the demo franchise at ${viewport.width} px`, async ({ page }) => {
      test.setTimeout(120_000);
      await page.setViewportSize(viewport);
      await signInAsOwner(page);
      await page.goto('/stats/SuiviProduits');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Suivi Produits');
      await expect(page.getByRole('button', { name: 'Période : 30 derniers jours' })).toBeVisible();
      await expect(page.getByRole('tab', { name: 'Classement' })).toHaveAttribute('aria-selected', 'true');

      const kpis = page.getByRole('region', { name: 'Chiffres de la période' });
      await expect(kpis.getByRole('group', { name: 'CA TTC' }).locator('.kpi-value')).toHaveText(EURO, { timeout: 30_000 });
      await expect(kpis.getByRole('group', { name: 'CA HT' }).locator('.kpi-value')).toHaveText(EURO);
      await expect(kpis.getByRole('group', { name: 'Produits vendus' }).locator('.kpi-value')).toHaveText(/^\d+$/);
      await expect(kpis.getByText(/Comparé à : du .+ \(période précédente\)/)).toBeVisible();
      // The demo cartes give no purchase price: the margin says it is unknown, and why.
      await expect(kpis.getByRole('group', { name: 'Marge' })).toContainText('Marge inconnue');
      await expect(page.getByRole('alert')).toContainText("aucun produit vendu n'a de prix d'achat dans les cartes");

      // The category mix, drawn as two bars, then as a table.
      await expect(page.getByRole('img', { name: /^Période : .+ \d+,\d{2}/ })).toBeVisible();
      await expect(page.getByRole('img', { name: /^Période précédente : / })).toBeVisible();

      // The ranking: the first product with its figures, then sorted by units.
      const table = page.getByRole('table', { name: 'Produits : Classement' });
      const rows = table.locator('tbody tr');
      await expect(rows.first().locator('td').nth(0)).toHaveText('1');
      await expect(rows.first().locator('td').nth(3)).toHaveText(EURO);
      await expect(rows.first().locator('td').nth(4)).toHaveText(PERCENT);
      await expect(rows.first().locator('td').nth(6)).toHaveText('—');
      const options = page.getByRole('table', { name: 'Options les plus vendues' });
      await expect(options.locator('tbody tr').first().locator('td').nth(3)).toHaveText(EURO);
      await shoot(page, 'product-mix-ranking', viewport.width, viewport.height);

      await table.getByRole('button', { name: 'Unités' }).click();
      const units = await table.locator('tbody tr td:nth-child(3)').allTextContents();
      const counts = units.map((u) => Number(u.replace(/[\s\u202f\u00a0]/g, '')));
      expect(counts).toEqual([...counts].sort((a, b) => b - a));

      // Search: one product by part of its name, accents and case aside.
      const first = (await rows.first().locator('td').nth(1).locator('p').first().textContent()) ?? '';
      await page.getByRole('searchbox', { name: 'Rechercher un produit' }).fill(first.slice(0, 5).toUpperCase());
      await expect(rows.first().locator('td').nth(1)).toContainText(first);

      await page.getByRole('group', { name: 'Affichage du mix par catégorie' }).getByRole('button', { name: 'Tableau' }).click();
      const cats = page.getByRole('table', { name: 'Mix par catégorie' });
      await expect(cats.locator('tbody tr').first().locator('td').nth(2)).toHaveText(EURO);
      await settle(page);
      expect(await overflowing(page)).toEqual([]);
      await page.getByRole('region', { name: 'Mix par catégorie' }).screenshot({ path: `test-results/screenshots/product-mix-categories-${viewport.width}-table.png` });
    });

    test(`Mes Tendances on the demo franchise at ${viewport.width} px`, async ({ page }) => {
      test.setTimeout(120_000);
      await page.setViewportSize(viewport);
      await signInAsOwner(page);
      await page.goto('/Cncstats/BetaMesTendances');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Mes Tendances');
      await expect(page.getByRole('tab', { name: 'En hausse' })).toHaveAttribute('aria-selected', 'true');
      const kpis = page.getByRole('region', { name: 'Chiffres de la période' });
      await expect(kpis.getByRole('group', { name: 'CA TTC' }).locator('.kpi-value')).toHaveText(EURO, { timeout: 30_000 });

      // Risers: revenue gained, the largest first; fallers: revenue lost.
      const gains = async (name: string) => {
        const table = page.getByRole('table', { name: `Produits : ${name}` });
        await expect(table.locator('tbody tr').first()).toBeVisible();
        const text = await table.locator('tbody tr td:nth-child(4)').allTextContents();
        if (text.length === 1 && /^Aucun produit/.test(text[0] ?? '')) return [];
        return text.map((t) => Number(t.replace(/[\s\u202f\u00a0€]/g, '').replace('\u2212', '-').replace(',', '.')));
      };
      const up = await gains('En hausse');
      expect(up.every((g) => g > 0)).toBe(true);
      expect(up).toEqual([...up].sort((a, b) => b - a));
      await shoot(page, 'product-mix-trends', viewport.width, viewport.height);

      await page.getByRole('tab', { name: 'En baisse' }).click();
      const down = await gains('En baisse');
      expect(down.every((g) => g < 0)).toBe(true);
      expect(down).toEqual([...down].sort((a, b) => a - b));
      await settle(page);
      expect(await overflowing(page)).toEqual([]);
      await page.getByRole('region', { name: 'Produits' }).screenshot({ path: `test-results/screenshots/product-mix-fallers-${viewport.width}.png` });
    });
  }
});
