import { expect, test } from '@playwright/test';
import { shot, uiSignIn } from './helpers';

test.describe('people, tags, notices and presence', () => {
  test('an owner creates a guest login and a tag, reads a notice and sees who is online', async ({ page }) => {
    test.setTimeout(120_000);
    const login = `invite-${Date.now().toString(36)}`;
    await uiSignIn(page, 'admin');
    await expect(page).toHaveURL(/\/RealtimeDashboard$/);
    // The first-view callout of the notices, if this login has not seen it yet.
    const callout = page.getByRole('dialog', { name: 'Découvrez les nouveautés' });
    if (await callout.isVisible().catch(() => false)) await callout.getByRole('button', { name: 'Compris' }).click();

    // Employés: a guest with two restaurants.
    await page.goto('/config/Employee');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Employés');
    await expect(page.getByText('demo-moderateur')).toBeVisible();
    await page.getByRole('button', { name: 'Nouveau compte' }).click();
    await page.getByLabel(/^Identifiant/).fill(login);
    await page.getByLabel(/^Mot de passe/).fill('invite2026!');
    await page.getByLabel(/^Confirmation/).fill('invite2026!');
    await page.getByLabel(/^Nom/).fill('Martin');
    await page.getByLabel('Prénom').fill('Léa');
    await page.getByRole('radio', { name: /Invité/ }).check();
    const restos = page.getByRole('group', { name: 'Restaurants de la franchise' });
    await restos.getByRole('checkbox').nth(0).check();
    await restos.getByRole('checkbox').nth(1).check();
    await shot(page, 'people-form');
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(page.getByText('Compte enregistré.')).toBeVisible();
    await expect(page.getByText(login)).toBeVisible();
    await shot(page, 'people');

    // Mes Tags: a tag with the default schedule on the main carte.
    await page.goto('/config/mestags');
    await page.getByRole('combobox', { name: 'Mes Cartes' }).click();
    await page.getByRole('option', { name: 'Carte principale' }).click();
    await page.getByRole('button', { name: 'Nouveau tag' }).click();
    await page.getByLabel(/^Nom/).fill('Midi express');
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(page.getByRole('listitem', { name: 'Midi express' })).toBeVisible();
    await expect(page.getByRole('listitem', { name: 'Midi express' })).toContainText('Tous les jours');
    await shot(page, 'tags');

    // The notices feed: open the newest one.
    await page.getByRole('button', { name: /^Nouveautés/ }).click();
    await page.getByRole('dialog', { name: 'Nouveautés' }).getByText('Mes Produits : les prix en masse').click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Mes Produits : les prix en masse');
    await shot(page, 'notice');

    // Who is online: the owner, on this very page.
    await page.mouse.move(200, 300);
    await page.goto('/brigade/presence');
    await page.mouse.move(300, 300);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Qui est en ligne');
    await expect(page.getByRole('table')).toContainText('Brigade Burger', { timeout: 15_000 });
    await shot(page, 'presence');
  });
});
