import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse, delay } from 'msw';
import { renderWithProviders, signIn } from '../../test/render';
import { user } from '../../test/fixtures';
import { server } from '../../test/server';
import type { FranchiseSummary } from '../../api/types';
import { FranchisesPage } from './pages/FranchisesPage';
import { franchiseOpened, NEW_FRANCHISE_LABEL, OPEN_FRANCHISE_LABEL } from './components/NewFranchiseDialog';
import type { NewFranchiseBody } from './types';

const off = { publishAvailableProducts: false, refreshAvailableProductsOnGeneration: false, newProductDefaultPrinter: 0, newProductCook: false };
const slow = { timeout: 5000 };

const problem = (status: number, detail: string, errors: { location: string; message: string }[] = []) =>
  HttpResponse.json({ status, title: 'Unprocessable Entity', detail, errors }, { status, headers: { 'Content-Type': 'application/problem+json' } });

let summaries: FranchiseSummary[] = [];

/** Opens the page over two franchises (one closed) and counts the list's reads. */
async function openPage() {
  summaries = [
    { id: 9, name: 'Brigade Pizza', countryCode: 'FR', currency: 'EUR', isBlocked: false, restaurantCount: 3, settings: { ...off } },
    { id: 12, name: 'Le Comptoir Voisin', countryCode: 'FR', currency: 'EUR', isBlocked: false, restaurantCount: 2, settings: { ...off } },
    { id: 17, name: 'Tacos Nouméa', countryCode: 'NC', currency: 'XPF', isBlocked: true, restaurantCount: 1, closedAt: '2026-03-11T23:30:00Z', settings: { ...off } },
  ];
  const reads = { list: 0 };
  signIn(user('superadmin'));
  server.use(
    http.get('*/api/v1/admin/franchises', () => {
      reads.list++;
      return HttpResponse.json({ items: summaries, total: summaries.length });
    }),
  );
  renderWithProviders(<FranchisesPage />);
  await screen.findByTestId('franchise-row-17', undefined, slow);
  return reads;
}

function field(dialog: HTMLElement, label: RegExp): HTMLInputElement {
  return within(dialog).getByLabelText(label, { selector: 'input' });
}

/** The text under a field (its message or its help). */
function helper(input: HTMLElement): string {
  const ids = (input.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean);
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
}

async function fill(dialog: HTMLElement, label: RegExp, value: string) {
  const input = field(dialog, label);
  await userEvent.clear(input);
  if (value) {
    input.focus();
    await userEvent.paste(value);
  }
}

async function pick(dialog: HTMLElement, label: string, option: string) {
  await userEvent.click(within(dialog).getByRole('combobox', { name: label }));
  await userEvent.click(await screen.findByRole('option', { name: option }));
}

async function openDialog() {
  await userEvent.click(screen.getByRole('button', { name: NEW_FRANCHISE_LABEL }));
  return screen.findByRole('dialog', { name: NEW_FRANCHISE_LABEL });
}

async function fillValid(dialog: HTMLElement) {
  await fill(dialog, /^Nom de la franchise/, 'Pizzeria Nova');
  await fill(dialog, /^Identifiant du propriétaire/, 'nova-admin');
  await fill(dialog, /^Adresse e-mail/, 'patron@nova.example');
  await fill(dialog, /^Mot de passe initial/, 'nova-secret-1');
  await fill(dialog, /^Nom du restaurant/, 'Nova Bastille');
  await fill(dialog, /^SIRET/, '7328 2932 000074');
  await fill(dialog, /^Ville/, 'Paris');
}

describe('Franchises: the list', () => {
  it('shows when a franchise was closed, in French on its own calendar, and counts the closed ones', async () => {
    await openPage();
    const row = screen.getByTestId('franchise-row-17');
    // 23:30 UTC on 11 March is already the 12th in Nouméa.
    expect(within(row).getByText('Fermée le 12 mars 2026')).toBeTruthy();
    expect(within(row).getByText('Bloquée')).toBeTruthy();
    expect(within(row).getByRole('button', { name: 'Rouvrir la franchise Tacos Nouméa' })).toBeTruthy();
    expect(within(screen.getByTestId('franchise-row-9')).getByText('Active')).toBeTruthy();
    const stat = screen.getByText('Franchises fermées').parentElement!;
    expect(stat.textContent).toBe('Franchises fermées1');
  });
});

describe('Franchises: « Nouvelle franchise »', () => {
  it('checks the fields as the server would before sending anything', async () => {
    await openPage();
    let posts = 0;
    server.use(http.post('*/api/v1/admin/franchises', () => (posts++, HttpResponse.json({}, { status: 500 }))));
    const dialog = await openDialog();
    await userEvent.click(within(dialog).getByRole('button', { name: OPEN_FRANCHISE_LABEL }));

    await waitFor(() => expect(helper(field(dialog, /^Nom de la franchise/))).toBe('Le nom de la franchise est obligatoire.'));
    expect(helper(field(dialog, /^Identifiant du propriétaire/))).toBe("L'identifiant est obligatoire.");
    expect(helper(field(dialog, /^Adresse e-mail/))).toBe("L'adresse e-mail est obligatoire.");
    expect(helper(field(dialog, /^Mot de passe initial/))).toBe('Le mot de passe doit contenir au moins 8 caractères.');
    expect(helper(field(dialog, /^Nom du restaurant/))).toBe('Le nom du restaurant est obligatoire.');
    expect(helper(field(dialog, /^SIRET/))).toBe('Le SIRET est obligatoire.');

    await fill(dialog, /^Identifiant du propriétaire/, 'nova admin');
    await fill(dialog, /^Adresse e-mail/, 'patron@nova');
    await fill(dialog, /^SIRET/, '73282932000075');
    await waitFor(() => expect(helper(field(dialog, /^SIRET/))).toBe('Le SIRET 73282932000075 n\'est pas valide\u00a0: sa clé de contrôle est incorrecte.'));
    expect(helper(field(dialog, /^Identifiant du propriétaire/))).toBe("L'identifiant ne doit contenir ni espace ni plus de 80 caractères.");
    expect(helper(field(dialog, /^Adresse e-mail/))).toBe("L'adresse e-mail n'est pas valide.");
    expect(posts).toBe(0);
  });

  it('lets the franchise country carry the currency, the restaurant country, its zone and its registration number', async () => {
    await openPage();
    const dialog = await openDialog();
    expect(field(dialog, /^Devise/).value).toBe('EUR');
    await pick(dialog, 'Pays de la franchise', 'Suisse');
    expect(field(dialog, /^Devise/).value).toBe('CHF');
    expect(within(dialog).getByRole('combobox', { name: 'Pays du restaurant' }).textContent).toBe('Suisse');
    expect(field(dialog, /^Fuseau horaire/).value).toBe('Europe/Zurich');
    // Elsewhere than in France, the local number: a Swiss IDE passes, a SIRET's rule no longer applies.
    await fill(dialog, /^IDE/, 'CHE-123.456.789');
    // A currency the user chose stays when the country changes again.
    await fill(dialog, /^Devise/, 'EUR');
    await pick(dialog, 'Pays de la franchise', 'Maroc');
    expect(field(dialog, /^Devise/).value).toBe('EUR');
    expect(within(dialog).getByRole('combobox', { name: 'Pays du restaurant' }).textContent).toBe('Maroc');
    expect(within(dialog).getByLabelText(/^ICE/, { selector: 'input' })).toBeTruthy();
  });

  it('generates a first password to hand over', async () => {
    await openPage();
    const dialog = await openDialog();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Générer' }));
    expect(field(dialog, /^Mot de passe initial/).value).toMatch(/^[a-zA-Z2-9]{14}$/);
  });

  it('puts the server’s refusal under its field, keeps everything typed, then opens the franchise and names the owner’s login', async () => {
    const reads = await openPage();
    const sent: NewFranchiseBody[] = [];
    server.use(
      http.post('*/api/v1/admin/franchises', async ({ request }) => {
        const body = (await request.json()) as NewFranchiseBody;
        sent.push(body);
        if (body.adminLogin === 'demo-admin') {
          return problem(422, 'Cet identifiant est déjà utilisé.', [{ location: 'body.adminLogin', message: 'Cet identifiant est déjà utilisé.' }]);
        }
        await delay(100);
        summaries = [...summaries, { id: 30, name: body.name, countryCode: 'FR', currency: 'EUR', isBlocked: false, restaurantCount: 1, settings: { ...off } }];
        return HttpResponse.json(
          {
            adminLogin: body.adminLogin,
            franchise: summaries[summaries.length - 1],
            restaurant: { id: 70, nom: body.restaurant.nom },
          },
          { status: 201 },
        );
      }),
    );
    const dialog = await openDialog();
    await fillValid(dialog);
    await fill(dialog, /^Identifiant du propriétaire/, 'demo-admin');
    await userEvent.click(within(dialog).getByRole('button', { name: OPEN_FRANCHISE_LABEL }));

    const login = field(dialog, /^Identifiant du propriétaire/);
    await waitFor(() => expect(helper(login)).toBe('Cet identifiant est déjà utilisé.'));
    expect(login.getAttribute('aria-invalid')).toBe('true');
    expect(within(dialog).queryByRole('alert')).toBeNull();
    // Nothing typed is lost.
    expect(field(dialog, /^Nom de la franchise/).value).toBe('Pizzeria Nova');
    expect(field(dialog, /^SIRET/).value).toBe('7328 2932 000074');
    expect(field(dialog, /^Mot de passe initial/).value).toBe('nova-secret-1');
    expect(sent[0]).toEqual({
      name: 'Pizzeria Nova',
      countryCode: 'FR',
      currency: 'EUR',
      adminLogin: 'demo-admin',
      adminEmail: 'patron@nova.example',
      adminPassword: 'nova-secret-1',
      restaurant: {
        nom: 'Nova Bastille',
        pseudo: '',
        countryCode: 'FR',
        timeZone: 'Europe/Paris',
        siret: '73282932000074',
        adresse: '',
        ville: 'Paris',
        current_licence: '',
      },
    });

    const listReads = reads.list;
    await fill(dialog, /^Identifiant du propriétaire/, 'nova-admin');
    await userEvent.click(within(dialog).getByRole('button', { name: OPEN_FRANCHISE_LABEL }));
    expect(await screen.findByText(franchiseOpened('Pizzeria Nova', 'nova-admin').replace(/\u00a0/g, ' '), undefined, slow)).toBeTruthy();
    expect(sent[1].adminLogin).toBe('nova-admin');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(reads.list).toBeGreaterThan(listReads));
    expect(await screen.findByTestId('franchise-row-30')).toBeTruthy();
  });

  it('shows a refusal without a field in a banner', async () => {
    await openPage();
    server.use(http.post('*/api/v1/admin/franchises', () => problem(403, 'Réservé aux super-administrateurs.')));
    const dialog = await openDialog();
    await fillValid(dialog);
    await userEvent.click(within(dialog).getByRole('button', { name: OPEN_FRANCHISE_LABEL }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Réservé aux super-administrateurs.');
    expect(field(dialog, /^Nom de la franchise/).value).toBe('Pizzeria Nova');
  });
});

describe('Franchises: closing and reopening', () => {
  it('says what closing does, closes on confirmation and shows the date', async () => {
    const reads = await openPage();
    const calls: string[] = [];
    server.use(
      http.post('*/api/v1/admin/franchises/:id/close', ({ params }) => {
        calls.push(`close ${String(params.id)}`);
        summaries = summaries.map((f) => (f.id === Number(params.id) ? { ...f, closedAt: '2026-11-20T10:00:00Z' } : f));
        return HttpResponse.json(summaries.find((f) => f.id === Number(params.id)));
      }),
    );
    const row = screen.getByTestId('franchise-row-12');
    await userEvent.click(within(row).getByRole('button', { name: 'Fermer la franchise Le Comptoir Voisin' }));
    const dialog = await screen.findByRole('dialog', { name: 'Fermer la franchise' });
    expect(dialog.textContent).toContain('Fermer la franchise «\u00a0Le Comptoir Voisin\u00a0»\u00a0?');
    expect(dialog.textContent).toContain('Ses données sont gardées');
    expect(dialog.textContent).toContain('ne peuvent plus se connecter, et ses caisses et bornes sont refusées');
    expect(dialog.textContent).toContain("«\u00a0Ouvrir en tant qu'admin\u00a0»");

    // Annuler changes nothing.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Annuler' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls).toEqual([]);

    await userEvent.click(within(row).getByRole('button', { name: 'Fermer la franchise Le Comptoir Voisin' }));
    const again = await screen.findByRole('dialog', { name: 'Fermer la franchise' });
    const listReads = reads.list;
    await userEvent.click(within(again).getByRole('button', { name: 'Fermer la franchise' }));
    expect(await screen.findByText(/La franchise « Le Comptoir Voisin » est fermée/)).toBeTruthy();
    expect(calls).toEqual(['close 12']);
    await waitFor(() => expect(reads.list).toBeGreaterThan(listReads));
    expect(await within(screen.getByTestId('franchise-row-12')).findByText('Fermée le 20 nov. 2026')).toBeTruthy();
    expect(screen.getByText('Franchises fermées').parentElement!.textContent).toBe('Franchises fermées2');
  });

  it('reopens a closed franchise after asking', async () => {
    await openPage();
    let reopened = '';
    server.use(
      http.post('*/api/v1/admin/franchises/:id/reopen', ({ params }) => {
        reopened = String(params.id);
        summaries = summaries.map((f) => (f.id === 17 ? { ...f, closedAt: undefined } : f));
        return HttpResponse.json(summaries.find((f) => f.id === 17));
      }),
    );
    await userEvent.click(within(screen.getByTestId('franchise-row-17')).getByRole('button', { name: 'Rouvrir la franchise Tacos Nouméa' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rouvrir la franchise' });
    expect(dialog.textContent).toContain('pourront de nouveau se connecter');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Rouvrir la franchise' }));
    expect(await screen.findByText('La franchise « Tacos Nouméa » est rouverte.')).toBeTruthy();
    expect(reopened).toBe('17');
    await waitFor(() => expect(within(screen.getByTestId('franchise-row-17')).queryByText(/^Fermée le/)).toBeNull());
  });

  it('keeps the dialog open and says why when closing fails', async () => {
    await openPage();
    server.use(http.post('*/api/v1/admin/franchises/:id/close', () => problem(404, 'La ressource demandée est introuvable.')));
    await userEvent.click(within(screen.getByTestId('franchise-row-9')).getByRole('button', { name: 'Fermer la franchise Brigade Pizza' }));
    const dialog = await screen.findByRole('dialog', { name: 'Fermer la franchise' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Fermer la franchise' }));
    expect(await screen.findByText('La ressource demandée est introuvable.')).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Fermer la franchise' })).toBeTruthy();
  });
});
