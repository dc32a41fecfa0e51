import { expect, test } from '@playwright/test';
import { settle, shoot, signInAsOwner } from './helpers';

/** A French amount in euros: '1 234,56 €' (Intl puts no-break spaces in it). */
const EURO = /\d{1,3}(?:[\u202f\u00a0 ]\d{3})*,\d{2}[\u00a0 ]€/;
const PERCENT = /^\d{1,3},\d{2}[\u00a0 ]%$/;

// An English browser: dates and amounts stay French.
test.use({ locale: 'en-US' });

test.describe('Click & collect et Mes Annulations', () => {
  for (const viewport of [
    { width: 1440, height: 900 },
    { width: 390, height: 844 },
  ]) {
    test(`the click & collect home and detail on the demo franchise at ${viewport.width} px`, async ({ page }) => {
      test.setTimeout(150_000);
      await page.setViewportSize(viewport);
      await signInAsOwner(page);
      await page.goto('/Cncstats/BetaAccueil');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Accueil Click & Collect');
      await expect(page.getByRole('tab', { name: 'Accueil' })).toHaveAttribute('aria-selected', 'true');
      await expect(page.getByRole('button', { name: 'Période : 30 derniers jours' })).toBeVisible();
      const kpis = page.getByRole('region', { name: 'Chiffres de la période' });
      await expect(kpis.getByRole('group', { name: 'CA click & collect TTC' }).locator('.kpi-value')).toHaveText(EURO, { timeout: 30_000 });
      await expect(kpis.getByRole('group', { name: 'Part du CA total' }).locator('.kpi-value')).toHaveText(PERCENT);
      await expect(kpis.getByRole('group', { name: 'Frais encaissés' }).locator('.kpi-value')).toHaveText(EURO);
      await expect(kpis.getByText(/Comparé à : du .+ \(période précédente\)/)).toBeVisible();
      const links = page.getByRole('navigation', { name: 'Accès rapides' });
      await expect(links.getByRole('link', { name: /Mes Annulations/ })).toHaveAttribute('href', '/Cncstats/MesAnnulations');
      await expect(page.getByRole('img', { name: /^Heures de pointe :/ }).first()).toBeVisible();
      await expect(page.locator('.recharts-surface').first()).toBeVisible();
      await shoot(page, 'clickandcollect-home', viewport.width, viewport.height);

      // The list of click & collect orders, one link away.
      await links.getByRole('link', { name: /Commandes Click & Collect/ }).click();
      await expect(page).toHaveURL(/\/Cncstats\/SuiviCnCListCommand$/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Commandes Click & Collect');

      await page.goto('/Cncstats/BetaMonClickncollect');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Mon Click & Collect');
      await expect(page.getByRole('tab', { name: 'Détail' })).toHaveAttribute('aria-selected', 'true');
      const rests = page.getByRole('table', { name: 'Par restaurant' });
      await expect(rests.locator('tbody tr').first()).toContainText(EURO, { timeout: 30_000 });
      await expect(page.getByRole('table', { name: 'Par type de commande' })).toContainText('A Emporter');
      await page.getByRole('group', { name: 'Affichage des heures de pointe' }).getByRole('button', { name: 'Tableau' }).click();
      await expect(page.getByRole('table', { name: 'Heures de pointe' }).locator('tbody tr')).toHaveCount(24);
      await shoot(page, 'clickandcollect-detail', viewport.width, viewport.height);
    });

    test(`Mes Annulations on the demo franchise at ${viewport.width} px`, async ({ page }) => {
      test.setTimeout(150_000);
      await page.setViewportSize(viewport);
      await signInAsOwner(page);
      await page.goto('/Cncstats/MesAnnulations');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Mes Annulations');
      const kpis = page.getByRole('region', { name: 'Chiffres de la période' });
      await expect(kpis.getByRole('group', { name: 'Montant annulé TTC' }).locator('.kpi-value')).toHaveText(EURO, { timeout: 30_000 });
      await expect(kpis.getByRole('group', { name: 'Part des commandes' }).locator('.kpi-value')).toHaveText(PERCENT);
      await expect(page.getByRole('table', { name: 'Par motif' })).toContainText('Motif non renseigné');
      await expect(page.getByRole('table', { name: 'Par statut' })).toContainText('Annulée');
      await expect(page.getByRole('table', { name: 'Par équipement' }).locator('tbody tr').first()).toContainText(EURO);
      const list = page.getByRole('table', { name: 'Dernières commandes annulées' });
      await expect(list.locator('tbody tr').first()).toContainText(EURO);
      await shoot(page, 'cancellations', viewport.width, viewport.height);

      // A cancelled order opens its ticket.
      await list.locator('tbody tr').first().click();
      const dialog = page.getByRole('dialog');
      await expect(dialog.getByTestId('order-ticket')).toBeVisible({ timeout: 30_000 });
      await settle(page);
      await page.screenshot({ path: `test-results/screenshots/cancellations-ticket-${viewport.width}.png` });
      await dialog.getByRole('button', { name: 'Fermer' }).click();
      await expect(dialog).toBeHidden();
    });
  }
});
