import { expect, test, type Page } from '@playwright/test';
import { shot, uiSignIn } from './helpers';

/** Picks an entry of a MUI select (a combobox opening a listbox). */
async function choose(page: Page, label: string, option: string | RegExp) {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('listbox').getByRole('option', { name: option }).click();
}

test.describe('Configuration Caisse', () => {
  test('an owner walks the three tabs, renames a category and finds it kept after a reload', async ({ page }) => {
    test.setTimeout(120_000);
    await uiSignIn(page, 'admin');
    await expect(page).toHaveURL(/\/RealtimeDashboard$/);

    await page.goto('/brigade/configcaisse');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Configuration Caisse');

    // 1. Configuration générale: the kiosk record of Paramètres Borne ('Sauvegarder' until it exists).
    const general = page.getByRole('tabpanel', { name: 'Configuration générale' });
    const hide = general.getByLabel('Masquer le nom des sous-catégories');
    await expect(hide).toBeVisible();
    await hide.setChecked(!(await hide.isChecked()));
    const save = general.getByRole('button', { name: /^(Sauvegarder|Appliquer)$/ });
    await save.click();
    await expect(page.getByText('Parametres Borne mises à jour avec succès !')).toBeVisible();
    await expect(general.getByRole('button', { name: 'Appliquer' })).toBeVisible();
    await shot(page, 'configcaisse-generale');

    // 2. Configuration des catégories: the principal carte, its first category.
    await page.getByRole('tab', { name: 'Configuration des catégories' }).click();
    await expect(page).toHaveURL(/onglet=categories/);
    const categories = page.getByRole('tabpanel', { name: 'Configuration des catégories' });
    await expect(categories.getByRole('combobox', { name: 'Carte' })).toContainText('(principale)');
    await expect(categories.getByRole('textbox', { name: /^Nom/ })).toHaveValue('Burgers');
    await expect(categories.getByLabel('Category ID')).toHaveValue('1');
    await choose(page, 'Catégorie', 'Salades');
    await expect(categories.getByRole('textbox', { name: /^Nom/ })).toHaveValue('Salades');
    const position = await categories.getByLabel('Position', { exact: true }).inputValue();
    await categories.getByRole('textbox', { name: /^Nom/ }).fill('Salades fraîches');
    await categories.getByLabel('Position', { exact: true }).fill(String(Number(position) + 10));
    await categories.getByRole('button', { name: 'Sauvegarder' }).click();
    await expect(page.getByText('Ajout de la catégorie effectué avec succès !')).toBeVisible();
    await page.evaluate(() => window.scrollTo(0, 0));
    await shot(page, 'configcaisse-categories');

    // Kept: after a reload the same tab opens and the carte holds the new name and position.
    await page.reload();
    await expect(categories.getByRole('textbox', { name: /^Nom/ })).toHaveValue('Burgers');
    await choose(page, 'Catégorie', 'Salades fraîches');
    await expect(categories.getByRole('textbox', { name: /^Nom/ })).toHaveValue('Salades fraîches');
    await expect(categories.getByLabel('Position', { exact: true })).toHaveValue(String(Number(position) + 10));
    // Put the demo carte back as it was for the other tests.
    await categories.getByRole('textbox', { name: /^Nom/ }).fill('Salades');
    await categories.getByLabel('Position', { exact: true }).fill(position);
    await categories.getByRole('button', { name: 'Sauvegarder' }).click();
    await expect(page.getByText('Ajout de la catégorie effectué avec succès !').first()).toBeVisible();

    // 3. Configuration des produits: 'Null' first, then the sub-categories (the demo carte has none).
    await page.getByRole('tab', { name: 'Configuration des produits' }).click();
    const products = page.getByRole('tabpanel', { name: 'Configuration des produits' });
    await expect(products.getByRole('combobox', { name: 'Sous-catégorie' })).toHaveText('Null');
    await products.getByRole('combobox', { name: 'Sous-catégorie' }).click();
    await expect(page.getByRole('listbox').getByRole('option').first()).toHaveText('Null');
    await page.keyboard.press('Escape');
    await expect(products.getByLabel('Nom du produit')).toHaveValue('Le Classique');
    await products.getByRole('combobox', { name: 'Produit' }).click();
    await page.getByRole('option', { name: 'Coca-Cola', exact: true }).click();
    await expect(products.getByLabel('Nom du produit')).toHaveValue('Coca-Cola');
    await expect(products.getByRole('group', { name: 'Grille des prix' })).toBeVisible();
    await shot(page, 'configcaisse-produits');
    await page.screenshot({ path: 'test-results/screenshots/configcaisse-produits-page.png', fullPage: true });
  });
});
