import { expect, test } from '@playwright/test';
import { dateField, uiSignIn } from './helpers';

// An English browser: the emulated locale AND the browser's own language (native date fields follow
// --lang, which the shared configuration sets to fr-FR and would hide the bug).
test.use({
  locale: 'en-US',
  launchOptions: {
    executablePath: '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--lang=en-US'],
  },
});

test('an English browser still shows dates jj/mm/aaaa', async ({ page }) => {
  await uiSignIn(page, 'admin');
  await expect(page).toHaveURL(/\/RealtimeDashboard$/);
  expect(await page.evaluate(() => [navigator.language, Intl.DateTimeFormat().resolvedOptions().locale])).toEqual(['en-US', 'en-US']);

  // Performance opens on the current month: the 1st, day first.
  await page.goto('/brigade/mesperformances');
  const now = new Date();
  const first = `01/${String(now.getMonth() + 1).padStart(2, '0')}/${now.getFullYear()}`;
  const start = dateField(page, 'Date Debut');
  await expect(start.locator('input')).toHaveValue(first);
  await expect(start).toContainText(first);

  // Mes Commandes opens on today, day first too.
  await page.goto('/brigade/mescommandes');
  const today = new Intl.DateTimeFormat('fr-FR', { day: '2-digit', month: '2-digit', year: 'numeric' }).format(now);
  await expect(dateField(page, 'Date Fin').locator('input')).toHaveValue(today);
  await page.screenshot({ path: 'test-results/screens/dates-en-US.png' });
});
