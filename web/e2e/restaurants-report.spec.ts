import { expect, test } from '@playwright/test';
import { overflowing, settle, shoot, signInAsOwner } from './helpers';

/** A French amount in euros: '1 234,56 €' (Intl puts no-break spaces in it). */
const EURO = /\d{1,3}(?:[\u202f\u00a0 ]\d{3})*,\d{2}[\u00a0 ]€/;

// An English browser: dates and amounts stay French.
test.use({ locale: 'en-US' });

test.describe('Comparaison des restaurants, Mes Restaurants, Historique équipements', () => {
  for (const viewport of [
    { width: 1440, height: 900 },
    { width: 390, height: 844 },
  ]) {
    test(`every route on the demo franchise at ${viewport.width} px`, async ({ page }) => {
      test.setTimeout(180_000);
      await page.setViewportSize(viewport);
      await signInAsOwner(page);

      // Suivi Franchise: the bars of every restaurant with the average, the ranking table.
      await page.goto('/stats/SuiviFracnhise');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Suivi Franchise', { timeout: 30_000 });
      await expect(page.getByRole('button', { name: 'Période : 30 derniers jours' })).toBeVisible();
      const bars = page.getByRole('list', { name: /Chiffre d'affaires TTC par restaurant, moyenne franchise/ });
      await expect(bars.getByRole('button').first()).toBeVisible({ timeout: 30_000 });
      expect(await bars.getByRole('button').count()).toBeGreaterThan(3);
      const table = page.getByRole('table', { name: 'Classement des restaurants sur tous les indicateurs' });
      await expect(table.locator('tbody tr').first().locator('td').nth(1)).toContainText(EURO);
      await expect(table.getByRole('rowheader', { name: 'Moyenne franchise' })).toBeVisible();
      await shoot(page, 'restaurants-comparison', viewport.width, viewport.height);

      // A metric where less is better, as a table.
      await page.getByRole('combobox', { name: 'Indicateur' }).click();
      await page.getByRole('option', { name: 'Temps de sortie moyen' }).click();
      await page.getByRole('group', { name: 'Affichage du classement' }).getByRole('button', { name: 'Tableau' }).click();
      const exits = page.getByRole('table', { name: 'Temps de sortie moyen par restaurant' });
      await expect(exits.locator('tbody tr').first()).toContainText(/\d+,\d{2}\u00a0min/);
      await settle(page);
      expect(await overflowing(page)).toEqual([]);

      // Suivi Restaurant: opens on the first restaurant, against the franchise.
      await page.goto('/stats/SuiviRestaurant');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Suivi Restaurant', { timeout: 30_000 });
      const focus = page.getByRole('region', { name: /face à la franchise/ });
      await expect(focus.getByText(/1er sur \d+ en chiffre d'affaires TTC/)).toBeVisible({ timeout: 30_000 });
      await expect(focus.getByRole('group', { name: 'Panier moyen' })).toContainText('Moyenne franchise');
      await shoot(page, 'restaurants-focus', viewport.width, viewport.height);

      for (const [path, title] of [
        ['/Cncstats/BetaMesRestaurants', 'Mes Restaurants'],
        ['/Cncstats/BetaComparerRestos', 'Comparer les restaurants'],
      ] as const) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(title, { timeout: 30_000 });
        await expect(page.getByRole('table', { name: 'Classement des restaurants sur tous les indicateurs' })).toBeVisible({ timeout: 30_000 });
      }

      // DashboardMesResto: a card per restaurant, its tills and kiosks.
      await page.goto('/v2/DashboardMesResto');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Mes Restaurants', { timeout: 30_000 });
      const cards = page.getByRole('article');
      await expect(cards.first()).toBeVisible({ timeout: 30_000 });
      expect(await cards.count()).toBeGreaterThan(3);
      await expect(cards.first().locator('.today-revenue')).toHaveText(EURO);
      await expect(cards.first().getByRole('list', { name: /Caisses et bornes de/ }).getByRole('listitem').first()).toBeVisible();
      await shoot(page, 'restaurants-today', viewport.width, viewport.height);
      await page.getByLabel('Hors ligne seulement').check();
      await settle(page);
      expect(await overflowing(page)).toEqual([]);

      // Historique équipements: every till and kiosk, searchable.
      await page.goto('/Cncstats/historiqueEquipements');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Historique équipements', { timeout: 30_000 });
      const eq = page.getByRole('table', { name: 'Historique des caisses et bornes' });
      await expect(eq.locator('tbody tr').first()).toBeVisible({ timeout: 30_000 });
      const all = await eq.locator('tbody tr').count();
      expect(all).toBeGreaterThan(5);
      await shoot(page, 'equipment-history', viewport.width, viewport.height);
      await page.getByRole('searchbox', { name: 'Rechercher un équipement ou un restaurant...' }).fill('borne');
      await expect.poll(async () => eq.locator('tbody tr').count()).toBeLessThan(all);
      await expect(eq.locator('tbody tr').first()).toContainText('Borne');
    });
  }
});
