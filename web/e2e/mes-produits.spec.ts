import { expect, test } from '@playwright/test';
import { shot, uiSignIn } from './helpers';

test.describe('Mes Produits', () => {
  test('an owner raises a price by 10 % in bulk and reads it in the history', async ({ page }) => {
    test.setTimeout(90_000);
    await uiSignIn(page, 'admin');
    await expect(page).toHaveURL(/\/RealtimeDashboard$/);
    await page.goto('/campagne/MesProduits');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Mes Produits');
    const table = page.getByRole('table', { name: 'Produits' });
    await expect(table.getByText('Le Classique').first()).toBeVisible();
    await shot(page, 'mes-produits');

    // +10 % on Le Classique, tariff 1, Sur Place only: 9,90 → 10,89.
    await page.getByPlaceholder('Rechercher un produit...').fill('Le Bacon');
    await table.getByRole('checkbox', { name: 'Sélectionner Le Bacon (Carte principale)' }).check();
    await page.getByRole('button', { name: 'Modifier les prix' }).click();
    const dialog = page.getByRole('dialog', { name: 'Modifier les prix' });
    await dialog.getByRole('button', { name: 'Appliquer un pourcentage' }).click();
    await dialog.getByLabel('Variation (%)').fill('10');
    await dialog.getByRole('checkbox', { name: 'T1' }).check();
    await dialog.getByRole('checkbox', { name: 'T2' }).uncheck();
    await dialog.getByRole('checkbox', { name: 'T3' }).uncheck();
    for (const o of ['A Emporter', 'En Livraison', 'Platform', 'Drive']) await dialog.getByRole('checkbox', { name: o }).uncheck();
    await dialog.getByRole('checkbox', { name: 'Sur Place' }).check();
    await expect(dialog.getByRole('table', { name: 'Aperçu avant → après' })).toContainText('12,65');
    await shot(page, 'mes-produits-bulk');
    await dialog.getByRole('button', { name: 'Appliquer', exact: true }).click();
    await expect(page.getByText('1 produit(s) modifié(s).')).toBeVisible();
    await expect(table.getByRole('button', { name: /^Prix Sur Place T1 : Le Bacon : 12,65/ })).toBeVisible();

    // The change is in the carte's history.
    await page.goto('/campagne/Historique');
    await expect(page.getByRole('table', { name: 'Historique des cartes' }).getByText('Carte principale › produit Le Bacon').first()).toBeVisible();
  });
});
