import { expect, test } from '@playwright/test';
import { apiSignIn, demo, expectedDisplayName, shot, uiSignIn, type DemoUser } from './helpers';

test.describe('sign-in', () => {
  test('the sign-in page', async ({ page }) => {
    await page.goto('/auth/login');
    await expect(page.getByRole('heading', { name: 'Connexion' })).toBeVisible();
    for (const tab of ['Franchise', 'Restaurant', 'Invité']) {
      await expect(page.getByRole('tab', { name: tab })).toBeVisible();
    }
    await shot(page, 'sign-in');
  });

  const roles: DemoUser[] = ['admin', 'moderator', 'guest', 'restaurant'];
  for (const who of roles) {
    test(`${demo[who].login} signs in and sees the shell with the right name`, async ({ page, request }) => {
      const user = await apiSignIn(request, who);
      await uiSignIn(page, who);
      await expect(page).toHaveURL(/\/RealtimeDashboard$/);
      await expect(page.getByTestId('user-display-name')).toHaveText(expectedDisplayName(user));
      await expect(page.getByRole('navigation', { name: 'Navigation principale' })).toBeVisible();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Tableau de bord temps réel');
    });
  }

  test('the admin sees the franchise name', async ({ page, request }) => {
    const user = await apiSignIn(request, 'admin');
    expect(user.franchise_name).not.toBe('');
    await uiSignIn(page, 'admin');
    await expect(page.getByTestId('user-display-name')).toHaveText(user.franchise_name);
  });

  test('demo-resto, attached to two franchises, switches to the other one from its account menu', async ({ page, request }) => {
    const user = await apiSignIn(request, 'restaurant');
    const offered = user.franchises as { id: number; name: string }[];
    expect(offered.map((f) => f.name)).toEqual(['Brigade Burger', 'Le Comptoir Voisin']);
    expect(offered[0]?.id).toBe(user.fk_franchise);
    await uiSignIn(page, 'restaurant');
    await expect(page).toHaveURL(/\/RealtimeDashboard$/);
    await page.getByRole('button', { name: 'Menu utilisateur' }).click();
    const menu = page.getByRole('menu');
    await expect(menu.getByText('Changer de franchise')).toBeVisible();
    await expect(menu.getByRole('menuitemradio', { name: 'Brigade Burger' })).toHaveAttribute('aria-checked', 'true');
    await shot(page, 'franchise-switcher');
    const switched = page.waitForResponse((r) => r.url().endsWith('/api/v1/auth/switch') && r.status() === 200);
    await menu.getByRole('menuitemradio', { name: 'Le Comptoir Voisin' }).click();
    await switched;
    await expect(page).toHaveURL(/\/RealtimeDashboard$/);
    await expect(page.getByRole('button', { name: 'Menu utilisateur' })).toContainText('Restaurant · Le Comptoir Voisin');
    await page.getByRole('button', { name: 'Menu utilisateur' }).click();
    await expect(page.getByRole('menu').getByRole('menuitemradio', { name: 'Le Comptoir Voisin' })).toHaveAttribute('aria-checked', 'true');
    await shot(page, 'franchise-switched');
    // The stored session is now the other franchise's, and only its restaurant is offered.
    const token = await page.evaluate(() => (JSON.parse(localStorage.getItem('brigade.session') ?? '{}') as { accessToken?: string }).accessToken ?? '');
    const restaurants = await request.get('/api/v1/restaurants', { headers: { Authorization: `Bearer ${token}` } });
    expect(((await restaurants.json()) as { items: { nom: string }[] }).items.map((r) => r.nom)).toEqual(['Comptoir Montmartre']);
  });

  test('the super-admin lands on the franchise list', async ({ page }) => {
    await uiSignIn(page, 'superadmin');
    await expect(page).toHaveURL(/\/superadmin\/franchises$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Franchises' })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Franchises' })).toBeVisible();
    await shot(page, 'superadmin-franchises');
  });

  test('a wrong password shows the French error', async ({ page, request }) => {
    const refused = await request.post('/api/v1/auth/signin', { data: { login: 'demo-admin', password: 'faux-mot-de-passe' } });
    expect(refused.status()).toBe(401);
    const { detail } = (await refused.json()) as { detail: string };

    await uiSignIn(page, 'admin', 'encore-faux');
    await expect(page.getByRole('alert')).toHaveText(detail);
    await expect(page).toHaveURL(/\/auth\/login$/);
    // A good password still works afterwards (and forgives the failures).
    await page.getByLabel('Mot de passe', { exact: true }).fill('demo1234');
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await expect(page).toHaveURL(/\/RealtimeDashboard$/);
  });

  test('empty fields are refused in French before any call', async ({ page }) => {
    await page.goto('/auth/login');
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await expect(page.getByText('Veuillez saisir votre identifiant.')).toBeVisible();
    await expect(page.getByText('Veuillez saisir votre mot de passe.')).toBeVisible();
  });

  test('signing out goes back to the sign-in page and forgets the session', async ({ page }) => {
    await uiSignIn(page, 'admin');
    await expect(page).toHaveURL(/\/RealtimeDashboard$/);
    await page.getByRole('button', { name: 'Menu utilisateur' }).click();
    await page.getByRole('menuitem', { name: 'Se déconnecter' }).click();
    await expect(page).toHaveURL(/\/auth\/login$/);
    expect(await page.evaluate(() => window.localStorage.getItem('brigade.session'))).toBeNull();
    await page.goto('/brigade/mescommandes');
    await expect(page).toHaveURL(/\/auth\/login$/);
  });

  test('forgot password always answers the same way', async ({ page }) => {
    await page.goto('/auth/forgotPassword');
    await page.getByLabel('Identifiant').fill('personne-inconnue');
    await page.getByRole('button', { name: 'Envoyer le lien' }).click();
    await expect(page.getByText(/Si un compte correspond à cet identifiant/)).toBeVisible();
  });
});
