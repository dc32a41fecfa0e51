import { expect, test } from '@playwright/test';
import { apiSignIn, shot, useSession } from './helpers';

test('colour and dark mode are remembered across a reload', async ({ page, request }) => {
  await useSession(page, await apiSignIn(request, 'admin'));
  await page.goto('/RealtimeDashboard');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await shot(page, 'shell-light');

  await page.getByRole('button', { name: 'Apparence' }).click();
  await page.getByRole('radio', { name: 'Vert' }).click();
  await page.getByRole('button', { name: 'Sombre' }).click();
  await page.keyboard.press('Escape');

  const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  const avatar = page.getByRole('button', { name: 'Menu utilisateur' }).locator('.MuiAvatar-root');
  await expect.poll(background).toBe('rgb(11, 13, 18)');
  await expect(avatar).toHaveCSS('background-color', 'rgb(52, 211, 153)');

  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect.poll(background).toBe('rgb(11, 13, 18)');
  await expect(avatar).toHaveCSS('background-color', 'rgb(52, 211, 153)');
  expect(await page.evaluate(() => window.localStorage.getItem('brigade.theme'))).toBe('{"color":"green","mode":"dark"}');

  // The dark screenshot in the default colour.
  await page.getByRole('button', { name: 'Apparence' }).click();
  await page.getByRole('radio', { name: 'Bleu' }).click();
  await page.keyboard.press('Escape');
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await shot(page, 'shell-dark');
});
