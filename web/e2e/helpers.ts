import { expect, type APIRequestContext, type Page } from '@playwright/test';

export const PASSWORD = 'demo1234';

export type Door = 'signin' | 'signinResto' | 'signinGuest';

export const demo = {
  admin: { login: 'demo-admin', door: 'signin', tab: 'Franchise' },
  moderator: { login: 'demo-moderateur', door: 'signinResto', tab: 'Restaurant' },
  guest: { login: 'demo-invite', door: 'signinGuest', tab: 'Invité' },
  restaurant: { login: 'demo-resto', door: 'signinResto', tab: 'Restaurant' },
  superadmin: { login: 'superadmin', door: 'signin', tab: 'Franchise' },
  otherAdmin: { login: 'autre-admin', door: 'signin', tab: 'Franchise' },
} as const satisfies Record<string, { login: string; door: Door; tab: string }>;

export type DemoUser = keyof typeof demo;

/** The CurrentUser answer of a sign-in (read through the API, as the SPA does). */
export interface SignedIn {
  id: number;
  roles: string;
  accessToken: string;
  franchise_name: string;
  nom: string;
  prenom: string;
  user_name: string;
  [key: string]: unknown;
}

export async function apiSignIn(request: APIRequestContext, who: DemoUser): Promise<SignedIn> {
  const { login, door } = demo[who];
  const response = await request.post(`/api/v1/auth/${door}`, { data: { login, password: PASSWORD } });
  expect(response.ok(), `${login} signs in through ${door}`).toBeTruthy();
  return (await response.json()) as SignedIn;
}

/** Signs in through the sign-in page, as a person would. */
export async function uiSignIn(page: Page, who: DemoUser, password = PASSWORD): Promise<void> {
  const { login, tab } = demo[who];
  await page.goto('/auth/login');
  await page.getByRole('tab', { name: tab }).click();
  await page.getByLabel('Identifiant').fill(login);
  await page.getByLabel('Mot de passe', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
}

/** Starts the page with a session already stored (skips the sign-in page). */
export async function useSession(page: Page, session: SignedIn): Promise<void> {
  await page.addInitScript((value) => {
    if (!window.sessionStorage.getItem('e2e.session.set')) {
      window.localStorage.setItem('brigade.session', value);
      window.sessionStorage.setItem('e2e.session.set', '1');
    }
  }, JSON.stringify(session));
}

export async function shot(page: Page, name: string): Promise<void> {
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await page.evaluate(() => document.fonts.ready);
  await page.screenshot({ path: `test-results/screenshots/${name}.png`, fullPage: false });
}

/** The display-name rule of the spec, applied to a sign-in answer. */
export function expectedDisplayName(user: SignedIn): string {
  switch (user.roles) {
    case 'admin':
      return user.franchise_name;
    case 'moderator':
    case 'restaurant':
      return user.nom;
    case 'guest':
      return `${user.prenom} ${user.nom}`.trim();
    default:
      return user.user_name;
  }
}

/**
 * A date field (MUI X picker): a group of jj/mm/aaaa sections labelled by the field's label, and a
 * hidden input holding the text shown.
 */
export function dateField(page: Page, label: string) {
  return page.getByRole('group', { name: label, exact: true });
}

/** yyyy-mm-dd → the jj/mm/aaaa a French date field shows. */
export function frenchDay(iso: string): string {
  const [y, m, d] = iso.split('-');
  return `${d}/${m}/${y}`;
}

/** The field shows `iso` as jj/mm/aaaa. */
export async function expectDate(page: Page, label: string, iso: string): Promise<void> {
  await expect(dateField(page, label).locator('input')).toHaveValue(frenchDay(iso));
}

/** Types a date (yyyy-mm-dd) into a field, day first as a French user types it. */
export async function fillDate(page: Page, label: string, iso: string): Promise<void> {
  const field = dateField(page, label);
  await field.getByRole('spinbutton').first().click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type(frenchDay(iso).replaceAll('/', ''));
  await expect(field.locator('input')).toHaveValue(frenchDay(iso));
}

/** Waits until the page has stopped moving: network, fonts, animations (loading bars and skeletons aside). */
export async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await page.evaluate(() => document.fonts.ready);
  // Loading bars and skeletons may pulse forever; anything else that moves (a chart) must have stopped.
  await expect
    .poll(() =>
      page.evaluate(
        () =>
          document.getAnimations().filter((a) => {
            const target = a.effect instanceof KeyframeEffect ? a.effect.target : null;
            return a.playState === 'running' && !target?.closest('.MuiSkeleton-root, .MuiLinearProgress-root, .MuiCircularProgress-root');
          }).length,
      ),
    )
    .toBe(0);
}

/** Elements of the page past its right edge, outside a container that scrolls sideways. */
export async function overflowing(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const out: string[] = [];
    if (document.documentElement.scrollWidth > width + 1) out.push(`page ${document.documentElement.scrollWidth} > ${width} body ${document.body.scrollWidth} main ${document.querySelector('main')?.scrollWidth}`);
    for (const el of Array.from(document.querySelectorAll('main *'))) {
      const rect = el.getBoundingClientRect();
      if (rect.width === 0 || rect.right <= width + 1) continue;
      // An icon's inside follows its svg.
      if (el instanceof SVGElement && el.tagName.toLowerCase() !== 'svg') continue;
      let box = el.parentElement;
      while (box && !['auto', 'scroll', 'hidden', 'clip'].includes(getComputedStyle(box).overflowX)) box = box.parentElement;
      if (box && box.getBoundingClientRect().right <= width + 1) continue;
      out.push(`${el.tagName.toLowerCase()}.${String(el.className).slice(0, 60)} « ${(el.textContent ?? '').slice(0, 30)} » ${Math.round(rect.right)}`);
    }
    return out.slice(0, 10);
  });
}

/** Signs in as the demo owner and closes the « nouveautés » dialog if it shows. */
export async function signInAsOwner(page: Page) {
  await uiSignIn(page, 'admin');
  await expect(page).toHaveURL(/\/RealtimeDashboard$/);
  await page
    .getByRole('dialog', { name: 'Découvrez les nouveautés' })
    .getByRole('button', { name: 'Compris' })
    .click({ timeout: 4000 })
    .catch(() => undefined);
}

/** A viewport screenshot and a full-page one, after the page settled and with nothing overflowing. */
export async function shoot(page: Page, name: string, width: number, height: number) {
  await settle(page);
  expect(await overflowing(page)).toEqual([]);
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.mouse.move(width - 1, height - 1);
  await page.screenshot({ path: `test-results/screenshots/${name}-${width}.png`, fullPage: false });
  await page.screenshot({ path: `test-results/screenshots/${name}-${width}-full.png`, fullPage: true });
}
