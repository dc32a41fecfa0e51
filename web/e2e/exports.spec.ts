import { readFileSync } from 'node:fs';
import { expect, test, type Download } from '@playwright/test';
import { shoot, signInAsOwner } from './helpers';

// An English browser: file names and CSV stay French.
test.use({ locale: 'en-US' });

const DATES = '\\d{4}-\\d{2}-\\d{2}_\\d{4}-\\d{2}-\\d{2}';

async function bytesOf(download: Download, keep: string): Promise<Buffer> {
  const path = `test-results/downloads/${keep}`;
  await download.saveAs(path);
  return readFileSync(path);
}

/** The CSV's first line, BOM included. */
function firstLine(csv: Buffer): string {
  const text = csv.toString('utf8');
  return text.slice(0, text.indexOf('\r\n'));
}

test.describe('Exports of the report screens', () => {
  test('Mes Produits in Excel and the discounted orders in CSV, from their tables', async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 1440, height: 900 });
    await signInAsOwner(page);

    await page.goto('/brigade/mesproduits');
    await expect(page.getByRole('heading', { level: 2, name: 'Table Classement Catégorie' })).toBeVisible();
    const menu = page.getByRole('button', { name: 'Exporter Table Classement Catégorie' });
    await expect(menu).toBeEnabled({ timeout: 30_000 });
    await menu.click();
    const [xlsx] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: 'Excel (.xlsx)' }).click()]);
    expect(xlsx.suggestedFilename()).toMatch(new RegExp(`^mes-produits-categories_${DATES}\\.xlsx$`));
    const book = await bytesOf(xlsx, 'mes-produits-categories.xlsx');
    expect(book.subarray(0, 2).toString()).toBe('PK'); // a zip: the workbook
    expect(book.length).toBeGreaterThan(3000);

    await page.goto('/brigade/mesreductions');
    await expect(page.getByRole('heading', { level: 2, name: 'Liste Commande en Réduction', exact: true })).toBeVisible();
    const orders = page.getByRole('button', { name: 'Exporter Liste Commande en Réduction' });
    await expect(orders).toBeEnabled({ timeout: 30_000 });
    await orders.click();
    const [csv] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: 'CSV' }).click()]);
    expect(csv.suggestedFilename()).toMatch(new RegExp(`^commandes-en-reduction_${DATES}\\.csv$`));
    const text = await bytesOf(csv, 'commandes-en-reduction.csv');
    expect(firstLine(text)).toBe(
      '\ufeffDate paiement;Restaurant;N° de commande;Type de réduction;Réduction;Montant de la réduction (EUR);Total réel (EUR);Total (EUR);Type commande;Libellé de réduction;Caissier;Source',
    );
    // A row: a French date and time, amounts with a decimal comma.
    const row = text.toString('utf8').split('\r\n')[1] ?? '';
    expect(row).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2};[^;]+;[^;]*;[^;]+;[^;]+;\d+,\d{2};\d+,\d{2};\d+,\d{2};/);
    await shoot(page, 'exports-mes-reductions', 1440, 900);
  });

  test('Mix produits: every table in Excel, the products in CSV with margins empty where unknown', async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 1440, height: 900 });
    await signInAsOwner(page);
    await page.goto('/stats/SuiviProduits');
    await expect(page.getByRole('heading', { level: 2, name: 'Produits', exact: true })).toBeVisible();
    const products = page.getByRole('button', { name: 'Exporter Produits', exact: true });
    await expect(products).toBeEnabled({ timeout: 30_000 });
    await expect(page.getByRole('button', { name: 'Exporter Mix par catégorie' })).toBeEnabled();
    await expect(page.getByRole('button', { name: 'Exporter Options les plus vendues' })).toBeEnabled();
    await products.click();
    const [xlsx] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: 'Excel (.xlsx)' }).click()]);
    expect(xlsx.suggestedFilename()).toMatch(new RegExp(`^mix-produits-products_${DATES}\\.xlsx$`));
    const book = await bytesOf(xlsx, 'mix-produits-products.xlsx');
    expect(book.subarray(0, 2).toString()).toBe('PK');
    expect(book.length).toBeGreaterThan(3000);

    await products.click();
    const [csv] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: 'CSV' }).click()]);
    expect(csv.suggestedFilename()).toMatch(new RegExp(`^mix-produits-products_${DATES}\\.csv$`));
    const text = await bytesOf(csv, 'mix-produits-products.csv');
    expect(firstLine(text)).toBe(
      "\ufeffRang;Produit;Catégorie;Quantité;CA TTC (EUR);CA HT (EUR);Part du CA;Rang (période précédente);Quantité (période précédente);CA TTC (période précédente) (EUR);Part du CA (période précédente);Évolution du CA;Prix d'achat unitaire (EUR);Marge (EUR);Taux de marge",
    );
    const row = text.toString('utf8').split('\r\n')[1] ?? '';
    expect(row).toMatch(/^1;[^;]+;[^;]*;\d+;\d+,\d{2};\d+,\d{2};\d+(,\d+)?%;/);
    await shoot(page, 'exports-mix-produits', 1440, 900);
  });
});

test.describe('Données', () => {
  for (const viewport of [
    { width: 1440, height: 900 },
    { width: 390, height: 844 },
  ]) {
    test(`every report table and its downloads at ${viewport.width} px`, async ({ page }) => {
      test.setTimeout(120_000);
      await page.setViewportSize(viewport);
      await signInAsOwner(page);
      await page.goto('/stats/metabase');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Données');
      for (const group of ['Produits et ventes', 'Chiffre d’affaires', 'Réductions', 'Caisses et commandes', 'Performance', 'Comparaison des restaurants', 'Click & collect', 'Annulations']) {
        await expect(page.getByRole('heading', { level: 2, name: group })).toBeVisible();
      }
      await expect(page.getByRole('button', { name: /^Excel \(\.xlsx\) : / })).toHaveCount(39);

      const [csv] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'CSV : Ventes par produit' }).click()]);
      expect(csv.suggestedFilename()).toMatch(new RegExp(`^mes-produits-ranking_${DATES}\\.csv$`));
      expect(firstLine(await bytesOf(csv, `donnees-ranking-${viewport.width}.csv`))).toBe('\ufeffRang;Produit;Catégorie;Quantité vendue;CA TTC (EUR)');

      const [xlsx] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Excel (.xlsx) : Z par équipement' }).click()]);
      expect(xlsx.suggestedFilename()).toMatch(new RegExp(`^z-equipement-equipments_${DATES}\\.xlsx$`));
      expect((await bytesOf(xlsx, `donnees-z-${viewport.width}.xlsx`)).subarray(0, 2).toString()).toBe('PK');
      await shoot(page, 'donnees', viewport.width, viewport.height);

      // The product exports: the same screen on the product tables only.
      await page.goto('/v2/DashboardDownloadExcelProd');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Export Excel produits');
      await expect(page.getByRole('heading', { level: 2, name: 'Produits et ventes' })).toBeVisible();
      await expect(page.getByRole('heading', { level: 2, name: 'Réductions' })).toHaveCount(0);
      await expect(page.getByRole('button', { name: /^CSV : / })).toHaveCount(7);
      if (viewport.width === 1440) await shoot(page, 'export-excel-produits', viewport.width, viewport.height);
    });
  }
});
