import { expect, test } from '@playwright/test';
import { apiSignIn, shot, uiSignIn } from './helpers';

test.describe('blocked franchise', () => {
  let franchiseId = 0;
  let superToken = '';

  test.afterAll(async ({ request }) => {
    // Leave the demo as we found it, whatever happened above.
    if (franchiseId && superToken) {
      await request.post(`/api/v1/admin/franchises/${franchiseId}/unblock`, {
        headers: { Authorization: `Bearer ${superToken}` },
      });
    }
  });

  test('a blocked franchise sees only the access-denied page', async ({ page, request }) => {
    const other = await apiSignIn(request, 'otherAdmin');
    const superadmin = await apiSignIn(request, 'superadmin');
    superToken = superadmin.accessToken;
    franchiseId = Number(other['fk_franchise']);
    const name = other.franchise_name;

    // The super-admin blocks autre-admin's franchise from the franchise list.
    await uiSignIn(page, 'superadmin');
    await expect(page).toHaveURL(/\/superadmin\/franchises$/);
    const access = page.getByRole('switch', { name: `Accès de la franchise ${name}` });
    await expect(access).toBeChecked();
    await access.click();
    await expect(access).not.toBeChecked();
    await expect(page.getByTestId(`franchise-row-${franchiseId}`).getByText('Bloquée')).toBeVisible();
    await page.getByRole('button', { name: 'Menu utilisateur' }).click();
    await page.getByRole('menuitem', { name: 'Se déconnecter' }).click();
    await expect(page).toHaveURL(/\/auth\/login$/);

    // autre-admin lands on the access-denied page.
    await uiSignIn(page, 'otherAdmin');
    await expect(page).toHaveURL(/\/accessDenied$/);
    await expect(page.getByText('Maintenance Impayee')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Acces aux Statistiques Restreint' })).toBeVisible();
    await expect(page.getByText(/factures de maintenance sont impayées/)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Contactez Nous' })).toHaveAttribute('href', /^mailto:/);
    await shot(page, 'access-denied');

    // Any other route brings them back here.
    await page.goto('/brigade/mescommandes');
    await expect(page).toHaveURL(/\/accessDenied$/);

    // 'Revenir a la page de connexion' signs out.
    await page.getByRole('button', { name: 'Revenir a la page de connexion' }).click();
    await expect(page).toHaveURL(/\/auth\/login$/);
    expect(await page.evaluate(() => window.localStorage.getItem('brigade.session'))).toBeNull();

    // Unblocked again, the same login reaches the dashboard.
    const unblocked = await request.post(`/api/v1/admin/franchises/${franchiseId}/unblock`, {
      headers: { Authorization: `Bearer ${superToken}` },
    });
    expect(unblocked.ok()).toBeTruthy();
    await uiSignIn(page, 'otherAdmin');
    await expect(page).toHaveURL(/\/RealtimeDashboard$/);
  });

  test('a super-admin opens a franchise as its admin, exempt from the check', async ({ page }) => {
    await uiSignIn(page, 'superadmin');
    await expect(page).toHaveURL(/\/superadmin\/franchises$/);
    await page.getByRole('button', { name: "Ouvrir en tant qu'admin" }).first().click();
    await expect(page).toHaveURL(/\/RealtimeDashboard$/);
    await expect(page.getByText('Mode super-admin')).toBeVisible();
    await page.getByRole('button', { name: 'Menu utilisateur' }).click();
    await page.getByRole('menuitem', { name: 'Revenir à l’espace super-admin' }).click();
    await expect(page).toHaveURL(/\/superadmin\/franchises$/);
  });
});
