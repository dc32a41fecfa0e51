import { describe, expect, it } from 'vitest';
import type { ReactElement } from 'react';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useNavigate } from 'react-router';
import { http, HttpResponse } from 'msw';
import { AppProviders } from '../../app/App';
import { createQueryClient } from '../../app/queryClient';
import { sessionStore } from '../../app/session';
import { LocationProbe, renderApp, signIn } from '../../test/render';
import { user } from '../../test/fixtures';
import { server } from '../../test/server';
import { NOBODY_ONLINE_TEXT, PresenceMenu } from './components/PresenceMenu';
import { PresenceTracker } from './components/PresenceTracker';
import { NOBODY_ONLINE_PAGE_TEXT, ADMIN_ONLY_TEXT, PresencePage } from './pages/PresencePage';
import { pageTitle, relativeTime } from './format';
import type { PresenceEntry, PresenceReport } from './types';

const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();

function entry(userId: number, userName: string, patch: Partial<PresenceEntry> = {}): PresenceEntry {
  return { userId, userName, role: 'moderator', source: 'Login', page: '/campagne/MesCartes', online: true, lastActive: minutesAgo(0), ...patch };
}

// The session of user('admin') has id 7: the viewer.
const list: PresenceEntry[] = [
  entry(21, 'Camille Invitée', { role: 'guest', online: false, page: '/config/mesTailles', lastActive: minutesAgo(42) }),
  entry(7, 'Brigade Burgers', { role: 'admin', page: '/RealtimeDashboard' }),
  entry(12, 'Burger Bastille', { role: 'restaurant', page: '/campagne/MesCartes/3', lastActive: minutesAgo(2) }),
  // 20 s behind the viewer: the order never hangs on the clock ticking between two entries.
  entry(13, 'Léa Martin', { role: 'moderator', page: '/config/NotificationDetails/4', lastActive: minutesAgo(1 / 3) }),
  entry(30, 'Ancien', { role: 'moderator', online: false, page: '/inconnue', lastActive: minutesAgo(180) }),
];

function renderAt(path: string, ui: ReactElement) {
  const client = createQueryClient();
  client.setDefaultOptions({ queries: { ...client.getDefaultOptions().queries, retry: false } });
  return render(
    <AppProviders client={client}>
      <MemoryRouter initialEntries={[path]}>
        {ui}
        <LocationProbe />
      </MemoryRouter>
    </AppProviders>,
  );
}

describe('Qui est en ligne: the header', () => {
  it('counts the online colleagues and lists them online first, then the recently seen greyed', async () => {
    signIn(user('admin'));
    server.use(http.get('*/api/v1/presence', () => HttpResponse.json({ items: list })));
    renderAt('/RealtimeDashboard', <PresenceMenu />);

    // Two colleagues online: the viewer does not count.
    const button = await screen.findByRole('button', { name: 'Qui est en ligne (2 en ligne)' });
    expect(button.textContent).toContain('2');
    await userEvent.click(button);

    const popover = await screen.findByRole('dialog', { name: 'Qui est en ligne' });
    const rows = within(popover).getAllByTestId('presence-row');
    expect(rows.map((r) => within(r).getByText(/./, { selector: '.MuiListItemText-primary' }).textContent)).toEqual([
      'Léa Martin',
      'Burger Bastille',
      'Camille Invitée',
      'Ancien',
    ]);
    expect(rows.map((r) => r.getAttribute('data-online'))).toEqual(['true', 'true', 'false', 'false']);
    expect(within(rows[0]!).getByText('Modérateur · Nouveautés')).toBeTruthy();
    expect(within(rows[0]!).getByText('à l’instant')).toBeTruthy();
    expect(within(rows[1]!).getByText('Restaurant · Éditeur de carte')).toBeTruthy();
    expect(within(rows[1]!).getByText('il y a 2 min')).toBeTruthy();
    expect(within(rows[2]!).getByText('Invité · Mes Tailles')).toBeTruthy();
    expect(within(rows[2]!).getByText('il y a 42 min')).toBeTruthy();
    expect(within(rows[3]!).getByText('Modérateur · /inconnue')).toBeTruthy();
    expect(within(popover).queryByText('Brigade Burgers')).toBeNull();
    expect(within(popover).getByText('En ligne')).toBeTruthy();
    expect(within(popover).getByText('Vus récemment')).toBeTruthy();

    await userEvent.click(within(popover).getByRole('link', { name: 'Tout voir' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/brigade/presence'));
  });

  it('says so when nobody else is around', async () => {
    signIn(user('admin'));
    server.use(http.get('*/api/v1/presence', () => HttpResponse.json({ items: [entry(7, 'Brigade Burgers', { role: 'admin' })] })));
    renderAt('/RealtimeDashboard', <PresenceMenu />);
    await userEvent.click(await screen.findByRole('button', { name: 'Qui est en ligne' }));
    expect(await screen.findByText(NOBODY_ONLINE_TEXT)).toBeTruthy();
  });

  it('is absent for every other role, which never asks for the list', async () => {
    let asked = 0;
    server.use(
      http.get('*/api/v1/presence', () => {
        asked += 1;
        return HttpResponse.json({ items: list });
      }),
    );
    for (const role of ['moderator', 'guest', 'restaurant', 'superadmin'] as const) {
      signIn(user(role));
      const { unmount } = renderAt('/RealtimeDashboard', <PresenceMenu />);
      await act(() => new Promise((r) => setTimeout(r, 20)));
      expect(screen.queryByRole('button', { name: /Qui est en ligne/ })).toBeNull();
      unmount();
    }
    expect(asked).toBe(0);
  });
});

describe('the signed-in shell', () => {
  it("has the presence button and the bell for an admin, and only the bell for the others", async () => {
    server.use(
      http.get('*/api/v1/presence', () => HttpResponse.json({ items: list })),
      http.get('*/api/v1/notices', () => HttpResponse.json({ items: [], unread: 0, tooltipSeen: true })),
    );
    const { unmount } = renderApp('/RealtimeDashboard', user('admin'));
    expect(await screen.findByRole('button', { name: 'Qui est en ligne (2 en ligne)' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Nouveautés' })).toBeTruthy();
    unmount();

    renderApp('/RealtimeDashboard', user('moderator'));
    expect(await screen.findByRole('button', { name: 'Nouveautés' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Qui est en ligne/ })).toBeNull();
  });
});

describe('Qui est en ligne: the page', () => {
  it('shows everyone in a table, and only the online ones with the En ligne filter', async () => {
    signIn(user('admin'));
    server.use(http.get('*/api/v1/presence', () => HttpResponse.json({ items: list })));
    renderAt('/brigade/presence', <PresencePage />);
    const table = await screen.findByRole('table', { name: 'Qui est en ligne' });
    const names = () =>
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((row) => within(row).getAllByRole('cell')[0]!.querySelector('p')?.textContent);
    expect(names()).toEqual(['Brigade Burgers', 'Léa Martin', 'Burger Bastille', 'Camille Invitée', 'Ancien']);
    expect(within(table).getByText('Vous')).toBeTruthy();
    expect(within(table).getAllByText('Hors ligne')).toHaveLength(2);
    expect(within(table).getByText('Administrateur')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'En ligne (3)' }));
    expect(names()).toEqual(['Brigade Burgers', 'Léa Martin', 'Burger Bastille']);
    expect(within(table).queryByText('Hors ligne')).toBeNull();
  });

  it('says when nobody is online under the En ligne filter', async () => {
    signIn(user('admin'));
    server.use(http.get('*/api/v1/presence', () => HttpResponse.json({ items: [entry(30, 'Ancien', { online: false })] })));
    renderAt('/brigade/presence', <PresencePage />);
    await userEvent.click(await screen.findByRole('button', { name: 'En ligne (0)' }));
    expect(await screen.findByText(NOBODY_ONLINE_PAGE_TEXT)).toBeTruthy();
  });

  it('is reserved to the admin', async () => {
    signIn(user('guest'));
    renderAt('/brigade/presence', <PresencePage />);
    expect(await screen.findByText(ADMIN_ONLY_TEXT)).toBeTruthy();
  });
});

/** The route as the app shows it; a button stands for a link in the side menu. */
function Go({ to }: { to: string }) {
  const navigate = useNavigate();
  return (
    <button type="button" onClick={() => void navigate(to)}>
      aller {to}
    </button>
  );
}

describe('PresenceTracker (component)', () => {
  function capture() {
    const reports: (PresenceReport & { auth: string | null; keepalive: boolean })[] = [];
    server.use(
      http.post('*/api/v1/presence', async ({ request }) => {
        reports.push({ ...((await request.json()) as PresenceReport), auth: request.headers.get('Authorization'), keepalive: request.keepalive });
        return new HttpResponse(null, { status: 204 });
      }),
    );
    return reports;
  }

  it('reports nothing before activity, then online with the route, the new route, and offline on sign-out', async () => {
    const reports = capture();
    signIn(user('admin'));
    renderAt(
      '/campagne/MesCartes',
      <>
        <PresenceTracker />
        <Go to="/config/mesTailles" />
      </>,
    );
    await act(() => new Promise((r) => setTimeout(r, 30)));
    expect(reports).toEqual([]);

    fireEvent.mouseMove(window);
    await waitFor(() => expect(reports).toHaveLength(1));
    expect(reports[0]).toMatchObject({ page: '/campagne/MesCartes', online: true, auth: 'Bearer token-admin' });

    // pointer down (online already: no report), then the route change: reported.
    await userEvent.click(screen.getByRole('button', { name: 'aller /config/mesTailles' }));
    await waitFor(() => expect(reports).toHaveLength(2));
    expect(reports[1]).toMatchObject({ page: '/config/mesTailles', online: true });

    act(() => sessionStore.signOut());
    await waitFor(() => expect(reports).toHaveLength(3));
    // Signed with the session that just ended, on a request that outlives the page.
    expect(reports[2]).toMatchObject({ page: '/config/mesTailles', online: false, auth: 'Bearer token-admin', keepalive: true });
  });

  it('reports offline when the page is unloaded', async () => {
    const reports = capture();
    signIn(user('guest'));
    renderAt('/RealtimeDashboard', <PresenceTracker />);
    fireEvent.keyDown(window, { key: 'a' });
    await waitFor(() => expect(reports).toHaveLength(1));
    fireEvent(window, new Event('pagehide'));
    await waitFor(() => expect(reports).toHaveLength(2));
    expect(reports[1]).toMatchObject({ page: '/RealtimeDashboard', online: false, auth: 'Bearer token-guest', keepalive: true });
  });

  it('never reports from a sign-in page', async () => {
    const reports = capture();
    signIn(user('admin'));
    renderAt('/auth/404', <PresenceTracker />);
    fireEvent.pointerDown(window);
    fireEvent.mouseMove(window);
    await act(() => new Promise((r) => setTimeout(r, 50)));
    expect(reports).toEqual([]);
  });
});

describe('Qui est en ligne: formats', () => {
  it('names a page by its route title', () => {
    expect(pageTitle('/campagne/MesCartes')).toBe('Mes Cartes');
    expect(pageTitle('/campagne/MesCartes/12')).toBe('Éditeur de carte');
    expect(pageTitle('/config/CarteTrash?x=1')).toBe('Corbeille');
    expect(pageTitle('/brigade/presence')).toBe('Qui est en ligne');
    expect(pageTitle('/nulle/part')).toBe('/nulle/part');
  });

  it('says how long ago in French', () => {
    const now = Date.parse('2026-11-21T10:00:00Z');
    expect(relativeTime('2026-11-21T09:59:30Z', now)).toBe('à l’instant');
    expect(relativeTime('2026-11-21T09:58:00Z', now)).toBe('il y a 2 min');
    expect(relativeTime('2026-11-21T07:00:00Z', now)).toBe('il y a 3 h');
    expect(relativeTime('2026-11-19T10:00:00Z', now)).toBe('il y a 2 j');
    expect(relativeTime('2026-11-21T10:05:00Z', now)).toBe('à l’instant');
  });
});
