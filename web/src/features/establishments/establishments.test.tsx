import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { renderApp, renderWithProviders } from '../../test/render';
import { restaurant, user } from '../../test/fixtures';
import { server } from '../../test/server';
import type { Equipment, IssuedKey } from '../../api/types';
import { KEY_WARNING, KeyDialog } from './components/KeyDialog';
import { LastSeen } from './components/LastSeen';

const problem = (status: number, detail: string, errors: { location: string; message: string }[] = []) =>
  HttpResponse.json({ status, title: 'Unprocessable Entity', detail, errors }, { status, headers: { 'Content-Type': 'application/problem+json' } });

function device(patch: Partial<Equipment> = {}): Equipment {
  return {
    id: 31,
    restaurantId: 1,
    kind: 'borne',
    name: 'Borne 1',
    user_keen_id: '12345678900001-borne-1',
    hasKey: false,
    keyHint: '',
    keyIssuedAt: null,
    lastSeenAt: null,
    ...patch,
  };
}

const location = () => screen.getByTestId('location').textContent;

/** The page loads on demand: the first render of a test file can take a moment. */
const slow = { timeout: 5000 };

async function openNewRestaurant() {
  renderApp('/etablissements/lists', user('admin'));
  await userEvent.click(await screen.findByRole('button', { name: 'Ajouter un restaurant' }, slow));
  return screen.findByRole('dialog', { name: 'Ajouter un restaurant' });
}

describe('new restaurant form', () => {
  it("puts the server's SIRET error on the SIRET field and keeps what was typed", async () => {
    const sent: unknown[] = [];
    server.use(
      http.post('*/api/v1/restaurants', async ({ request }) => {
        const body = (await request.json()) as { siret: string };
        sent.push(body);
        return problem(422, `Le SIRET ${body.siret} n'est pas valide : sa clé de contrôle est incorrecte.`, [
          { location: 'body.siret', message: `Le SIRET ${body.siret} n'est pas valide : sa clé de contrôle est incorrecte.` },
        ]);
      }),
    );
    const dialog = await openNewRestaurant();
    await userEvent.type(within(dialog).getByLabelText(/Nom du restaurant/), 'Burger Montparnasse');
    await userEvent.type(within(dialog).getByLabelText(/^SIRET/), '7328 2932 000075');
    await userEvent.type(within(dialog).getByLabelText(/^Ville/), 'Paris');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Ajouter le restaurant' }));

    const message = "Le SIRET 73282932000075 n'est pas valide : sa clé de contrôle est incorrecte.";
    const siret = within(dialog).getByLabelText(/^SIRET/);
    await waitFor(() => expect(siret.getAttribute('aria-invalid')).toBe('true'));
    // The message is the field's own helper text, not a banner elsewhere.
    expect(siret.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(siret.getAttribute('aria-describedby')!)?.textContent).toBe(message);
    expect(within(dialog).queryByRole('alert')).toBeNull();
    expect((within(dialog).getByLabelText(/Nom du restaurant/) as HTMLInputElement).value).toBe('Burger Montparnasse');
    expect((within(dialog).getByLabelText(/^Ville/) as HTMLInputElement).value).toBe('Paris');
    expect((siret as HTMLInputElement).value).toBe('7328 2932 000075');
    // Sent without spaces, with the country's default time zone.
    expect(sent).toEqual([expect.objectContaining({ siret: '73282932000075', countryCode: 'FR', timeZone: 'Europe/Paris' })]);
  });

  it('shows a problem without a field in a banner', async () => {
    server.use(http.post('*/api/v1/restaurants', () => problem(403, "Vous n'avez pas les droits nécessaires pour cette action.")));
    const dialog = await openNewRestaurant();
    await userEvent.type(within(dialog).getByLabelText(/Nom du restaurant/), 'Burger Montparnasse');
    await userEvent.type(within(dialog).getByLabelText(/^SIRET/), '73282932000074');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Ajouter le restaurant' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe("Vous n'avez pas les droits nécessaires pour cette action.");
    expect((within(dialog).getByLabelText(/Nom du restaurant/) as HTMLInputElement).value).toBe('Burger Montparnasse');
  });

  it('checks a French SIRET has 14 digits before asking the server', async () => {
    const post = vi.fn();
    server.use(http.post('*/api/v1/restaurants', () => post()));
    const dialog = await openNewRestaurant();
    await userEvent.type(within(dialog).getByLabelText(/Nom du restaurant/), 'Burger');
    await userEvent.type(within(dialog).getByLabelText(/^SIRET/), '1234');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Ajouter le restaurant' }));
    expect(await within(dialog).findByText('Le SIRET doit comporter 14 chiffres.')).toBeTruthy();
    expect(post).not.toHaveBeenCalled();
  });

  it('lets the country choose the time zone and name the registration number', async () => {
    const dialog = await openNewRestaurant();
    expect((within(dialog).getByRole('combobox', { name: /Fuseau horaire/ }) as HTMLInputElement).value).toBe('Europe/Paris');
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Pays' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Maroc' }));
    expect((within(dialog).getByRole('combobox', { name: /Fuseau horaire/ }) as HTMLInputElement).value).toBe('Africa/Casablanca');
    expect(within(dialog).getByLabelText(/^ICE/)).toBeTruthy();
    expect(within(dialog).getByText(/Identifiant commun de l'entreprise/)).toBeTruthy();
  });

  it('opens the new restaurant once it is created', async () => {
    const created = { ...restaurant(9, 'Burger Montparnasse', 'Paris'), siret: '73282932000074' };
    server.use(
      http.post('*/api/v1/restaurants', () => HttpResponse.json(created, { status: 201 })),
      http.get('*/api/v1/restaurants/9', () => HttpResponse.json(created)),
      http.get('*/api/v1/restaurants/9/equipments', () => HttpResponse.json({ items: [], total: 0 })),
      http.get('*/api/v1/history', () => HttpResponse.json({ items: [], total: 0 })),
    );
    const dialog = await openNewRestaurant();
    await userEvent.type(within(dialog).getByLabelText(/Nom du restaurant/), 'Burger Montparnasse');
    await userEvent.type(within(dialog).getByLabelText(/^SIRET/), '73282932000074');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Ajouter le restaurant' }));
    await waitFor(() => expect(location()).toBe('/etablissements/modifier/9'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Burger Montparnasse' })).toBeTruthy();
    expect(await screen.findByText('Aucune caisse ni borne')).toBeTruthy();
  });
});

describe('restaurants list', () => {
  it('filters as the user types and hides the add button from non-admins', async () => {
    const { unmount } = renderApp('/etablissements/lists', user('admin'));
    const table = await screen.findByRole('table', { name: 'Restaurants' }, slow);
    expect(within(table).getAllByRole('link')).toHaveLength(4);
    await userEvent.type(screen.getByPlaceholderText('Rechercher un restaurant...'), 'marseille');
    expect(within(table).getAllByRole('link').map((a) => a.textContent)).toEqual(['Pizza Vieux-Port']);
    unmount();

    renderApp('/etablissements/lists', user('guest'));
    expect(await screen.findByRole('table', { name: 'Restaurants' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Ajouter un restaurant' })).toBeNull();
  });

  it('asks for archived restaurants only when the toggle is on', async () => {
    const asked: string[] = [];
    server.use(
      http.get('*/api/v1/restaurants', ({ request }) => {
        const all = new URL(request.url).searchParams.get('includeArchived') === 'true';
        asked.push(all ? 'all' : 'active');
        const items = all ? [restaurant(1, 'Burger Bastille'), { ...restaurant(5, 'Burger Fermé'), archived: true }] : [restaurant(1, 'Burger Bastille')];
        return HttpResponse.json({ items, total: items.length });
      }),
    );
    renderApp('/etablissements/lists', user('admin'));
    const table = await screen.findByRole('table', { name: 'Restaurants' }, slow);
    expect(within(table).queryByText('Burger Fermé')).toBeNull();
    await userEvent.click(screen.getByRole('switch', { name: 'Afficher les archivés' }));
    const row = (await within(table).findByText('Burger Fermé')).closest('tr')!;
    expect(within(row).getByText('Archivé')).toBeTruthy();
    expect(asked).toEqual(['active', 'all']);
  });
});

describe('device keys', () => {
  const issued: IssuedKey = {
    key: 'brg_dev_abcdefghijklmnopqrstuvwxyz234567',
    equipment: device({ hasKey: true, keyHint: '4567', keyIssuedAt: '2025-03-14T11:00:00Z' }),
  };

  it('shows the key once, with its warning, and copies it', async () => {
    const events = userEvent.setup();
    const onClose = vi.fn();
    const { rerender } = renderWithProviders(<KeyDialog issued={issued} onClose={onClose} />);
    const dialog = await screen.findByRole('dialog', { name: /Clé de « Borne 1 »/ });
    expect(within(dialog).getByText(KEY_WARNING)).toBeTruthy();
    expect(KEY_WARNING.startsWith('Cette clé ne sera plus jamais affichée')).toBe(true);
    const field = within(dialog).getByLabelText("Clé de l'équipement") as HTMLInputElement;
    expect(field.value).toBe(issued.key);
    expect(field.readOnly).toBe(true);

    await events.click(within(dialog).getByRole('button', { name: 'Copier la clé' }));
    expect(await navigator.clipboard.readText()).toBe(issued.key);
    expect(within(dialog).getByRole('button', { name: 'Copier la clé' }).textContent).toBe('Copiée');
    expect(within(dialog).getByText('Clé copiée dans le presse-papiers.')).toBeTruthy();

    await events.click(within(dialog).getByRole('button', { name: 'Terminé' }));
    expect(onClose).toHaveBeenCalledOnce();
    rerender(<KeyDialog issued={null} onClose={onClose} />);
    await waitFor(() => expect(screen.queryByDisplayValue(issued.key)).toBeNull());
  });

  it('falls back to the copy command, and selects the key when copying is impossible', async () => {
    const clipboard = Object.getOwnPropertyDescriptor(navigator, 'clipboard');
    Object.defineProperty(navigator, 'clipboard', { value: undefined, configurable: true });
    const execCommand = vi.fn(() => false);
    Object.defineProperty(document, 'execCommand', { value: execCommand, configurable: true });
    try {
      renderWithProviders(<KeyDialog issued={issued} onClose={vi.fn()} />);
      const dialog = await screen.findByRole('dialog', { name: /Clé de « Borne 1 »/ });
      await userEvent.click(within(dialog).getByRole('button', { name: 'Copier la clé' }));
      expect(execCommand).toHaveBeenCalledWith('copy');
      expect(await within(dialog).findByText(/Copie automatique impossible/)).toBeTruthy();
      const field = within(dialog).getByLabelText("Clé de l'équipement") as HTMLInputElement;
      expect(field.selectionStart).toBe(0);
      expect(field.selectionEnd).toBe(issued.key.length);
    } finally {
      if (clipboard) Object.defineProperty(navigator, 'clipboard', clipboard);
      Reflect.deleteProperty(document, 'execCommand');
    }
  });

  it('issues a key from the devices screen, shows it once, then only its last characters', async () => {
    let current = device();
    server.use(
      http.get('*/api/v1/restaurants/1', () => HttpResponse.json(restaurant(1, 'Burger Bastille', 'Paris'))),
      http.get('*/api/v1/restaurants/1/equipments', () => HttpResponse.json({ items: [current], total: 1 })),
      http.post('*/api/v1/restaurants/1/equipments/31/key', () => {
        current = issued.equipment;
        return HttpResponse.json(issued);
      }),
    );
    renderApp('/brigade/configetablissement/1/1', user('admin'));
    const row = (await screen.findByText('Borne 1', {}, slow)).closest('tr')!;
    expect(within(row).getByText('Aucune clé')).toBeTruthy();
    expect(within(row).getByText('Jamais vu')).toBeTruthy();
    await userEvent.click(within(row).getByRole('button', { name: 'Émettre la clé de Borne 1' }));
    const dialog = await screen.findByRole('dialog', { name: /Clé de « Borne 1 »/ });
    expect(within(dialog).getByDisplayValue(issued.key)).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Fermer' }));
    await waitFor(() => expect(screen.queryByDisplayValue(issued.key)).toBeNull());
    const updated = (await screen.findByText('Borne 1')).closest('tr')!;
    expect(within(updated).getByText('…4567')).toBeTruthy();
    expect(within(updated).getByText(/émise le 14 mars 2025/)).toBeTruthy();
    expect(document.body.textContent).not.toContain(issued.key);
  });

  it('asks before revoking a key', async () => {
    let current = issued.equipment;
    const revoked = vi.fn();
    server.use(
      http.get('*/api/v1/restaurants/1', () => HttpResponse.json(restaurant(1, 'Burger Bastille', 'Paris'))),
      http.get('*/api/v1/restaurants/1/equipments', () => HttpResponse.json({ items: [current], total: 1 })),
      http.delete('*/api/v1/restaurants/1/equipments/31/key', () => {
        revoked();
        current = device();
        return HttpResponse.json(current);
      }),
    );
    renderApp('/brigade/configetablissement/1/1', user('admin'));
    const row = (await screen.findByText('Borne 1', {}, slow)).closest('tr')!;
    await userEvent.click(within(row).getByRole('button', { name: 'Révoquer la clé de Borne 1' }));
    const confirm = await screen.findByRole('dialog', { name: 'Révoquer la clé' });
    expect(within(confirm).getByText('Révoquer la clé de « Borne 1 » ?')).toBeTruthy();
    expect(revoked).not.toHaveBeenCalled();
    await userEvent.click(within(confirm).getByRole('button', { name: 'Révoquer' }));
    await waitFor(() => expect(revoked).toHaveBeenCalledOnce());
    expect(await screen.findByText('Aucune clé')).toBeTruthy();
  });

  it('shows devices read-only to a moderator', async () => {
    server.use(
      http.get('*/api/v1/restaurants/1', () => HttpResponse.json(restaurant(1, 'Burger Bastille', 'Paris'))),
      http.get('*/api/v1/restaurants/1/equipments', () =>
        HttpResponse.json({ items: [device({ hasKey: true, keyHint: 'abcd', keyIssuedAt: '2025-03-14T11:00:00Z', lastSeenAt: new Date().toISOString() })], total: 1 }),
      ),
      http.get('*/api/v1/history', () => HttpResponse.json({ items: [], total: 0 })),
    );
    renderApp('/etablissements/modifier/1', user('moderator'));
    expect(await screen.findByText("Vu à l'instant", {}, slow)).toBeTruthy();
    expect(screen.getByText('Lecture seule')).toBeTruthy();
    expect((screen.getByLabelText(/Nom du restaurant/) as HTMLInputElement).readOnly).toBe(true);
    for (const name of [/Ajouter/, /Enregistrer/, /Archiver/, /Renouveler/, /Révoquer/, /Renommer/]) {
      expect(screen.queryByRole('button', { name })).toBeNull();
    }
  });
});

describe('last seen', () => {
  it('shows an amber badge after 24 hours of silence, with the exact time in a tooltip', async () => {
    const now = Date.parse('2025-03-14T12:00:00Z');
    renderWithProviders(<LastSeen lastSeenAt="2025-03-12T09:30:00Z" timeZone="Europe/Paris" now={now} />);
    const badge = screen.getByText(/Vu il y a 2\sj/).closest('.MuiChip-root')!;
    expect(badge.className).toContain('MuiChip-colorWarning');
    await userEvent.hover(badge);
    expect((await screen.findByRole('tooltip')).textContent).toMatch(/mercredi 12 mars 2025 à 10:30:00 UTC\+1/);
  });
});
