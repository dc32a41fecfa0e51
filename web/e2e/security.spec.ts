import { expect, test, type Page } from '@playwright/test';
import { uiSignIn } from './helpers';

/**
 * Everything the Content-Security-Policy refused on a page: the browser's own reports
 * (securitypolicyviolation, listened to from before the page's first script) and its console
 * messages about the policy.
 */
async function watchPolicy(page: Page): Promise<() => Promise<string[]>> {
  const messages: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) messages.push(message.text());
  });
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (e) => {
      seen.push(`${e.effectiveDirective} refused ${e.blockedURI || 'inline'} (${e.sourceFile}:${e.lineNumber})`);
    });
  });
  return async () => {
    const reported = await page
      .evaluate(() => (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? [])
      .catch(() => []);
    return [...reported, ...messages];
  };
}

test.describe('browser session and content security policy', () => {
  test('the dashboard, a carte and the API docs run under the policy, and the event stream opens with a ticket', async ({ page }) => {
    test.setTimeout(120_000);
    const violations = await watchPolicy(page);
    const urls: string[] = [];
    page.on('request', (request) => urls.push(request.url()));
    let token = '';
    page.on('response', async (response) => {
      if (/\/api\/v1\/auth\/signin$/.test(response.url()) && response.ok()) {
        token = ((await response.json()) as { accessToken: string }).accessToken;
      }
    });

    // Signing in lands on the dashboard, which opens the event stream with a fresh ticket.
    const stream = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/v1/events');
    await uiSignIn(page, 'admin');
    await expect(page).toHaveURL(/\/RealtimeDashboard$/);
    const opened = await stream;
    expect(opened.status()).toBe(200);
    expect(opened.headers()['content-type']).toContain('text/event-stream');
    const streamURL = new URL(opened.url());
    expect([...streamURL.searchParams.keys()]).toEqual(['ticket']);
    expect(streamURL.searchParams.get('ticket')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(opened.request().headers()['authorization']).toBeUndefined();
    // The policy is on the page itself.
    const home = await page.request.get('/RealtimeDashboard');
    expect(home.headers()['content-security-policy']).toContain("script-src 'self';");
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

    // A carte, with its product images shown from blob: URLs.
    await page.goto('/campagne/MesCartes');
    await page.getByRole('table', { name: 'Cartes' }).getByRole('link', { name: 'Carte principale' }).click();
    await expect(page).toHaveURL(/\/campagne\/MesCartes\/\d+$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Carte principale');
    await expect(page.getByRole('list', { name: 'Produits' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(await violations()).toEqual([]);

    // The API docs: a page of their own, under the same policy.
    await page.goto('/api/docs');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('API Brigade');
    expect(await violations()).toEqual([]);

    // The bearer token never went into an address.
    expect(token).not.toBe('');
    expect(urls.filter((u) => u.includes(token) || u.includes('access_token'))).toEqual([]);
  });

  test('an injected inline script does not run', async ({ page }) => {
    const violations = await watchPolicy(page);
    await page.goto('/auth/login');
    await expect(page.getByRole('button', { name: 'Se connecter' })).toBeVisible();
    // As an HTML injection would: a script element with inline code, added to the page.
    await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.__injected = true;';
      document.head.appendChild(script);
    });
    await expect.poll(violations).toContainEqual(expect.stringContaining('script-src'));
    expect(await page.evaluate(() => (window as unknown as { __injected?: boolean }).__injected)).toBeUndefined();
  });
});
