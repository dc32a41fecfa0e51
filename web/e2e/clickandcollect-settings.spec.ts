import { expect, test } from '@playwright/test';
import { apiSignIn, shot, uiSignIn } from './helpers';

const RESTAURANT = 'Paris Bastille';
// The demo's first kiosk, Paris Bastille's (README « Flux des bornes »).
const KIOSK_KEY = 'demo-kiosk-key';

test('an owner sets up click & collect and the restaurant’s devices read the settings', async ({ page, request }) => {
  const admin = await apiSignIn(request, 'admin');
  await uiSignIn(page, 'admin');
  await page.waitForURL('**/RealtimeDashboard');
  await page.goto('/brigade/configclickandcollect');
  const callout = page.getByRole('dialog', { name: 'Découvrez les nouveautés' });
  if (await callout.isVisible().catch(() => false)) await callout.getByRole('button', { name: 'Compris' }).click();
  await expect(page.getByRole('heading', { name: 'Configuration Click & Collect', level: 1 })).toBeVisible();
  await expect(page.getByText('Veuillez selectionner un restaurant')).toBeVisible();
  await page.getByRole('button', { name: /Selectionner Restaurant/ }).click();
  await page.getByRole('dialog', { name: 'Selectionner Restaurant' }).getByRole('button', { name: new RegExp(RESTAURANT) }).click();

  const add = page.getByRole('button', { name: 'Ajouter le Click & Collect' });
  const heading = page.getByRole('heading', { name: `Click & Collect — ${RESTAURANT}` });
  await expect(heading.or(add)).toBeVisible();
  if (await add.isVisible()) {
    await add.click();
    await expect(page.getByText(/Le module Click & Collect est ajouté/)).toBeVisible();
  }
  await expect(heading).toBeVisible();

  // A wrong figure stays on screen with its message; nothing is sent.
  await page.getByLabel('Commandes par créneau').fill('0');
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByText('Un créneau accepte de 1 à 500 commandes.')).toBeVisible();
  await shot(page, 'clickandcollect-settings-error');

  await page.getByLabel("Durée d'un créneau").click();
  await page.getByRole('option', { name: '30 minutes' }).click();
  await page.getByLabel('Commandes par créneau').fill('6');
  await expect(page.getByText('Soit 12 commandes par heure au plus.')).toBeVisible();
  await page.getByLabel('Temps de préparation').fill('25');
  await page.getByLabel('Commande minimum').fill('12,50');
  await page.getByLabel('Frais de gestion').fill('0,50');
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByText(`Les réglages Click & Collect de ${RESTAURANT} sont enregistrés.`)).toBeVisible();

  const toggle = page.getByRole('switch', { name: 'Click & Collect activé' });
  if (!(await toggle.isChecked())) {
    await toggle.click();
    await expect(page.getByText('Le Click & Collect est activé.')).toBeVisible();
  }
  await shot(page, 'clickandcollect-settings');

  // The restaurant's devices read what was saved.
  const res = await request.get('/kiosk/v1/clickandcollect', { headers: { Authorization: `Bearer ${KIOSK_KEY}` } });
  expect(res.ok(), await res.text()).toBeTruthy();
  expect(await res.json()).toMatchObject({ active: true, slotMinutes: 30, slotCapacity: 6, preparationMinutes: 25, minOrderCents: 1250, serviceFeeCents: 50, currency: 'EUR' });

  // Switched off again for the specs after this one.
  const headers = { Authorization: `Bearer ${admin.accessToken}` };
  const list = await request.get('/api/v1/restaurants', { headers });
  const id = ((await list.json()) as { items: { id: number; nom: string }[] }).items.find((r) => r.nom === RESTAURANT)!.id;
  const off = await request.put(`/api/v1/restaurants/${id}/marketplace/click_and_collect/status`, { headers, data: { status: false } });
  expect(off.ok(), await off.text()).toBeTruthy();
});
