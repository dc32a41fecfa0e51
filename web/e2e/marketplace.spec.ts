import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { apiSignIn, shot, uiSignIn } from './helpers';

const RESTAURANT = 'Paris Bastille';

interface Till {
  id: number;
  name: string;
}

interface Module {
  kind: string;
  status: boolean;
  selected_pos: Till[] | null;
}

interface Listing {
  restaurants: { id: number; nom: string; modules: Module[] | null; tills: Till[] | null }[];
}

async function dismissNotices(page: Page) {
  const callout = page.getByRole('dialog', { name: 'Découvrez les nouveautés' });
  if (await callout.isVisible().catch(() => false)) await callout.getByRole('button', { name: 'Compris' }).click();
}

async function restaurantId(request: APIRequestContext, token: string): Promise<number> {
  const res = await request.get('/api/v1/restaurants', { headers: { Authorization: `Bearer ${token}` } });
  expect(res.ok()).toBeTruthy();
  const list = (await res.json()) as { items: { id: number; nom: string }[] };
  const found = list.items.find((r) => r.nom === RESTAURANT);
  expect(found, `${RESTAURANT} in the demo data`).toBeTruthy();
  return found!.id;
}

/** Puts Uber Eats of the restaurant back as the demo has it: on no till, off. */
async function restore(request: APIRequestContext, token: string, id: number) {
  const headers = { Authorization: `Bearer ${token}` };
  const res = await request.get(`/api/v1/marketplace?restaurantId=${id}`, { headers });
  expect(res.ok()).toBeTruthy();
  const listing = (await res.json()) as Listing;
  const uber = listing.restaurants[0].modules?.find((m) => m.kind === 'uber_eats');
  for (const till of uber?.selected_pos ?? []) {
    const del = await request.delete(`/api/v1/restaurants/${id}/marketplace/uber_eats/pos/${till.id}`, { headers });
    expect(del.ok(), await del.text()).toBeTruthy();
  }
  if (uber?.status) {
    const off = await request.put(`/api/v1/restaurants/${id}/marketplace/uber_eats/status`, { headers, data: { status: false } });
    expect(off.ok(), await off.text()).toBeTruthy();
  }
}

test('an owner switches a delivery module on, configures it and assigns it to a till', async ({ page, request }) => {
  const admin = await apiSignIn(request, 'admin');
  const id = await restaurantId(request, admin.accessToken);
  await restore(request, admin.accessToken, id);

  try {
    await uiSignIn(page, 'admin');
    await page.waitForURL('**/RealtimeDashboard');
    await page.goto('/marketplace');
    await dismissNotices(page);
    await expect(page.getByRole('heading', { name: 'Marketplace', level: 1 })).toBeVisible();
    await expect(page.getByText('Veuillez selectionner un restaurant')).toBeVisible();

    // The shared selector, with 'All restaurants' for an admin.
    await page.getByRole('button', { name: /Selectionner Restaurant/ }).click();
    const drawer = page.getByRole('dialog', { name: 'Selectionner Restaurant' });
    await expect(drawer.getByText('All restaurants')).toBeVisible();
    await drawer.getByRole('button', { name: new RegExp(RESTAURANT) }).click();

    const uber = page.getByRole('article', { name: 'Uber Eats' });
    await expect(uber).toBeVisible();
    await expect(page.getByText('Veuillez configurer un module')).toBeVisible();
    await expect(uber.getByText('À configurer')).toBeVisible();

    // The settings: the Store ID is required, then saving switches the platform on for the till.
    await uber.getByRole('button', { name: 'Paramètres Uber Eats' }).click();
    const dialog = page.getByRole('dialog', { name: /Paramètres Uber Eats/ });
    await dialog.getByLabel(/Store ID/).fill('');
    await dialog.getByRole('button', { name: 'Enregistrer et activer' }).click();
    await expect(dialog.getByText('Le Store ID est obligatoire.')).toBeVisible();
    await dialog.getByLabel(/Store ID/).fill('E2E-UBER-BASTILLE');
    await dialog.getByLabel(/Uber rate/).fill('5');
    await dialog.getByLabel('Sonnerie à chaque nouvelle commande').check();
    await dialog.getByRole('checkbox', { name: 'Caisse 1' }).check();
    await dialog.getByRole('button', { name: 'Enregistrer et activer' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('Le module Uber Eats est activé et enregistré.')).toBeVisible();
    await expect(uber.getByText('Activé', { exact: true })).toBeVisible();
    await expect(uber.getByText('Caisse 1')).toBeVisible();
    await expect(page.getByText('Veuillez configurer un module')).toBeHidden();

    // The switch turns it off and on again.
    const toggle = uber.getByRole('switch', { name: 'Activer Uber Eats' });
    await toggle.click();
    await expect(uber.getByText('Désactivé')).toBeVisible();
    await expect(toggle).not.toBeChecked();
    await toggle.click();
    await expect(uber.getByText('Activé', { exact: true })).toBeVisible();
    await expect(toggle).toBeChecked();

    // A till already running the module is not offered again.
    await uber.getByRole('button', { name: 'Paramètres Uber Eats' }).click();
    await expect(dialog.getByLabel('Caisses assignées').getByText('Caisse 1')).toBeVisible();
    await expect(dialog.getByRole('checkbox', { name: 'Caisse 1' })).toHaveCount(0);
    await expect(dialog.getByRole('checkbox', { name: 'Caisse 2' })).toBeVisible();
    await expect(dialog.getByLabel(/Store ID/)).toHaveValue('E2E-UBER-BASTILLE');
    await shot(page, 'marketplace-settings');
    await dialog.getByRole('button', { name: 'Annuler' }).click();
    await expect(dialog).toBeHidden();

    await page.mouse.move(0, 0);
    await shot(page, 'marketplace');

    // The server agrees.
    const res = await request.get(`/api/v1/marketplace?restaurantId=${id}`, { headers: { Authorization: `Bearer ${admin.accessToken}` } });
    const listing = (await res.json()) as Listing;
    const saved = listing.restaurants[0].modules?.find((m) => m.kind === 'uber_eats');
    expect(saved?.status).toBe(true);
    expect(saved?.selected_pos?.map((t) => t.name)).toEqual(['Caisse 1']);
  } finally {
    await restore(request, admin.accessToken, id);
  }
});
