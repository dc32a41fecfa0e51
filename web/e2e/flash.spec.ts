import { expect, test, type Page } from '@playwright/test';
import { overflowing, settle, uiSignIn } from './helpers';

/** A French amount in euros: '1 234,56 €' (Intl puts no-break spaces in it). */
const EURO = /\d{1,3}(?:[\u202f\u00a0 ]\d{3})*,\d{2}[\u00a0 ]€/;
const PERIODS = ["Aujourd'hui", 'Hier', 'Cette semaine', 'Ce mois-ci'];

async function signInAsOwner(page: Page) {
  await uiSignIn(page, 'admin');
  await expect(page).toHaveURL(/\/RealtimeDashboard$/);
  // The notices' first-view callout (once per login) would cover the screen in the screenshots.
  await page
    .getByRole('dialog', { name: 'Découvrez les nouveautés' })
    .getByRole('button', { name: 'Compris' })
    .click({ timeout: 4000 })
    .catch(() => undefined);
}

test.describe('Flash du jour', () => {
  for (const viewport of [
    { width: 1440, height: 900 },
    { width: 390, height: 844 },
  ]) {
    test(`Vue d'ensemble on the demo franchise at ${viewport.width} px`, async ({ page }) => {
      test.setTimeout(120_000);
      await page.setViewportSize(viewport);
      await signInAsOwner(page);
      await page.goto('/stats/DashboardStats');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Dashboard Stats');
      await expect(page.getByText(/^Aujourd'hui jusqu'à \d{2}:\d{2}$/)).toBeVisible({ timeout: 30_000 });
      // Today's date in full, in French.
      const today = new Intl.DateTimeFormat('fr-FR', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/Paris' }).format(new Date());
      await expect(page.getByText(today, { exact: true })).toBeVisible();

      for (const name of PERIODS) {
        const card = page.getByRole('region', { name, exact: true });
        await expect(card.getByRole('heading', { level: 2, name, exact: true })).toBeVisible();
      }
      // A month of demo orders: real amounts in euros, with their comparisons.
      const month = page.getByRole('region', { name: 'Ce mois-ci', exact: true });
      const revenue = month.getByRole('group', { name: "Chiffre d'affaires TTC" }).first();
      await expect(revenue.locator('.kpi-value')).toHaveText(EURO);
      await expect(revenue.getByText('vs mois dernier')).toBeVisible();
      await expect(revenue.getByText("vs l'an dernier")).toBeVisible();
      await expect(page.getByRole('region', { name: 'Hier', exact: true }).getByText('vs ' + new Intl.DateTimeFormat('fr-FR', { weekday: 'long', timeZone: 'Europe/Paris' }).format(new Date(Date.now() - 86_400_000)) + ' dernier').first()).toBeVisible();

      // The detail of the month: breakdowns and the restaurants.
      await page.getByRole('tab', { name: 'Ce mois-ci' }).click();
      await expect(page.getByRole('table', { name: /^Par type de commande/ }).first().locator('tbody tr').first()).toBeVisible();
      await expect(page.getByRole('table', { name: /^Par source/ }).first().locator('tbody tr').first()).toBeVisible();
      const restaurants = page.getByRole('table', { name: 'Par restaurant' });
      await expect(restaurants.locator('tbody tr').first()).toBeVisible();
      await expect.poll(() => restaurants.locator('tbody tr').count()).toBeGreaterThan(1);

      await settle(page);
      // Nothing runs past the right edge of the page, but inside a table that scrolls sideways.
      expect(await overflowing(page)).toEqual([]);
      // Back to the top, the pointer off the figures (no tooltip in the picture).
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.mouse.move(viewport.width - 1, viewport.height - 1);
      await page.screenshot({ path: `test-results/screenshots/flash-${viewport.width}.png`, fullPage: false });
      await page.screenshot({ path: `test-results/screenshots/flash-${viewport.width}-full.png`, fullPage: true });
      await page.getByRole('region', { name: 'Détail', exact: true }).screenshot({ path: `test-results/screenshots/flash-${viewport.width}-detail.png` });
    });
  }

  test('Suivi Quotidien is the same screen', async ({ page }) => {
    await signInAsOwner(page);
    await page.goto('/stats/SuiviQuotidien');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Suivi Quotidien');
    await expect(page.getByText(/^Aujourd'hui jusqu'à \d{2}:\d{2}$/)).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('region', { name: 'Ce mois-ci', exact: true })).toBeVisible();
  });
});
