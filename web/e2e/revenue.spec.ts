import { expect, test } from '@playwright/test';
import { overflowing, settle, shoot, signInAsOwner } from './helpers';

/** A French amount in euros: '1 234,56 €' (Intl puts no-break spaces in it). */
const EURO = /\d{1,3}(?:[\u202f\u00a0 ]\d{3})*,\d{2}[\u00a0 ]€/;
const MONTH = /^(janv|févr|mars|avr|mai|juin|juil|août|sept|oct|nov|déc)\.? \d{4}$/;

// An English browser: dates and amounts stay French.
test.use({ locale: 'en-US' });

test.describe("Chiffre d'affaires dans le temps", () => {
  for (const viewport of [
    { width: 1440, height: 900 },
    { width: 390, height: 844 },
  ]) {
    test(`CA annuel by month on the demo franchise at ${viewport.width} px`, async ({ page }) => {
      test.setTimeout(120_000);
      await page.setViewportSize(viewport);
      await signInAsOwner(page);
      await page.goto('/dashbaord/V2BetaCaAnnuel');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('CA annuel');
      await expect(page.getByRole('tab', { name: 'Mois' })).toHaveAttribute('aria-selected', 'true');
      await expect(page.getByRole('button', { name: 'Période : 12 derniers mois' })).toBeVisible();

      const kpis = page.getByRole('region', { name: 'Chiffres de la période' });
      const revenue = kpis.getByRole('group', { name: "Chiffre d'affaires TTC" });
      await expect(revenue.locator('.kpi-value')).toHaveText(EURO, { timeout: 30_000 });
      await expect(revenue.getByText('vs période précédente')).toBeVisible();
      await expect(revenue.getByText("vs l'an dernier")).toBeVisible();
      await expect(kpis.getByText(/Comparé à : du .+ \(période précédente\) · du .+ \(an dernier\)/)).toBeVisible();

      // The chart, drawn, with its legend.
      await expect(page.getByRole('img', { name: /Chiffre d'affaires TTC par mois/ })).toBeVisible();
      await expect(page.locator('.recharts-surface').first()).toBeVisible();
      await expect(page.getByRole('list', { name: 'Légende' })).toContainText('Période précédente');
      // The heat map: seven days across 24 hours (on a phone, the hours down and the days across).
      const map = page.getByRole('table', { name: /^Jour de la semaine × heure/ });
      await expect(map.getByRole('rowheader')).toHaveCount(viewport.width < 600 ? 24 : 7);
      await expect(map.locator('td')).toHaveCount(7 * 24);
      await shoot(page, 'revenue-month', viewport.width, viewport.height);

      // The same series as a table: twelve months in French, euros.
      await page.getByRole('group', { name: "Affichage de l'évolution" }).getByRole('button', { name: 'Tableau' }).click();
      const table = page.getByRole('table', { name: "Chiffre d'affaires TTC par mois" });
      const rows = table.locator('tbody tr');
      await expect(rows).toHaveCount(12);
      await expect(rows.last().locator('th')).toHaveText(MONTH);
      await expect(rows.last().locator('td').first()).toHaveText(EURO);
      await settle(page);
      expect(await overflowing(page)).toEqual([]);
      await page.getByRole('region', { name: "Évolution : Chiffre d'affaires TTC" }).screenshot({ path: `test-results/screenshots/revenue-month-${viewport.width}-table.png` });
    });

    test(`CA par heure on the demo franchise at ${viewport.width} px`, async ({ page }) => {
      test.setTimeout(120_000);
      await page.setViewportSize(viewport);
      await signInAsOwner(page);
      await page.goto('/dashbaord/BetaCaParHeure');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText("Chiffre d'affaires par heure");
      await expect(page.getByRole('tab', { name: 'Heure' })).toHaveAttribute('aria-selected', 'true');
      const revenue = page.getByRole('region', { name: 'Chiffres de la période' }).getByRole('group', { name: "Chiffre d'affaires TTC" });
      await expect(revenue.locator('.kpi-value')).toHaveText(EURO, { timeout: 30_000 });
      await expect(page.getByRole('img', { name: /Chiffre d'affaires TTC par heure/ })).toBeVisible();
      // A busy lunch hour somewhere in the week, labelled in full.
      const map = page.getByRole('table', { name: /^Jour de la semaine × heure/ });
      await expect(map.locator('td[aria-label*="commandes"]').first()).toHaveAttribute('aria-label', /^(Lundi|Mardi|Mercredi|Jeudi|Vendredi|Samedi|Dimanche), \d{2}\u00a0h : \d+ commandes, .+€$/);
      await shoot(page, 'revenue-hour', viewport.width, viewport.height);

      await page.getByRole('group', { name: "Affichage de l'évolution" }).getByRole('button', { name: 'Tableau' }).click();
      const rows = page.getByRole('table', { name: "Chiffre d'affaires TTC par heure" }).locator('tbody tr');
      await expect(rows).toHaveCount(24);
      await expect(rows.nth(12).locator('th')).toHaveText('12\u00a0h');
      await page.getByRole('region', { name: "Évolution : Chiffre d'affaires TTC" }).screenshot({ path: `test-results/screenshots/revenue-hour-${viewport.width}-table.png` });
    });
  }
});
