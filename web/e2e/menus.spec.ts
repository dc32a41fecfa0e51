import { expect, test, type Page } from '@playwright/test';
import { shot, uiSignIn } from './helpers';

async function signInAsAdmin(page: Page): Promise<void> {
  await uiSignIn(page, 'admin');
  await expect(page).toHaveURL(/\/RealtimeDashboard$/);
}

test.describe('cartes', () => {
  test('an owner creates a carte, fills it, deletes a product, restores it from the trash and reads the history', async ({ page }) => {
    test.setTimeout(120_000);
    const carte = `Carte d'été ${Date.now().toString(36)}`;
    const product = 'Burger du chef';
    await signInAsAdmin(page);

    // Mes Cartes: the demo cartes, principal first.
    await page.goto('/campagne/MesCartes');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Mes Cartes');
    const table = page.getByRole('table', { name: 'Cartes' });
    await expect(table.getByRole('link', { name: 'Carte principale' })).toBeVisible();
    await expect(table.getByRole('link', { name: "Carte d'hiver" })).toBeVisible();
    await expect(table.getByText('Principale', { exact: true })).toBeVisible();
    await shot(page, 'mes-cartes');

    // A new carte opens in the editor, empty.
    await page.getByRole('button', { name: 'Nouvelle carte' }).click();
    const create = page.getByRole('dialog', { name: 'Nouvelle carte' });
    await create.getByLabel('Nom de la carte').fill(carte);
    await create.getByRole('button', { name: 'Créer la carte' }).click();
    await expect(page).toHaveURL(/\/campagne\/MesCartes\/\d+$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(carte);
    await expect(page.getByText('Carte vide')).toBeVisible();

    // A category…
    await page.getByRole('button', { name: 'Ajouter une catégorie' }).first().click();
    const newCategory = page.getByRole('dialog', { name: 'Nouvelle catégorie' });
    await newCategory.getByLabel('Nom de la catégorie').fill('Burgers');
    await newCategory.getByRole('button', { name: 'Ajouter' }).click();
    await expect(page.getByText('Ajout de la catégorie effectué avec succès !')).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Catégories' }).getByText('Burgers')).toBeVisible();

    // …and a product with prices, typed the French way.
    await page.getByRole('button', { name: 'Ajouter un produit' }).first().click();
    const form = page.getByRole('form', { name: 'Fiche produit' });
    await form.getByLabel('Nom du produit').fill(product);
    await form.getByLabel('Description', { exact: true }).fill('Steak, cheddar affiné, oignons confits');
    await form.getByRole('tab', { name: 'Prix' }).click();
    await expect(form.getByLabel('Prix Platform tarif 1')).toHaveValue('9,90');
    await form.getByLabel('Prix Sur Place tarif 1').fill('12,90');
    await form.getByLabel('Prix A Emporter tarif 1').fill('11,50');
    await form.getByLabel('Prix En Livraison tarif 2').fill('13,90');
    // Sold in two sizes, each with its price.
    await form.getByLabel('Plusieurs tailles').check();
    await form.getByRole('checkbox', { name: 'Proposer la taille Petit', exact: true }).check();
    await form.getByLabel('Prix Petit', { exact: true }).fill('10,90');
    await form.getByRole('checkbox', { name: 'Proposer la taille Moyen', exact: true }).check();
    await form.getByLabel('Prix Moyen', { exact: true }).fill('12,40');
    await form.getByRole('button', { name: 'Enregistrer' }).click();
    const list = page.getByRole('list', { name: 'Produits' });
    await expect(list.getByText(product)).toBeVisible();
    await expect(list.getByText('12,90 €')).toBeVisible();

    // An option group with one option priced per tariff.
    await page.getByRole('tab', { name: "Catégories d'options" }).click();
    await page.getByRole('button', { name: "Ajouter une catégorie d'options" }).first().click();
    const newGroup = page.getByRole('dialog', { name: "Nouvelle catégorie d'options" });
    await newGroup.getByLabel("Nom de la catégorie d'options").fill('Sauces du chef');
    await newGroup.getByRole('button', { name: 'Ajouter' }).click();
    await expect(page.getByRole('list', { name: "Catégories d'options" }).getByText('Sauces du chef')).toBeVisible();
    await page.getByRole('button', { name: 'Ajouter une option' }).click();
    await page.getByLabel(/^Nom de .*sans nom$/).fill('Sauce truffe');
    await page.getByLabel('Prix T1 de Sauce truffe').fill('0,80');
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(page.getByText('Ajout de la catégorie effectué avec succès !').first()).toBeVisible();
    await shot(page, 'option-groups');

    // The saved prices come back from the server as they were typed.
    await page.reload();
    await page.getByRole('tab', { name: "Catégories d'options" }).click();
    await page.getByRole('list', { name: "Catégories d'options" }).getByText('Sauces du chef').click();
    await expect(page.getByLabel('Prix T1 de Sauce truffe')).toHaveValue('0,80');
    await page.getByRole('tab', { name: 'Produits', exact: true }).click();
    await list.getByText(product).click();
    await form.getByRole('tab', { name: 'Prix' }).click();
    await expect(form.getByLabel('Prix A Emporter tarif 1')).toHaveValue('11,50');
    await expect(form.getByLabel('Prix En Livraison tarif 2')).toHaveValue('13,90');
    await expect(form.getByLabel('Prix Moyen', { exact: true })).toHaveValue('12,40');
    await expect(form.getByRole('checkbox', { name: 'Proposer la taille Grand', exact: true })).not.toBeChecked();

    // Deleting sends the product to the trash.
    await form.getByRole('button', { name: 'Supprimer' }).click();
    const confirmDelete = page.getByRole('dialog', { name: 'Confirmer la suppression' });
    await expect(confirmDelete.getByText(`Êtes-vous sûr de vouloir supprimer le produit « ${product} » ?`)).toBeVisible();
    await confirmDelete.getByRole('button', { name: 'Supprimer' }).click();
    await expect(list).toHaveCount(0);
    await expect(page.getByText('Aucun produit dans cette catégorie.')).toBeVisible();

    // The trash: choose the carte, then restore the product.
    await page.goto('/config/CarteTrash');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Corbeille');
    await expect(page.getByText('Veuillez sélectionner une carte pour afficher sa corbeille.')).toBeVisible();
    await page.getByRole('combobox', { name: 'Mes Cartes' }).click();
    await page.getByRole('option', { name: carte }).click();
    await page.getByRole('tab', { name: 'Produits' }).click();
    const removed = page.getByRole('list', { name: 'Produits supprimés' });
    await expect(removed.getByText(product)).toBeVisible();
    await expect(removed.getByText('Burgers · supprimé par la franchise')).toBeVisible();
    await removed.getByRole('checkbox', { name: `Sélectionner ${product}` }).check();
    await shot(page, 'trash');
    await page.getByRole('button', { name: 'Restaurer (1)' }).click();
    const confirmRestore = page.getByRole('dialog', { name: 'Restauration' });
    await confirmRestore.getByRole('button', { name: 'Confirmer' }).click();
    await expect(page.getByText('Vous avez restaure 1 element(s) avec succes !')).toBeVisible();
    await expect(page.getByText('Aucun élément disponible.')).toBeVisible();

    // The history tells the story.
    await page.goto('/campagne/Historique');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Historique');
    const history = page.getByRole('table', { name: 'Historique des cartes' });
    await expect(history.getByText(`${carte} › produit ${product}`).first()).toBeVisible();
    await expect(history.getByText(carte, { exact: true }).first()).toBeVisible();
    const restoreRow = history.getByRole('row').filter({ hasText: 'Modification' }).filter({ hasText: product }).first();
    await restoreRow.getByRole('button', { name: 'Voir les changements' }).click();
    await expect(history.getByRole('table', { name: `Changements : ${carte} › produit ${product}` }).getByText('removed', { exact: true })).toBeVisible();
    await page.getByLabel('Action').click();
    await page.getByRole('option', { name: 'Suppression' }).click();
    await expect(history.getByText(`${carte} › produit ${product}`).first()).toBeVisible();
    await expect(history.getByRole('row').filter({ hasText: 'Ajout' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Effacer les filtres' }).click();
    await expect(history.getByRole('row').filter({ hasText: 'Ajout' }).first()).toBeVisible();
    await expect(restoreRow.getByRole('button', { name: 'Masquer les changements' })).toBeVisible();
    await shot(page, 'historique');

    // The demo carte in the editor, for the record.
    await page.goto('/campagne/MesCartes');
    await page.getByRole('table', { name: 'Cartes' }).getByRole('link', { name: 'Carte principale' }).click();
    await page.getByRole('list', { name: 'Produits' }).getByText('Le Classique').click();
    await page.getByRole('form', { name: 'Fiche produit' }).getByRole('tab', { name: 'Prix' }).click();
    await shot(page, 'editor');
  });
});
