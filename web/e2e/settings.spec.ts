import { expect, test } from '@playwright/test';
import { shot, uiSignIn } from './helpers';

test.describe('settings', () => {
  test('an owner renames a size, sets a printer address and applies the kiosk parameters', async ({ page }) => {
    test.setTimeout(90_000);
    await uiSignIn(page, 'admin');
    await expect(page).toHaveURL(/\/RealtimeDashboard$/);

    // Sizes: the ten defaults, one renamed.
    await page.goto('/config/mesTailles');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Mes Tailles');
    await expect(page.getByLabel('Libellé de la taille 1', { exact: true })).toHaveValue('Petit');
    await page.getByLabel('Libellé de la taille 1', { exact: true }).fill('Mini');
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(page.getByText('Paramètres enregistrés.')).toBeVisible();
    await expect(page.getByText(/Modifié le .* par /)).toBeVisible();
    await shot(page, 'settings-sizes');

    // Printers: 8 kitchen + 4 label defaults; an invalid address is refused before sending.
    await page.goto('/config/mesImprimantes');
    await expect(page.getByLabel("Nom de l'imprimante n°2")).toHaveValue('Grill');
    await expect(page.getByLabel("Nom de l'imprimante n°13")).toHaveValue('Etiquette 4');
    await page.getByLabel("Adresse IP de l'imprimante n°2").fill('192.168.1.300');
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(page.getByText('Adresse IP invalide (exemple : 192.168.1.50).')).toBeVisible();
    await page.getByLabel("Adresse IP de l'imprimante n°2").fill('192.168.1.50');
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(page.getByText('Paramètres enregistrés.')).toBeVisible();
    await shot(page, 'settings-printers');

    await page.goto('/config/mesEcrans');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Mes Écrans');
    await shot(page, 'settings-screens');
    await page.goto('/config/mesLangues');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Mes Langues');
    await shot(page, 'settings-languages');

    // Kiosk parameters: Sauvegarder the first time, Appliquer after.
    await page.goto('/brigade/configborne');
    await page.getByLabel('Masquer le nom des options').check();
    // 'Sauvegarder' while no configuration exists, 'Appliquer' after (the Configuration Caisse
    // test may have created it first: both screens edit the same record).
    await page.getByRole('button', { name: /^(Sauvegarder|Appliquer)$/ }).click();
    await expect(page.getByText('Parametres Borne mises à jour avec succès !')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Appliquer' })).toBeVisible();
    await shot(page, 'settings-kiosk');

  });
});
