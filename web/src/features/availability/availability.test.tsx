import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { renderApp } from '../../test/render';
import { user } from '../../test/fixtures';
import { server } from '../../test/server';
import type { AvailabilityElement, OpeningHours, RestaurantAvailability } from '../../api/types';
import { addDays, filterElements, groupsOf, nextSlot, slotProblems, soldOutText } from './model';

const el = (kind: 'product' | 'option', idGlobal: string, name: string, group: string, patch: Partial<AvailabilityElement> = {}): AvailabilityElement => ({
  kind,
  idGlobal,
  name,
  group,
  ...patch,
});

const elements = [
  el('product', 'P1', 'Burger Classique', 'Burgers'),
  el('product', 'P2', 'Crème brûlée', 'Desserts'),
  el('option', 'O1', 'Bacon', 'Suppléments'),
];

describe('availability model', () => {
  it('filters by name, category and kind, accents ignored', () => {
    expect(filterElements(elements, { search: 'creme', group: '', kind: 'all' }).map((e) => e.idGlobal)).toEqual(['P2']);
    expect(filterElements(elements, { search: '', group: 'Burgers', kind: 'product' }).map((e) => e.idGlobal)).toEqual(['P1']);
    expect(filterElements(elements, { search: '', group: '', kind: 'option' }).map((e) => e.idGlobal)).toEqual(['O1']);
    expect(filterElements(elements, { search: 'supplé', group: '', kind: 'all' }).map((e) => e.idGlobal)).toEqual(['O1']);
    expect(groupsOf(elements, 'product')).toEqual(['Burgers', 'Desserts']);
  });

  it('says how long a sold-out lasts in the restaurant’s zone, in French', () => {
    expect(soldOutText({ mode: 'today', untilDate: '2025-06-10', until: '2025-06-11T00:00:00Z' }, 'Europe/Paris')).toBe("Pour aujourd'hui, jusqu'à 02:00");
    expect(soldOutText({ mode: 'date', untilDate: '2025-12-25', until: '2025-12-25T23:00:00Z' }, 'Europe/Paris')).toBe("Jusqu'au jeudi 25 décembre inclus");
    expect(addDays('2025-12-31', 1)).toBe('2026-01-01');
  });

  it('finds the slot problems the server refuses, before saving', () => {
    expect(slotProblems([{ open: '11:30', close: '14:30' }, { open: '18:30', close: '01:00' }])).toEqual([null, null]);
    expect(slotProblems([{ open: '14:30', close: '11:30' }])[0]).toMatch(/fermeture doit suivre/);
    expect(slotProblems([{ open: '11:30', close: '11:30' }])[0]).toBe("L'heure de fermeture doit suivre l'heure d'ouverture.");
    expect(slotProblems([{ open: '9:00', close: '12:00' }])[0]).toMatch(/HH:MM/);
    expect(slotProblems([{ open: '11:30', close: '14:30' }, { open: '14:00', close: '15:00' }])).toEqual([null, 'Ce créneau chevauche 11:30–14:30.']);
    expect(nextSlot([])).toEqual({ open: '11:30', close: '14:30' });
    expect(nextSlot([{ open: '11:30', close: '14:30' }])).toEqual({ open: '18:30', close: '22:30' });
  });
});

function screenData(patch: Partial<RestaurantAvailability> = {}): RestaurantAvailability {
  return {
    restaurantId: 1,
    nom: 'Burger Bastille',
    timeZone: 'Europe/Paris',
    deployed: true,
    today: '2025-06-10',
    endOfToday: '2025-06-10T22:00:00Z',
    elements,
    soldOut: [],
    ...patch,
  };
}

function week() {
  return [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, slots: [] }));
}

const allDay = { alwaysOpen: true, weekly: week(), exceptions: [] };
const hours: OpeningHours = {
  restaurantId: 1,
  timeZone: 'Europe/Paris',
  version: 0,
  hours: { borne: allDay, clickncollect: allDay, caisse: allDay },
  open: { borne: { open: true }, clickncollect: { open: true }, caisse: { open: true } },
};

function serve(data: RestaurantAvailability) {
  const calls = { set: [] as unknown[], clear: [] as string[], hours: [] as { ifMatch: string | null; body: unknown }[] };
  server.use(
    http.get('*/api/v1/franchise', () => HttpResponse.json({ currency: 'EUR' })),
    http.get('*/api/v1/restaurants/:rid/availability', () => HttpResponse.json(data)),
    http.put('*/api/v1/restaurants/:rid/availability/soldout', async ({ request }) => {
      const body = (await request.json()) as { idGlobal: string; mode: 'today' | 'date'; date?: string };
      calls.set.push(body);
      return HttpResponse.json({ ...body, kind: 'product', name: 'Burger Classique', group: 'Burgers', untilDate: body.date ?? data.today, until: data.endOfToday, setBy: 'x', setAt: data.endOfToday });
    }),
    http.delete('*/api/v1/restaurants/:rid/availability/soldout', ({ request }) => {
      calls.clear.push(new URL(request.url).searchParams.get('idGlobal') ?? '');
      return new HttpResponse(null, { status: 204 });
    }),
    http.get('*/api/v1/restaurants/:rid/hours', () => HttpResponse.json(hours, { headers: { ETag: '"0"' } })),
    http.put('*/api/v1/restaurants/:rid/hours', async ({ request }) => {
      const body = await request.json();
      calls.hours.push({ ifMatch: request.headers.get('If-Match'), body });
      return HttpResponse.json({ ...hours, version: 1, hours: body });
    }),
  );
  return calls;
}

beforeAll(() => configure({ asyncUtilTimeout: 15_000 }));
afterAll(() => configure({ asyncUtilTimeout: 5000 }));
beforeEach(() => window.sessionStorage.clear());

describe('Gestion Produits', () => {
  it('asks for a restaurant first', async () => {
    serve(screenData());
    renderApp('/brigade/gestionProduits', user('admin'));
    expect(await screen.findByText(/Choisissez un restaurant pour gérer/)).toBeTruthy();
  });

  it('marks a product sold out for today, and puts a sold-out one back on sale', async () => {
    window.sessionStorage.setItem('brigade.restaurant', '1');
    const calls = serve(
      screenData({
        soldOut: [{ kind: 'option', idGlobal: 'O1', name: 'Bacon', group: 'Suppléments', mode: 'date', untilDate: '2025-12-25', until: '2025-12-25T23:00:00Z', setBy: 'Julien', setAt: '2025-06-10T10:00:00Z' }],
      }),
    );
    renderApp('/brigade/gestionProduits', user('admin'));
    await userEvent.click(await screen.findByRole('switch', { name: 'Épuisé : Burger Classique' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/Jusqu'à la fin de la journée du restaurant, 00:00/)).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Marquer épuisé' }));
    await waitFor(() => expect(calls.set).toEqual([{ kind: 'product', idGlobal: 'P1', mode: 'today' }]));
    expect(await screen.findByText('« Burger Classique » est épuisé.')).toBeTruthy();

    const list = screen.getByRole('list', { name: 'Épuisés maintenant' });
    expect(within(list).getByText("Jusqu'au jeudi 25 décembre inclus")).toBeTruthy();
    await userEvent.click(within(list).getByRole('button', { name: 'Remettre en vente' }));
    await waitFor(() => expect(calls.clear).toEqual(['O1']));
  });

  it('says when the restaurant has no deployed menu', async () => {
    window.sessionStorage.setItem('brigade.restaurant', '1');
    serve(screenData({ deployed: false, elements: [] }));
    renderApp('/brigade/gestionProduits', user('admin'));
    expect(await screen.findByText(/Aucune carte n'a encore été déployée/)).toBeTruthy();
  });

  it('edits weekly slots, refuses a bad slot before saving, and saves with If-Match', async () => {
    window.sessionStorage.setItem('brigade.restaurant', '1');
    const calls = serve(screenData());
    renderApp('/brigade/gestionProduits?onglet=horaires', user('admin'));
    await userEvent.click(await screen.findByLabelText('Sans restriction horaire'));
    const addButtons = await screen.findAllByRole('button', { name: 'Créneau' });
    await userEvent.click(addButtons[0]!); // lundi 11:30–14:30
    const close = screen.getAllByLabelText('Fermeture')[0]!;
    await userEvent.clear(close);
    await userEvent.type(close, '10:00');
    expect(await screen.findByText(/fermeture doit suivre/)).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Enregistrer' }) as HTMLButtonElement).disabled).toBe(true);
    await userEvent.clear(close);
    await userEvent.type(close, '14:30');
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(calls.hours).toHaveLength(1));
    const saved = calls.hours[0]!;
    expect(saved.ifMatch).toBe('"0"');
    expect((saved.body as { borne: { alwaysOpen: boolean; weekly: { slots: unknown[] }[] } }).borne.alwaysOpen).toBe(false);
    expect((saved.body as { borne: { weekly: { slots: unknown[] }[] } }).borne.weekly[0]!.slots).toEqual([{ open: '11:30', close: '14:30' }]);
  });
});
