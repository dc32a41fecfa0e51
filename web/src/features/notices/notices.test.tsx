import { describe, expect, it, vi } from 'vitest';
import type { ReactElement } from 'react';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { http, HttpResponse } from 'msw';
import { AppProviders } from '../../app/App';
import { createQueryClient } from '../../app/queryClient';
import { LocationProbe, signIn } from '../../test/render';
import { user } from '../../test/fixtures';
import { server } from '../../test/server';
import { NoticesBell } from './components/NoticesBell';
import { NoticeDetailsPage } from './pages/NoticeDetailsPage';
import { FIRST_VIEW_TEXT, NO_NOTICE_TEXT, NOTICE_NOT_FOUND_TEXT } from './texts';
import { noticeDate, paragraphs, safeUrl } from './format';
import type { Notice, NoticeFeed } from './types';

function notice(id: number, patch: Partial<Notice> = {}): Notice {
  return {
    id,
    title: `Nouveauté ${id}`,
    date: '2026-11-20',
    type: 'new_feature',
    shortDescription: `Résumé ${id}`,
    content: 'Premier paragraphe.\n\nDeuxième paragraphe.',
    contentUrl: '',
    roles: ['admin', 'guest'],
    domaineName: '',
    read: false,
    ...patch,
  };
}

function feed(items: Notice[], patch: Partial<NoticeFeed> = {}): NoticeFeed {
  return { items, unread: items.filter((n) => !n.read).length, tooltipSeen: true, ...patch };
}

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

/** The bell, plus the details route, as the shell and the lead's route table put them. */
function renderShell(path = '/RealtimeDashboard') {
  signIn(user('admin'));
  return renderAt(
    path,
    <>
      <NoticesBell />
      <Routes>
        <Route path="/config/NotificationDetails/:id" element={<NoticeDetailsPage />} />
        <Route path="*" element={null} />
      </Routes>
    </>,
  );
}

const location = () => screen.getByTestId('location').textContent;

describe('Nouveautés: the bell', () => {
  it('shows the unread count on the bell, and no badge at 0', async () => {
    server.use(http.get('*/api/v1/notices', () => HttpResponse.json(feed([notice(1), notice(2), notice(3, { read: true })]))));
    const { unmount } = renderShell();
    const bell = await screen.findByRole('button', { name: 'Nouveautés (2 non lues)' });
    expect(within(bell).getByTestId('notices-badge').textContent).toContain('2');
    unmount();

    let served = 0;
    server.use(
      http.get('*/api/v1/notices', () => {
        served += 1;
        return HttpResponse.json(feed([notice(3, { read: true })]));
      }),
    );
    renderShell();
    await waitFor(() => expect(served).toBe(1));
    await act(() => new Promise((r) => setTimeout(r, 50)));
    expect(screen.getByRole('button', { name: 'Nouveautés' })).toBeTruthy();
    expect(screen.queryByTestId('notices-badge')).toBeNull();
  });

  it('asks for the feed of this domain', async () => {
    let domain: string | null = null;
    server.use(
      http.get('*/api/v1/notices', ({ request }) => {
        domain = new URL(request.url).searchParams.get('domain');
        return HttpResponse.json(feed([]));
      }),
    );
    renderShell();
    await waitFor(() => expect(domain).toBe(window.location.hostname));
  });

  it('lists the notices with French dates and unread dots, and opens one', async () => {
    server.use(
      http.get('*/api/v1/notices', () =>
        HttpResponse.json(feed([notice(7, { title: 'Export des produits', date: '2026-11-20' }), notice(4, { date: '2026-11-01', read: true })])),
      ),
      http.post('*/api/v1/notices/7/open', () => HttpResponse.json(notice(7, { title: 'Export des produits', read: true }))),
    );
    renderShell();
    await userEvent.click(await screen.findByRole('button', { name: 'Nouveautés (1 non lue)' }));
    const list = await screen.findByRole('list', { name: 'Liste des nouveautés' });
    const rows = within(list).getAllByTestId('notice-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('Export des produits')).toBeTruthy();
    expect(within(rows[0]!).getByText('le 20 novembre 2026')).toBeTruthy();
    expect(within(rows[0]!).getByText('Résumé 7')).toBeTruthy();
    expect(within(rows[0]!).getByRole('img', { name: 'Non lue' })).toBeTruthy();
    expect(within(rows[1]!).getByText('le 1er novembre 2026')).toBeTruthy();
    expect(within(rows[1]!).queryByRole('img', { name: 'Non lue' })).toBeNull();

    await userEvent.click(rows[0]!);
    await waitFor(() => expect(location()).toBe('/config/NotificationDetails/7'));
  });

  it('says when there is no notice, without the first-view tooltip', async () => {
    server.use(http.get('*/api/v1/notices', () => HttpResponse.json(feed([], { tooltipSeen: false }))));
    renderShell();
    await userEvent.click(await screen.findByRole('button', { name: 'Nouveautés' }));
    expect(await screen.findByText(NO_NOTICE_TEXT)).toBeTruthy();
    expect(screen.queryByText(FIRST_VIEW_TEXT)).toBeNull();
  });

  it('shows the first-view tooltip once and tells the server when it is closed', async () => {
    let seen = 0;
    let tooltipSeen = false;
    server.use(
      http.get('*/api/v1/notices', () => HttpResponse.json(feed([notice(1)], { tooltipSeen }))),
      http.post('*/api/v1/notices/tooltip-seen', () => {
        seen += 1;
        tooltipSeen = true;
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { unmount } = renderShell();
    expect(await screen.findByText(FIRST_VIEW_TEXT)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Compris' }));
    await waitFor(() => expect(screen.queryByText(FIRST_VIEW_TEXT)).toBeNull());
    await waitFor(() => expect(seen).toBe(1));

    // Opening the bell afterwards says nothing more.
    await userEvent.click(screen.getByRole('button', { name: /Nouveautés/ }));
    await screen.findByRole('list', { name: 'Liste des nouveautés' });
    expect(seen).toBe(1);
    unmount();

    // Next visit: the server remembers.
    renderShell();
    await screen.findByRole('button', { name: 'Nouveautés (1 non lue)' });
    await act(() => new Promise((r) => setTimeout(r, 50)));
    expect(screen.queryByText(FIRST_VIEW_TEXT)).toBeNull();
    expect(seen).toBe(1);
  });

  it('shows the first-view callout in the header row beside the bell, never floating over the page', async () => {
    server.use(http.get('*/api/v1/notices', () => HttpResponse.json(feed([notice(1)], { tooltipSeen: false }))));
    signIn(user('admin'));
    renderAt(
      '/RealtimeDashboard',
      <>
        <header data-testid="header">
          <NoticesBell />
        </header>
        <main>Filtres et sous-titre</main>
      </>,
    );
    const callout = await screen.findByRole('dialog', { name: 'Découvrez les nouveautés' });
    // Inside the header itself (a floating popper lives in a portal at the end of <body>).
    expect(screen.getByTestId('header').contains(callout)).toBe(true);
    // The bell stays right of it, in the same row.
    const bell = screen.getByRole('button', { name: /^Nouveautés/ });
    expect(callout.compareDocumentPosition(bell) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('counts opening the bell as closing the first-view tooltip', async () => {
    let seen = 0;
    server.use(
      http.get('*/api/v1/notices', () => HttpResponse.json(feed([notice(1)], { tooltipSeen: false }))),
      http.post('*/api/v1/notices/tooltip-seen', () => {
        seen += 1;
        return new HttpResponse(null, { status: 204 });
      }),
    );
    renderShell();
    await screen.findByText(FIRST_VIEW_TEXT);
    await userEvent.click(screen.getByRole('button', { name: /Nouveautés/ }));
    await waitFor(() => expect(seen).toBe(1));
    await userEvent.keyboard('{Escape}');
    await act(() => new Promise((r) => setTimeout(r, 50)));
    expect(screen.queryByText(FIRST_VIEW_TEXT)).toBeNull();
    expect(seen).toBe(1);
  });
});

describe('Nouveautés: the details page', () => {
  it('marks the notice read on opening and shows its date, paragraphs and link', async () => {
    let opened: URL | null = null;
    let read = false;
    const detailed = notice(5, {
      title: 'Tableau de bord temps réel',
      content: 'Suivez vos ventes en direct.\n\nLes graphiques se mettent à jour\nsans recharger.\r\n\r\nBonne découverte !',
      contentUrl: 'https://brigade.example/blog/temps-reel',
    });
    let feeds = 0;
    server.use(
      http.get('*/api/v1/notices', () => {
        feeds += 1;
        return HttpResponse.json(feed([{ ...detailed, read }]));
      }),
      http.post('*/api/v1/notices/5/open', ({ request }) => {
        opened = new URL(request.url);
        read = true;
        return HttpResponse.json({ ...detailed, read: true });
      }),
    );
    renderShell('/config/NotificationDetails/5');

    expect(await screen.findByRole('heading', { level: 1, name: 'Tableau de bord temps réel' })).toBeTruthy();
    expect(opened!.searchParams.get('domain')).toBe(window.location.hostname);
    const crumbs = screen.getByRole('navigation', { name: "Fil d'Ariane" });
    expect(within(crumbs).getByRole('link', { name: 'Accueil' })).toBeTruthy();
    expect(within(crumbs).getByText('Nouveautés')).toBeTruthy();
    expect(within(crumbs).getByText('Tableau de bord temps réel')).toBeTruthy();
    expect(screen.getByText('Publiée le 20 novembre 2026')).toBeTruthy();
    const content = screen.getByTestId('notice-content');
    expect(Array.from(content.children).map((p) => p.textContent)).toEqual([
      'Suivez vos ventes en direct.',
      'Les graphiques se mettent à jour\nsans recharger.',
      'Bonne découverte !',
    ]);
    const more = screen.getByRole('link', { name: /En savoir plus/ });
    expect(more.getAttribute('href')).toBe('https://brigade.example/blog/temps-reel');
    expect(more.getAttribute('target')).toBe('_blank');

    // The feed is asked again after the opening: the badge goes away.
    await waitFor(() => expect(feeds).toBeGreaterThanOrEqual(2));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Nouveautés' })).toBeTruthy());
    expect(screen.queryByTestId('notices-badge')).toBeNull();
  });

  it('has no link without a content URL, and goes back with Retour', async () => {
    server.use(
      http.get('*/api/v1/notices', () => HttpResponse.json(feed([]))),
      http.post('*/api/v1/notices/8/open', () => HttpResponse.json(notice(8, { read: true, contentUrl: 'javascript:alert(1)' }))),
    );
    renderShell('/config/NotificationDetails/8');
    await screen.findByRole('heading', { level: 1, name: 'Nouveauté 8' });
    expect(screen.queryByRole('link', { name: /En savoir plus/ })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Retour' }));
    await waitFor(() => expect(location()).toBe('/RealtimeDashboard'));
  });

  it('says the notice is not found on a 404, with a link home', async () => {
    server.use(
      http.get('*/api/v1/notices', () => HttpResponse.json(feed([]))),
      http.post('*/api/v1/notices/99/open', () =>
        HttpResponse.json(
          { status: 404, title: 'Not Found', detail: "L'élément demandé est introuvable." },
          { status: 404, headers: { 'Content-Type': 'application/problem+json' } },
        ),
      ),
    );
    renderShell('/config/NotificationDetails/99');
    expect(await screen.findByText(NOTICE_NOT_FOUND_TEXT)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Retour à l’accueil' }).getAttribute('href')).toBe('/RealtimeDashboard');
  });

  it('does not call the server for an id that is not a number', async () => {
    const open = vi.fn();
    server.use(
      http.get('*/api/v1/notices', () => HttpResponse.json(feed([]))),
      http.post('*/api/v1/notices/:id/open', () => {
        open();
        return HttpResponse.json(notice(1));
      }),
    );
    renderShell('/config/NotificationDetails/abc');
    expect(await screen.findByText(NOTICE_NOT_FOUND_TEXT)).toBeTruthy();
    expect(open).not.toHaveBeenCalled();
  });

  it('shows the generic error with a retry on a server failure', async () => {
    let fail = true;
    server.use(
      http.get('*/api/v1/notices', () => HttpResponse.json(feed([]))),
      http.post('*/api/v1/notices/3/open', () =>
        fail
          ? HttpResponse.json({ status: 500, title: 'Erreur', detail: 'boom' }, { status: 500, headers: { 'Content-Type': 'application/problem+json' } })
          : HttpResponse.json(notice(3, { read: true })),
      ),
    );
    renderShell('/config/NotificationDetails/3');
    const alert = await screen.findByRole('alert');
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Réessayer' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Nouveauté 3' })).toBeTruthy();
  });
});

describe('Nouveautés: formats', () => {
  it('writes dates the French way', () => {
    expect(noticeDate('2026-11-20')).toBe('le 20 novembre 2026');
    expect(noticeDate('2026-05-01')).toBe('le 1er mai 2026');
    expect(noticeDate('2026-02-03')).toBe('le 3 février 2026');
    expect(noticeDate('bientôt')).toBe('bientôt');
  });

  it('splits paragraphs on blank lines', () => {
    expect(paragraphs('a\n\nb\n \nc\nd\n\n\n')).toEqual(['a', 'b', 'c\nd']);
    expect(paragraphs('')).toEqual([]);
  });

  it('keeps only web links', () => {
    expect(safeUrl('https://brigade.example/a')).toBe('https://brigade.example/a');
    expect(safeUrl('javascript:alert(1)')).toBeNull();
    expect(safeUrl('  ')).toBeNull();
  });
});
