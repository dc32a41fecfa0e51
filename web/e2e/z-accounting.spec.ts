import { readFileSync } from 'node:fs';
import { expect, test, type Download } from '@playwright/test';
import { shoot, signInAsOwner } from './helpers';

// An English browser: dates and amounts stay French.
test.use({ locale: 'en-US' });

const EURO = /\d{1,3}(?:[\u202f\u00a0 ]\d{3})*,\d{2}[\u00a0 ]€/;

/** The downloaded file's bytes, kept under test-results for a look. */
async function bytesOf(download: Download, keep: string): Promise<Buffer> {
  const path = `test-results/downloads/${keep}`;
  await download.saveAs(path);
  return readFileSync(path);
}

for (const viewport of [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
]) {
  test.describe(`Z du jour and accounting export at ${viewport.width} px`, () => {
    test.beforeEach(async ({ page }) => {
      test.setTimeout(150_000);
      await page.setViewportSize(viewport);
      await signInAsOwner(page);
    });

    test('Z du jour: yesterday’s Z on screen, the PDF downloaded', async ({ page }) => {
      await page.goto('/Cncstats/BetaZjour');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Z du jour');
      await expect(page.getByRole('button', { name: 'Hier' })).toHaveAttribute('aria-pressed', 'true');
      await expect(page.getByRole('tab', { name: 'Tableau' })).toHaveAttribute('aria-selected', 'true');
      const table = page.getByRole('table', { name: 'Z Équipement' });
      await expect(table.locator('tbody tr').first()).toBeVisible({ timeout: 60_000 });
      await expect(table.locator('tfoot')).toContainText(EURO);
      await shoot(page, 'z-du-jour', viewport.width, viewport.height);

      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Télécharger le PDF' }).click()]);
      expect(download.suggestedFilename()).toMatch(/^Z \d{4}-\d{2}-\d{2}\.pdf$/);
      const pdf = await bytesOf(download, `z-du-jour-${viewport.width}.pdf`);
      expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
      expect(pdf.length).toBeGreaterThan(2000);
    });

    test('Impression Z opens on the print preview; the PDF reader shows and downloads it', async ({ page }) => {
      // The browser's PDF viewer draws its thumbnails for a while before the page settles for the screenshots.
      test.setTimeout(300_000);
      await page.goto('/Cncstats/BetaPrintZ');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Impression Z');
      await expect(page.getByRole('tab', { name: 'Aperçu avant impression' })).toHaveAttribute('aria-selected', 'true');
      const frame = page.getByTitle('Aperçu du Z du jour (PDF)');
      await expect(frame).toHaveAttribute('src', /^blob:/, { timeout: 60_000 });
      await expect(page.getByRole('button', { name: 'Imprimer le Z' })).toBeEnabled();
      await shoot(page, 'z-print', viewport.width, viewport.height);

      await page.goto('/v2/PDFReader');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Lecteur PDF');
      await expect(page.getByTitle('Aperçu du Z du jour (PDF)')).toHaveAttribute('src', /^blob:/, { timeout: 60_000 });
      const link = page.getByRole('link', { name: 'Télécharger le PDF' });
      await expect(link).toHaveAttribute('download', /^Z \d{4}-\d{2}-\d{2}\.pdf$/);
      await shoot(page, 'pdf-reader', viewport.width, viewport.height);
      const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
      const pdf = await bytesOf(download, `pdf-reader-${viewport.width}.pdf`);
      expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    });

    test('Export comptable: last month previewed, CSV and xlsx downloaded', async ({ page }) => {
      await page.goto('/Cncstats/BetaExportComptable');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Export comptable');
      await expect(page.getByRole('button', { name: 'Période : Mois dernier' })).toBeVisible();
      const preview = page.getByRole('table', { name: 'Aperçu du journal comptable' });
      await expect(preview.locator('tbody tr').first()).toBeVisible({ timeout: 60_000 });
      await expect(preview.locator('thead')).toContainText('Nb commandes');
      await expect(preview.locator('tbody tr').first().locator('th')).toHaveText(/^\d{2}\/\d{2}\/\d{4}$/);
      await expect(page.getByRole('table', { name: 'Colonnes du journal comptable' })).toContainText('Nombre de commandes payées');
      await shoot(page, 'export-comptable', viewport.width, viewport.height);

      const [csv] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Télécharger le journal' }).click()]);
      expect(csv.suggestedFilename()).toMatch(/^journal-comptable_\d{4}-\d{2}-01_\d{4}-\d{2}-\d{2}_EUR\.csv$/);
      const text = (await bytesOf(csv, `journal-${viewport.width}.csv`)).toString('utf8');
      expect(text.startsWith('\ufeffDate;Restaurant;SIRET;Devise;HT ')).toBe(true);
      const lines = text.split('\r\n');
      expect(lines[1]).toMatch(/^\d{2}\/\d{2}\/\d{4};[^;]+;\d*;EUR;\d+,\d{2};/);
      expect(lines.length).toBeGreaterThan(10);

      await page.getByRole('button', { name: 'Excel (.xlsx)' }).click();
      const [xlsx] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Télécharger le journal' }).click()]);
      expect(xlsx.suggestedFilename()).toMatch(/\.xlsx$/);
      const book = await bytesOf(xlsx, `journal-${viewport.width}.xlsx`);
      expect(book.subarray(0, 2).toString()).toBe('PK');
      expect(book.length).toBeGreaterThan(4000);
    });
  });
}
