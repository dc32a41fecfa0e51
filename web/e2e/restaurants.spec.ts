import { expect, test } from '@playwright/test';
import { apiSignIn, shot, useSession } from './helpers';

interface RestaurantList {
  items: { id: number; nom: string }[];
  total: number;
}

test('the restaurant selector opens, searches and chooses', async ({ page, request }) => {
  const admin = await apiSignIn(request, 'admin');
  const list = (await (
    await request.get('/api/v1/restaurants', { headers: { Authorization: `Bearer ${admin.accessToken}` } })
  ).json()) as RestaurantList;
  expect(list.items.length).toBeGreaterThan(0);
  const target = [...list.items].sort((a, b) => a.nom.localeCompare(b.nom, 'fr'))[list.items.length - 1]!;

  await useSession(page, admin);
  await page.goto('/RealtimeDashboard');
  const open = page.getByRole('button', { name: `Selectionner Restaurant (${list.items.length})` });
  await expect(open).toBeVisible();
  await open.click();

  const drawer = page.getByRole('dialog', { name: 'Selectionner Restaurant' });
  await expect(drawer.getByText('All restaurants')).toBeVisible();
  await expect(drawer.getByRole('list', { name: 'Restaurants' }).getByRole('button')).toHaveCount(list.items.length + 1);
  await shot(page, 'restaurant-selector');

  await drawer.getByPlaceholder('Rechercher un restaurant...').fill(target.nom.slice(0, Math.min(8, target.nom.length)));
  await expect(drawer.getByText(target.nom, { exact: true })).toBeVisible();
  await drawer.getByText(target.nom, { exact: true }).click();
  await expect(drawer).toBeHidden();
  await expect(page.getByRole('button', { name: target.nom, exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Désélectionner le restaurant' }).click();
  await expect(open).toBeVisible();

  await open.click();
  await drawer.getByPlaceholder('Rechercher un restaurant...').fill('zzz-aucun-resto');
  await expect(drawer.getByText('Pas de donnees a afficher')).toBeVisible();
  await drawer.getByRole('button', { name: 'Annuler' }).click();
  await expect(drawer).toBeHidden();
});

test('a moderator has no restaurant selector', async ({ page, request }) => {
  await useSession(page, await apiSignIn(request, 'moderator'));
  await page.goto('/RealtimeDashboard');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: /Selectionner Restaurant/ })).toHaveCount(0);
});
