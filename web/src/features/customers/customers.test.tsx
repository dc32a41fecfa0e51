import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { renderApp } from '../../test/render';
import { user } from '../../test/fixtures';
import { server } from '../../test/server';
import { bpText, contactIdOf, contactPath, displayName, filterQuery, monthText, phoneText, spendText, type Customer } from './format';

const slow = { timeout: 15_000 };
const plain = (s: string | null | undefined) => (s ?? '').replace(/[\u00a0\u202f]/g, ' ');

function customer(id: number, patch: Partial<Customer> = {}): Customer {
  return {
    id,
    firstName: 'Léa',
    lastName: 'Martin',
    phone: '+33612345678',
    email: 'lea@exemple.fr',
    card: '',
    postalCode: '75011',
    birthMonth: 0,
    birthDay: 0,
    smsOptin: true,
    emailOptin: false,
    visits: 3,
    firstVisit: '2026-10-01T10:00:00Z',
    lastVisit: '2026-11-20T12:00:00Z',
    lastRestaurant: { id: 1, name: 'Paris Bastille' },
    spend: [{ cents: 2550, currency: 'EUR', orders: 3 }],
    points: 42,
    lifetimePoints: 50,
    tier: { id: 3, name: 'Or' },
    erased: false,
    version: 2,
    ...patch,
  };
}

describe('customers format', () => {
  it('reads the id at the end of the spec’s contact parameter', () => {
    expect(contactIdOf('0612345678&3f2a-uuid&17')).toBe(17);
    expect(contactIdOf(encodeURIComponent('+33612345678&&5'))).toBe(5);
    expect(contactIdOf('abc')).toBeNull();
    expect(contactIdOf(undefined)).toBeNull();
    expect(contactIdOf(contactPath({ id: 9, phone: '+33612345678' }).split('/').pop())).toBe(9);
  });

  it('writes phones, money per currency, rates and months in French', () => {
    expect(plain(phoneText('+33612345678'))).toBe('06 12 34 56 78');
    expect(phoneText('+442079460958')).toBe('+442079460958');
    expect(plain(spendText([{ cents: 1250, currency: 'EUR', orders: 1 }, { cents: 800, currency: 'CHF', orders: 1 }]))).toBe('12,50 € · 8,00 CHF');
    expect(spendText([])).toBe('—');
    expect(plain(bpText(1250))).toBe('12,5 %');
    expect(monthText('2026-11')).toBe('novembre 2026');
    expect(displayName({ firstName: '', lastName: '', erased: true })).toBe('Client effacé');
    expect(filterQuery({ q: '', optin: 'sms', minVisits: 0, clickCollect: false, page: 0, sort: 'name' })).toEqual({ optin: 'sms', sort: 'name' });
  });
});

describe('Liste des contacts', () => {
  it('lists the customers, sorts on a column and filters by consent', async () => {
    const asked: URLSearchParams[] = [];
    server.use(
      http.get('*/api/v1/customers', ({ request }) => {
        asked.push(new URL(request.url).searchParams);
        return HttpResponse.json({ items: [customer(1), customer(2, { firstName: 'Noé', lastName: 'Durand', phone: '', smsOptin: false, spend: [] })], total: 2, page: 0, pageSize: 50 });
      }),
    );
    renderApp('/mesClients/ListContacts', user('admin'));
    const table = await screen.findByRole('table', { name: 'Clients' }, slow);
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(plain(rows[1]!.textContent)).toContain('Léa Martin');
    expect(plain(rows[1]!.textContent)).toContain('06 12 34 56 78');
    expect(plain(rows[1]!.textContent)).toContain('25,50 €');
    expect(asked[0]!.get('sort')).toBe('lastVisit');
    await userEvent.click(within(table).getByRole('button', { name: 'Visites' }));
    await waitFor(() => expect(asked.at(-1)!.get('sort')).toBe('visits'));
    expect(asked.at(-1)!.get('desc')).toBe('true');
  });

  it('says so when there is no customer yet', async () => {
    server.use(http.get('*/api/v1/customers', () => HttpResponse.json({ items: [], total: 0, page: 0, pageSize: 50 })));
    renderApp('/mesClients/ListContacts', user('admin'));
    expect(await screen.findByText('Aucun client', undefined, slow)).toBeTruthy();
  });

  it('asks the click & collect customers on Mes clients Click & Collect', async () => {
    const asked: URLSearchParams[] = [];
    server.use(
      http.get('*/api/v1/customers', ({ request }) => {
        asked.push(new URL(request.url).searchParams);
        return HttpResponse.json({ items: [], total: 0, page: 0, pageSize: 50 });
      }),
    );
    renderApp('/Cncstats/BetaMonCncClients', user('admin'));
    await screen.findByText('Aucun client', undefined, slow);
    expect(asked[0]!.get('clickCollect')).toBe('true');
  });
});

describe('Fiche contact', () => {
  it('shows the customer, withdraws a consent and erases after confirming', async () => {
    const sent: { method: string; body: unknown }[] = [];
    server.use(
      http.get('*/api/v1/customers/:id', () => HttpResponse.json(customer(7))),
      http.get('*/api/v1/customers/:id/consents', () => HttpResponse.json({ items: [{ channel: 'sms', granted: true, source: 'kiosk', byUser: '', at: '2026-11-20T12:00:00Z' }] })),
      http.get('*/api/v1/customers/:id/orders', () =>
        HttpResponse.json({ items: [{ orderId: 1, tillOrderId: 'B-12', restaurant: { id: 1, name: 'Paris Bastille' }, paidAt: '2026-11-20T12:00:00Z', status: 'paid', source: 'borne', orderType: 2, total: { cents: 1250, currency: 'EUR' }, points: 12 }], total: 1 }),
      ),
      http.put('*/api/v1/customers/:id/consents', async ({ request }) => {
        sent.push({ method: 'PUT', body: await request.json() });
        return HttpResponse.json(customer(7, { smsOptin: false, version: 3 }));
      }),
      http.delete('*/api/v1/customers/:id', () => {
        sent.push({ method: 'DELETE', body: null });
        return new HttpResponse(null, { status: 204 });
      }),
      http.get('*/api/v1/customers', () => HttpResponse.json({ items: [], total: 0, page: 0, pageSize: 50 })),
    );
    renderApp(`/mesClients/contactDetails/${encodeURIComponent('0612345678&uuid&7')}`, user('admin'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Léa Martin' }, slow)).toBeTruthy();
    expect(screen.getByText('Or')).toBeTruthy();
    const orders = await screen.findByRole('table', { name: 'Commandes du client' });
    expect(plain(within(orders).getAllByRole('row')[1]!.textContent)).toContain('B-12');
    expect(within(orders).getByText('Borne')).toBeTruthy();
    expect(within(screen.getByRole('table', { name: 'Historique des consentements' })).getByText('Borne')).toBeTruthy();
    await userEvent.click(screen.getByLabelText('SMS'));
    await waitFor(() => expect(sent[0]).toEqual({ method: 'PUT', body: { channel: 'sms', granted: false } }));
    await userEvent.click(screen.getByRole('button', { name: 'Effacer ce client' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Cet effacement est définitif.')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Effacer' }));
    await waitFor(() => expect(sent.at(-1)!.method).toBe('DELETE'));
  });

  it('does not offer the erasure to a guest', async () => {
    server.use(
      http.get('*/api/v1/customers/:id', () => HttpResponse.json(customer(7))),
      http.get('*/api/v1/customers/:id/consents', () => HttpResponse.json({ items: [] })),
      http.get('*/api/v1/customers/:id/orders', () => HttpResponse.json({ items: [], total: 0 })),
    );
    renderApp('/mesClients/contactDetails/x&y&7', user('guest'));
    await screen.findByRole('heading', { level: 1, name: 'Léa Martin' }, slow);
    expect(screen.queryByRole('button', { name: 'Effacer ce client' })).toBeNull();
  });
});

describe('Tableau de bord clients and Zone de chalandise', () => {
  it('shows the summary cards and the months', async () => {
    server.use(
      http.get('*/api/v1/customers/summary', () =>
        HttpResponse.json({ customers: 1234, newThisMonth: 56, activeLast30Days: 300, smsOptins: 400, emailOptins: 200, repeatRate: 4250, byMonth: [{ month: '2026-11', newCustomers: 56, activeCustomers: 300 }] }),
      ),
    );
    renderApp('/mesClients/dashboard', user('admin'));
    expect(plain((await screen.findByText('Clients', { selector: 'p' }, slow)).parentElement?.textContent)).toContain('1 234');
    expect(plain(screen.getByText('Taux de retour').parentElement?.textContent)).toContain('42,5 %');
    expect(screen.getByText('novembre 2026')).toBeTruthy();
  });

  it('ranks the postal codes with their share', async () => {
    server.use(
      http.get('*/api/v1/customers/catchment', () =>
        HttpResponse.json({ items: [{ postalCode: '75011', customers: 3, orders: 8, total: [{ cents: 9600, currency: 'EUR' }], share: 8000 }, { postalCode: '75012', customers: 1, orders: 2, total: [{ cents: 2000, currency: 'EUR' }], share: 2000 }], knownOrders: 10, unknownOrders: 5 }),
      ),
    );
    renderApp('/mesClients/ZoneChalandise', user('admin'));
    const table = await screen.findByRole('table', { name: 'Zone de chalandise' }, slow);
    const rows = within(table).getAllByRole('row');
    expect(plain(rows[1]!.textContent)).toContain('75011');
    expect(plain(rows[1]!.textContent)).toContain('80 %');
    expect(plain(rows[1]!.textContent)).toContain('96,00 €');
  });
});
