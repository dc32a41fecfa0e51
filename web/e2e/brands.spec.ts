import { expect, test } from '@playwright/test';
import { shoot, signInAsOwner } from './helpers';

/** A French amount in euros: '1 234,56 €' (Intl puts no-break spaces in it). */
const EURO = /\d{1,3}(?:[\u202f\u00a0 ]\d{3})*,\d{2}[\u00a0 ]€/;
const cents = (text: string) => Math.round(Number(text.replace(/[^\d,-]/g, '').replace(',', '.')) * 100);

test('the owner creates a brand on screen, and Nos Marques and Food court show the demo brands’ figures', async ({ page }) => {
  test.setTimeout(120_000);
  const name = `Green Brigade ${Date.now().toString(36)}`;
  await signInAsOwner(page);

  await page.goto('/brigade/GestionMarques');
  const list = page.getByRole('list', { name: 'Marques' });
  await expect(list.getByRole('listitem', { name: 'Brigade Burger' })).toBeVisible();
  await expect(list.getByRole('listitem', { name: 'Le Chalet' })).toContainText('Food court');
  await shoot(page, 'gestion-marques', 1440, 900);

  await page.getByRole('button', { name: 'Nouvelle marque' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox', { name: /Nom de la marque/ }).fill(name);
  await dialog.getByRole('textbox', { name: 'Couleur principale', exact: true }).fill('#2E7D32');
  await dialog.getByRole('textbox', { name: 'Couleur secondaire', exact: true }).fill('#C5E1A5');
  // The demo cartes belong to the demo brands: they are named and locked.
  await expect(dialog.getByRole('checkbox', { name: /Carte principale/ })).toBeDisabled();
  await dialog.getByRole('combobox', { name: 'Restaurants qui servent la marque' }).click();
  await page.getByRole('option', { name: 'Nice Masséna' }).click();
  await page.keyboard.press('Escape');
  await page.screenshot({ path: 'test-results/screenshots/gestion-marques-dialog-1440.png' });
  await dialog.getByRole('button', { name: 'Créer la marque' }).click();
  await expect(dialog).toBeHidden();
  const card = list.getByRole('listitem', { name });
  await expect(card).toContainText('#2E7D32');
  await expect(card).toContainText('Nice Masséna');

  // Nos Marques: each demo brand with its euros, as the API answered the screen (the Go tests
  // check those figures against raw orders).
  const answer = page.waitForResponse((r) => r.url().includes('/api/v1/reports/brands'));
  await page.goto('/Cncstats/NosMarques');
  const report = (await (await answer).json()) as { brands: { name: string; revenueCents: number }[]; totals: { revenueCents: number } };
  const kpis = page.getByRole('region', { name: 'Chiffres par marque' });
  await expect(kpis.getByRole('region', { name: 'Brigade Burger' })).toContainText(EURO);
  const chalet = await kpis.getByRole('region', { name: 'Le Chalet' }).locator('.kpi-value').innerText();
  expect(cents(chalet)).toBeGreaterThan(0);
  expect(cents(chalet)).toBe(report.brands.find((b) => b.name === 'Le Chalet')?.revenueCents);
  expect(report.brands.reduce((sum, b) => sum + b.revenueCents, 0)).toBe(report.totals.revenueCents);
  const table = page.getByRole('table', { name: 'Détail par marque' });
  await expect(table).toContainText(name);
  await shoot(page, 'nos-marques', 1440, 900);

  await page.goto('/Cncstats/foodCourt');
  for (const site of ['Paris Bastille', 'Lyon Part-Dieu']) {
    await expect(page.getByRole('table', { name: `Marques de ${site}` })).toContainText('Le Chalet');
  }
  await shoot(page, 'food-court', 1440, 900);
});
