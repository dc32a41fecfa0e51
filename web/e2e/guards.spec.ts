import { expect, test } from '@playwright/test';
import { apiSignIn, shot, useSession } from './helpers';
import { firstPlaceholder } from '../src/app/placeholders';

test.describe('guards and redirects', () => {
  test('signed out: / and protected routes go to the sign-in page', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/auth\/login$/);
    await page.goto('/brigade/mescommandes');
    await expect(page).toHaveURL(/\/auth\/login$/);
    await page.goto('/nimporte/quoi');
    await expect(page).toHaveURL(/\/auth\/login$/);
  });

  test('the kiosk settings screen opens without a login', async ({ page }) => {
    await page.goto('/brigade/configborne');
    await expect(page).toHaveURL(/\/brigade\/configborne$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Paramètres Borne' })).toBeVisible();
  });

  test('signed in: /, the sign-in page and unknown paths', async ({ page, request }) => {
    await useSession(page, await apiSignIn(request, 'admin'));
    await page.goto('/');
    await expect(page).toHaveURL(/\/RealtimeDashboard$/);
    await page.goto('/auth/login');
    await expect(page).toHaveURL(/\/RealtimeDashboard$/);
    await page.goto('/auth/forgotPassword');
    await expect(page).toHaveURL(/\/RealtimeDashboard$/);
    await page.goto('/nimporte/quoi');
    await expect(page).toHaveURL(/\/auth\/404$/);
    await expect(page.getByRole('heading', { name: 'Page introuvable' })).toBeVisible();
    await shot(page, 'not-found');
  });

  test('screens not built yet show their title and a placeholder', async ({ page, request }) => {
    await useSession(page, await apiSignIn(request, 'admin'));
    // The first route still without a screen: the test follows the screens as they are built.
    const soon = firstPlaceholder();
    await page.goto(soon.path);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(soon.title);
    await expect(page.getByText(`Cet écran arrive bientôt : ${soon.title}.`)).toBeVisible();
    // The side menu reaches other screens without a reload.
    await page.getByRole('navigation', { name: 'Navigation principale' }).getByRole('link', { name: 'Mes Réductions' }).click();
    await expect(page).toHaveURL(/\/brigade\/mesreductions$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Mes Réductions');
  });

  test('/accessDenied sends a user whose franchise is not blocked to /', async ({ page, request }) => {
    await useSession(page, await apiSignIn(request, 'admin'));
    await page.goto('/accessDenied');
    await expect(page).toHaveURL(/\/RealtimeDashboard$/);
  });

  test('a moderator without a token is kept out of /etablissements/lists', async ({ page, request }) => {
    await useSession(page, await apiSignIn(request, 'moderator'));
    await page.goto('/etablissements/lists');
    await expect(page).toHaveURL(/\/auth\/404$/);
  });

  test('a verified token signs in on /etablissements/lists', async ({ page, request }) => {
    const moderator = await apiSignIn(request, 'moderator');
    await page.goto(`/etablissements/lists?token=${encodeURIComponent(moderator.accessToken)}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Mes Établissements');
    await page.goto('/etablissements/lists?token=pas-un-jeton');
    await expect(page).toHaveURL(/\/auth\/404$/);
  });
});
