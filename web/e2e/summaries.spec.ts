import { expect, test, type Page } from '@playwright/test';
import { overflowing, settle, signInAsOwner } from './helpers';

// An English browser: the dialog stays French.
test.use({ locale: 'en-US' });

async function shoot(page: Page, name: string, width: number) {
  await settle(page);
  expect(await overflowing(page)).toEqual([]);
  await page.screenshot({ path: `test-results/screenshots/${name}-${width}.png`, fullPage: false });
}

test.describe('Résumés par e-mail', () => {
  for (const viewport of [
    { width: 1440, height: 900 },
    { width: 390, height: 844 },
  ]) {
    test(`subscribe from the flash, send a preview and unsubscribe at ${viewport.width} px`, async ({ page }) => {
      test.setTimeout(120_000);
      await page.setViewportSize(viewport);
      await signInAsOwner(page);
      await page.goto('/stats/SuiviQuotidien');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Suivi Quotidien');
      await page.getByRole('button', { name: 'Recevoir par e-mail' }).click();
      const dialog = page.getByRole('dialog', { name: 'Recevoir le résumé par e-mail' });
      await expect(dialog).toBeVisible();

      // French validation before anything is sent.
      const email = dialog.getByRole('textbox', { name: /Adresse e-mail/ });
      await email.fill('patron@exemple');
      await dialog.getByRole('button', { name: "S'abonner" }).click();
      await expect(dialog.getByText(/L'adresse e-mail n'est pas valide/)).toBeVisible();

      // A weekly summary for one restaurant.
      const address = `patron-${viewport.width}@exemple.fr`;
      await email.fill(address);
      await dialog.getByRole('button', { name: /Hebdomadaire/ }).click();
      await dialog.getByRole('combobox', { name: 'Restaurants' }).click();
      const options = page.getByRole('listbox').getByRole('option');
      await expect(options.first()).toHaveText('Tous mes restaurants');
      const restaurant = (await options.nth(1).textContent())?.trim() ?? '';
      await options.nth(1).click();
      await dialog.getByRole('button', { name: "S'abonner" }).click();
      const list = dialog.getByRole('list', { name: 'Mes abonnements' });
      const item = list.getByRole('listitem').filter({ hasText: address });
      await expect(item).toContainText(`Hebdomadaire · ${restaurant}`);
      await expect(item).toContainText('Chaque lundi vers 7 h');

      // Subscribing twice is refused, under the address.
      await dialog.getByRole('button', { name: "S'abonner" }).click();
      await expect(dialog.getByText('Cette adresse reçoit déjà ce résumé.')).toBeVisible();

      // The preview: without --smtp-url the server writes it to its log, and says where it went.
      await dialog.getByRole('button', { name: 'Envoyer un aperçu maintenant' }).click();
      await expect(dialog.getByText(`Aperçu envoyé à ${address} : « [Aperçu] Brigade — résumé de la semaine du lundi`)).toBeVisible({ timeout: 30_000 });
      await shoot(page, 'summaries-dialog', viewport.width);

      // Unsubscribe.
      await item.getByRole('button', { name: /^Supprimer le résumé hebdomadaire/ }).click();
      await expect(list.getByRole('listitem').filter({ hasText: address })).toHaveCount(0);
      await dialog.getByRole('button', { name: 'Fermer', exact: true }).click();
      await expect(dialog).toBeHidden();
      await shoot(page, 'summaries-flash', viewport.width);
    });
  }
});
