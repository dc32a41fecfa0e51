import { expect, test } from '@playwright/test';
import { apiSignIn, shot, uiSignIn } from './helpers';

test('an owner finds a deleted carte in the archive and restores it', async ({ page, request }) => {
  const admin = await apiSignIn(request, 'admin');
  const headers = { Authorization: `Bearer ${admin.accessToken}` };
  // A carte of its own, deleted: the archive keeps it.
  const created = await request.post('/api/v1/campaigns', { headers, data: { nom: 'Carte Archive E2E' } });
  expect(created.ok(), await created.text()).toBeTruthy();
  const carte = (await created.json()) as { id: number };
  const deleted = await request.delete(`/api/v1/campaigns/${carte.id}`, { headers });
  expect(deleted.status()).toBe(204);

  await uiSignIn(page, 'admin');
  await page.waitForURL('**/RealtimeDashboard');
  await page.goto('/archive');
  const callout = page.getByRole('dialog', { name: 'Découvrez les nouveautés' });
  if (await callout.isVisible().catch(() => false)) await callout.getByRole('button', { name: 'Compris' }).click();
  await expect(page.getByRole('heading', { name: 'Archive', level: 1 })).toBeVisible();
  await page.getByRole('tab', { name: 'Cartes supprimées' }).click();
  const row = page.getByRole('row', { name: /Carte Archive E2E/ });
  await expect(row).toBeVisible();
  await shot(page, 'archive-cartes');
  await row.getByRole('button', { name: 'Restaurer' }).click();
  await page.getByRole('dialog', { name: 'Restaurer la carte' }).getByRole('button', { name: 'Restaurer' }).click();
  await expect(page.getByText('La carte « Carte Archive E2E » est restaurée. Liez-la à ses restaurants depuis Mes Cartes.')).toBeVisible();
  await expect(row).toBeHidden();

  // Back among the cartes.
  const list = await request.get('/api/v1/campaigns', { headers });
  const items = ((await list.json()) as { items: { nom: string }[] }).items;
  expect(items.some((c) => c.nom === 'Carte Archive E2E')).toBeTruthy();

  await page.getByRole('tab', { name: 'Exports' }).click();
  await expect(page.getByRole('table').or(page.getByText(/Aucun export pour l’instant/))).toBeVisible();
  await page.getByRole('tab', { name: 'Menus déployés' }).click();
  await expect(page.getByRole('row', { name: /Paris Bastille/ })).toBeVisible();
  await shot(page, 'archive-menus');
});
