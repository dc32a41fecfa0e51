import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { renderApp } from '../../test/render';
import { user } from '../../test/fixtures';
import { server } from '../../test/server';
import type { Franchise } from '../../api/types';

const slow = { timeout: 5000 };

function franchise(patch: Partial<Franchise> = {}): Franchise {
  return {
    id: 1,
    name: 'Brigade Burgers',
    logo: '/api/v1/franchise/logo?v=ab12cd34',
    countryCode: 'FR',
    currency: 'EUR',
    country: {
      name: 'France',
      code: 'FR',
      timeZone: 'Europe/Paris',
      GMTOfsset: '+01:00',
      currencyInfo: { code: 'EUR', symbol: '€' },
      languages: [
        { id: 2, code: 'en', label: 'Anglais', country_languages: { is_default: false } },
        { id: 1, code: 'fr', label: 'Francais', country_languages: { is_default: true } },
      ],
    },
    contactEmail: 'contact@brigade.fr',
    contactPhone: '01 23 45 67 89',
    address: '1 rue de Rivoli, Paris',
    isBlocked: false,
    settings: { publishAvailableProducts: false, refreshAvailableProductsOnGeneration: false },
    ...patch,
  };
}

describe('franchise information', () => {
  const logoCalls: { auth: string | null; v: string | null }[] = [];
  beforeEach(() => {
    logoCalls.length = 0;
    URL.createObjectURL = vi.fn(() => 'blob:logo');
    URL.revokeObjectURL = vi.fn();
    server.use(
      http.get('*/api/v1/franchise', () => HttpResponse.json(franchise())),
      http.get('*/api/v1/franchise/logo', ({ request }) => {
        logoCalls.push({ auth: request.headers.get('Authorization'), v: new URL(request.url).searchParams.get('v') });
        return new HttpResponse(new Uint8Array([137, 80, 78, 71]), { headers: { 'Content-Type': 'image/png' } });
      }),
    );
  });
  afterEach(() => {
    Reflect.deleteProperty(URL, 'createObjectURL');
    Reflect.deleteProperty(URL, 'revokeObjectURL');
  });

  it('loads the logo through the API with the bearer token, and marks the default language', async () => {
    renderApp('/information', user('admin'));
    expect(await screen.findByRole('img', { name: 'Logo de Brigade Burgers' }, slow)).toBeTruthy();
    expect(logoCalls).toEqual([{ auth: 'Bearer token-admin', v: 'ab12cd34' }]);
    const languages = screen.getByRole('list', { name: 'Langues de la franchise' });
    expect(within(languages).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Français · par défaut', 'Anglais']);
  });

  it('sends the logo file as it is, and refuses other files before sending them', async () => {
    const uploads: { type: string | null; size: number }[] = [];
    server.use(
      http.put('*/api/v1/franchise/logo', async ({ request }) => {
        const buf = await request.arrayBuffer();
        uploads.push({ type: request.headers.get('Content-Type'), size: buf.byteLength });
        return HttpResponse.json(franchise({ logo: '/api/v1/franchise/logo?v=ffff0000' }));
      }),
    );
    renderApp('/information', user('admin'));
    const input = (await screen.findByTestId('logo-input', {}, slow)) as HTMLInputElement;
    await userEvent.upload(input, new File(['texte'], 'notes.txt', { type: 'text/plain' }), { applyAccept: false });
    expect(await screen.findByText('Le logo doit être une image PNG, JPEG ou WebP.')).toBeTruthy();
    expect(uploads).toEqual([]);

    await userEvent.upload(input, new File([new Uint8Array(2 * 1024 * 1024)], 'gros.png', { type: 'image/png' }));
    expect(await screen.findByText('Le logo ne doit pas dépasser 1 Mo.')).toBeTruthy();
    expect(uploads).toEqual([]);

    await userEvent.upload(input, new File([new Uint8Array([137, 80, 78, 71, 1, 2])], 'logo.webp', { type: 'image/webp' }));
    expect(await screen.findByText('Le logo est enregistré.')).toBeTruthy();
    expect(uploads).toEqual([{ type: 'image/webp', size: 6 }]);
  });

  it("shows the server's field error and keeps the typed values", async () => {
    server.use(
      http.put('*/api/v1/franchise', () =>
        HttpResponse.json(
          { status: 422, detail: "L'adresse e-mail de contact n'est pas valide.", errors: [{ location: 'body.contactEmail', message: "L'adresse e-mail de contact n'est pas valide." }] },
          { status: 422, headers: { 'Content-Type': 'application/problem+json' } },
        ),
      ),
    );
    renderApp('/information', user('admin'));
    const phone = (await screen.findByLabelText('Téléphone de contact', {}, slow)) as HTMLInputElement;
    await userEvent.clear(phone);
    await userEvent.type(phone, '04 72 00 00 00');
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    const email = screen.getByLabelText('E-mail de contact');
    await waitFor(() => expect(email.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText("L'adresse e-mail de contact n'est pas valide.")).toBeTruthy();
    expect(phone.value).toBe('04 72 00 00 00');
  });

  it('is read-only for everyone but the admin', async () => {
    renderApp('/information', user('moderator'));
    const name = (await screen.findByLabelText('Nom de la franchise', {}, slow)) as HTMLInputElement;
    expect(name.readOnly).toBe(true);
    expect(screen.queryByRole('button', { name: 'Enregistrer' })).toBeNull();
    expect(screen.queryByRole('button', { name: /logo/ })).toBeNull();
  });
});
