import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse, delay } from 'msw';
import { MemoryRouter, Route, Routes } from 'react-router';
import { AppProviders } from '../../app/App';
import { createQueryClient } from '../../app/queryClient';
import { LocationProbe, signIn } from '../../test/render';
import { user } from '../../test/fixtures';
import { server } from '../../test/server';
import type { CurrentUser } from '../../api/types';
import { EditPersonPage, SAVED_TEXT } from './pages/EditPersonPage';
import { EMPTY_PEOPLE_TEXT, PeoplePage } from './pages/PeoplePage';
import { ADMIN_ONLY_TEXT } from './components/PeopleForbidden';
import { PASSWORD_MISMATCH, PASSWORD_TOO_SHORT } from './schemas';
import type { Person } from './types';

function person(id: number, patch: Partial<Person> = {}): Person {
  return {
    id,
    login: `compte${id}`,
    email: `compte${id}@brigade.fr`,
    nom: `Nom${id}`,
    prenom: `Prénom${id}`,
    role: 'guest',
    userType: 'guest',
    restaurantId: 0,
    restaurants: [1],
    blocked: false,
    createdAt: '2026-11-01T10:00:00Z',
    updatedAt: '2026-11-01T10:00:00Z',
    ...patch,
  };
}

const people: Person[] = [
  person(1, { login: 'camille', prenom: 'Camille', nom: 'Martin', role: 'moderator', userType: 'moderator', restaurantId: 2, restaurants: [2] }),
  person(2, { login: 'invite.lyon', prenom: 'Léa', nom: 'Durand', role: 'guest', restaurants: [1, 2, 3] }),
  person(3, { login: 'caisse-bastille', prenom: '', nom: 'Caisse Bastille', role: 'restaurant', userType: 'restaurant', restaurants: [1], blocked: true }),
];

const problem = (status: number, detail: string, errors: { location: string; message: string }[] = []) =>
  HttpResponse.json({ status, title: 'Erreur', detail, errors }, { status, headers: { 'Content-Type': 'application/problem+json' } });

const slow = { timeout: 5000 };
const location = () => screen.getByTestId('location').textContent;

function renderAt(path: string, session: CurrentUser | null = user('admin')) {
  signIn(session);
  const client = createQueryClient();
  client.setDefaultOptions({ queries: { ...client.getDefaultOptions().queries, retry: false } });
  return render(
    <AppProviders client={client}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/brigade/GestionUtilisateurs" element={<PeoplePage />} />
          <Route path="/config/Employee" element={<PeoplePage />} />
          <Route path="/brigade/EditUtilisateur/:id" element={<EditPersonPage />} />
        </Routes>
        <LocationProbe />
      </MemoryRouter>
    </AppProviders>,
  );
}

function serveList(items: Person[] = people) {
  server.use(http.get('*/api/v1/people', () => HttpResponse.json({ items })));
}

async function openList(items: Person[] = people) {
  serveList(items);
  renderAt('/brigade/GestionUtilisateurs');
  return screen.findByRole('table', { name: 'Comptes' }, slow);
}

const rowLogins = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => row.getAttribute('data-testid'));

describe('people list', () => {
  it('shows name, login, role, restaurants, e-mail and status', async () => {
    const table = await openList();
    const camille = within(table).getByTestId('person-row-1');
    expect(within(camille).getByRole('link', { name: 'Camille Martin' })).toBeTruthy();
    expect(within(camille).getByText('camille')).toBeTruthy();
    expect(within(camille).getByText('Modérateur')).toBeTruthy();
    expect(within(camille).getByText('Burger Confluence')).toBeTruthy();
    expect(within(camille).getByText('Actif')).toBeTruthy();
    const lea = within(table).getByTestId('person-row-2');
    expect(within(lea).getByText('3 restaurants')).toBeTruthy();
    expect(within(lea).getByLabelText('3 restaurants : Burger Bastille, Burger Confluence, Pizza Vieux-Port')).toBeTruthy();
    expect(within(lea).getByText('Invité')).toBeTruthy();
    const caisse = within(table).getByTestId('person-row-3');
    expect(within(caisse).getByText('Bloqué')).toBeTruthy();
    expect(within(caisse).getByText('Restaurant')).toBeTruthy();
    expect(screen.getByText('3 comptes · 1 bloqué')).toBeTruthy();
  });

  it('narrows the table by role and by search', async () => {
    const table = await openList();
    expect(rowLogins(table)).toEqual(['person-row-3', 'person-row-1', 'person-row-2']);
    await userEvent.click(screen.getByRole('button', { name: 'Invités' }));
    expect(rowLogins(table)).toEqual(['person-row-2']);
    await userEvent.click(screen.getByRole('button', { name: 'Modérateurs' }));
    expect(rowLogins(table)).toEqual(['person-row-1']);
    await userEvent.click(screen.getByRole('button', { name: 'Tous' }));
    await userEvent.type(screen.getByPlaceholderText('Rechercher un compte...'), 'bastille');
    // The restaurant login by its name, the guest by one of its restaurants.
    expect(rowLogins(table)).toEqual(['person-row-3', 'person-row-2']);
    await userEvent.click(screen.getByRole('button', { name: 'Restaurants' }));
    expect(rowLogins(table)).toEqual(['person-row-3']);
    await userEvent.click(screen.getByRole('button', { name: 'Modérateurs' }));
    expect(await screen.findByText('Aucun compte ne correspond à « bastille » parmi les modérateurs.')).toBeTruthy();
  });

  it('asks before blocking, then calls the block route', async () => {
    const block = vi.fn();
    server.use(
      http.post('*/api/v1/people/1/block', () => {
        block();
        return HttpResponse.json({ ...people[0], blocked: true });
      }),
    );
    await openList();
    await userEvent.click(screen.getByRole('button', { name: 'Bloquer le compte camille' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Bloquer le compte « camille » ? Il ne pourra plus se connecter.')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Annuler' }));
    expect(block).not.toHaveBeenCalled();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    serveList([{ ...people[0]!, blocked: true }, ...people.slice(1)]);
    await userEvent.click(screen.getByRole('button', { name: 'Bloquer le compte camille' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Bloquer' }));
    await waitFor(() => expect(block).toHaveBeenCalledOnce());
    expect(await screen.findByText('Le compte « camille » est bloqué.')).toBeTruthy();
    // The list is asked again: the row now offers to unblock.
    expect(await screen.findByRole('button', { name: 'Débloquer le compte camille' })).toBeTruthy();
  });

  it('refuses a mismatched or short password before calling the server, then shows its message', async () => {
    const sent: unknown[] = [];
    server.use(
      http.put('*/api/v1/people/2/password', async ({ request }) => {
        sent.push(await request.json());
        return problem(422, 'Mot de passe refusé.', [{ location: 'body.password', message: 'Ce mot de passe est trop courant.' }]);
      }),
    );
    await openList();
    await userEvent.click(screen.getByRole('button', { name: 'Réinitialiser le mot de passe de invite.lyon' }));
    const dialog = await screen.findByRole('dialog', { name: 'Réinitialiser le mot de passe' });
    const password = within(dialog).getByLabelText(/Nouveau mot de passe/);
    const confirmation = within(dialog).getByLabelText(/^Confirmation/);
    await userEvent.type(password, 'motdepasse1');
    await userEvent.type(confirmation, 'motdepasse2');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Réinitialiser' }));
    expect(await within(dialog).findByText(PASSWORD_MISMATCH)).toBeTruthy();
    expect(sent).toEqual([]);

    await userEvent.clear(password);
    await userEvent.type(password, 'court');
    await userEvent.clear(confirmation);
    await userEvent.type(confirmation, 'court');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Réinitialiser' }));
    expect(await within(dialog).findByText(PASSWORD_TOO_SHORT)).toBeTruthy();
    expect(sent).toEqual([]);

    await userEvent.clear(password);
    await userEvent.type(password, 'password');
    await userEvent.clear(confirmation);
    await userEvent.type(confirmation, 'password');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Réinitialiser' }));
    expect(await within(dialog).findByText('Ce mot de passe est trop courant.')).toBeTruthy();
    expect(sent).toEqual([{ password: 'password' }]);
  });

  it('resets a password and says so', async () => {
    server.use(http.put('*/api/v1/people/2/password', () => new HttpResponse(null, { status: 204 })));
    await openList();
    await userEvent.click(screen.getByRole('button', { name: 'Réinitialiser le mot de passe de invite.lyon' }));
    const dialog = await screen.findByRole('dialog', { name: 'Réinitialiser le mot de passe' });
    await userEvent.type(within(dialog).getByLabelText(/Nouveau mot de passe/), 'nouveau-secret');
    await userEvent.type(within(dialog).getByLabelText(/^Confirmation/), 'nouveau-secret');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Réinitialiser' }));
    expect(await screen.findByText('Le mot de passe de « invite.lyon » est réinitialisé.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('invites to create the first account when there is none', async () => {
    serveList([]);
    renderAt('/config/Employee');
    expect(await screen.findByText(EMPTY_PEOPLE_TEXT, {}, slow)).toBeTruthy();
    await userEvent.click(screen.getAllByRole('button', { name: 'Nouveau compte' })[0]!);
    expect(location()).toBe('/brigade/EditUtilisateur/new');
  });

  it('explains that only the admin manages accounts', async () => {
    serveList();
    const { unmount } = renderAt('/brigade/GestionUtilisateurs', user('guest'));
    expect(await screen.findByText(ADMIN_ONLY_TEXT)).toBeTruthy();
    unmount();

    server.use(http.get('*/api/v1/people', () => problem(403, "Vous n'avez pas accès à cette ressource.")));
    renderAt('/brigade/GestionUtilisateurs');
    expect(await screen.findByText(ADMIN_ONLY_TEXT, {}, slow)).toBeTruthy();
  });

  it('shows a loading failure with a retry', async () => {
    let fail = true;
    server.use(http.get('*/api/v1/people', () => (fail ? problem(500, 'Le serveur a rencontré une erreur.') : HttpResponse.json({ items: people }))));
    renderAt('/brigade/GestionUtilisateurs');
    expect((await screen.findByRole('alert', {}, slow)).textContent).toContain('Le serveur a rencontré une erreur.');
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Réessayer' }));
    expect(await screen.findByRole('table', { name: 'Comptes' })).toBeTruthy();
  });
});

async function fillNew(login: string) {
  await userEvent.type(await screen.findByLabelText(/^Identifiant/, {}, slow), login);
  await userEvent.type(screen.getByLabelText(/^Mot de passe/), 'secret-123');
  await userEvent.type(screen.getByLabelText(/^Confirmation/), 'secret-123');
  await userEvent.type(screen.getByLabelText(/^Nom/), 'Durand');
  await userEvent.type(screen.getByLabelText(/^Prénom/), 'Léa');
  await userEvent.type(screen.getByLabelText(/^E-mail/), 'lea@brigade.fr');
}

describe('new account form', () => {
  it('sends a guest with two restaurants, says it is saved and goes back to the list', async () => {
    const sent: unknown[] = [];
    server.use(
      http.post('*/api/v1/people', async ({ request }) => {
        sent.push(await request.json());
        await delay(100);
        return HttpResponse.json(person(9, { login: 'lea' }), { status: 201 });
      }),
    );
    serveList();
    renderAt('/brigade/EditUtilisateur/new');
    expect(await screen.findByRole('heading', { level: 1, name: 'Nouveau compte' }, slow)).toBeTruthy();
    await fillNew('lea');
    await userEvent.click(screen.getByRole('radio', { name: /^Invité/ }));
    await userEvent.click(await screen.findByRole('checkbox', { name: /Pizza Vieux-Port/ }));
    await userEvent.click(screen.getByRole('checkbox', { name: /Burger Bastille/ }));
    const save = screen.getByRole('button', { name: 'Enregistrer' });
    await userEvent.click(save);
    await waitFor(() => expect((save as HTMLButtonElement).disabled).toBe(true));
    expect(await screen.findByText(SAVED_TEXT)).toBeTruthy();
    await waitFor(() => expect(location()).toBe('/brigade/GestionUtilisateurs'));
    expect(sent).toEqual([
      { login: 'lea', password: 'secret-123', nom: 'Durand', prenom: 'Léa', email: 'lea@brigade.fr', role: 'guest', restaurants: [1, 3] },
    ]);
  });

  it('sends a moderator with its restaurant', async () => {
    const sent: unknown[] = [];
    server.use(
      http.post('*/api/v1/people', async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json(person(9, { role: 'moderator', restaurantId: 4 }), { status: 201 });
      }),
    );
    serveList();
    renderAt('/brigade/EditUtilisateur/new');
    await fillNew('gerant.toulouse');
    await userEvent.click(screen.getByRole('radio', { name: /^Modérateur/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Choisissez le restaurant du modérateur.')).toBeTruthy();
    expect(sent).toEqual([]);
    await userEvent.click(screen.getByRole('combobox', { name: /Restaurant/ }));
    await userEvent.click(await screen.findByRole('option', { name: /Tacos Capitole/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(location()).toBe('/brigade/GestionUtilisateurs'));
    expect(sent).toEqual([
      { login: 'gerant.toulouse', password: 'secret-123', nom: 'Durand', prenom: 'Léa', email: 'lea@brigade.fr', role: 'moderator', restaurantId: 4 },
    ]);
  });

  it("puts the server's login error under Identifiant and keeps what was typed", async () => {
    server.use(
      http.post('*/api/v1/people', () =>
        problem(422, 'Données invalides.', [{ location: 'body.login', message: 'Cet identifiant est déjà utilisé.' }]),
      ),
    );
    renderAt('/brigade/EditUtilisateur/new');
    await fillNew('camille');
    await userEvent.click(screen.getByRole('checkbox', { name: /Burger Bastille/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    const login = screen.getByLabelText(/^Identifiant/);
    await waitFor(() => expect(login.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(login.getAttribute('aria-describedby')!)?.textContent).toBe('Cet identifiant est déjà utilisé.');
    expect(screen.queryByRole('alert')).toBeNull();
    expect((login as HTMLInputElement).value).toBe('camille');
    expect((screen.getByLabelText(/^Nom/) as HTMLInputElement).value).toBe('Durand');
    expect(location()).toBe('/brigade/EditUtilisateur/new');
  });

  it("selects every restaurant the search shows with 'Tout sélectionner'", async () => {
    const sent: { restaurants?: number[] }[] = [];
    server.use(
      http.post('*/api/v1/people', async ({ request }) => {
        sent.push((await request.json()) as { restaurants?: number[] });
        return HttpResponse.json(person(9), { status: 201 });
      }),
    );
    serveList();
    renderAt('/brigade/EditUtilisateur/new');
    await fillNew('lea');
    await userEvent.type(screen.getByPlaceholderText('Rechercher un restaurant...'), 'burger');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Tout sélectionner' }));
    expect(screen.queryByRole('checkbox', { name: /Pizza/ })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]?.restaurants).toEqual([1, 2]);
  });
});

describe('edit account form', () => {
  it('shows the login read-only and sends the PUT body', async () => {
    const sent: unknown[] = [];
    server.use(
      http.get('*/api/v1/people/2', () => HttpResponse.json(people[1])),
      http.put('*/api/v1/people/2', async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json(people[1]);
      }),
    );
    serveList();
    renderAt('/brigade/EditUtilisateur/2');
    expect(await screen.findByRole('heading', { level: 1, name: 'Modifier le compte' }, slow)).toBeTruthy();
    const login = (await screen.findByLabelText(/^Identifiant/)) as HTMLInputElement;
    expect(login.value).toBe('invite.lyon');
    expect(login.readOnly).toBe(true);
    expect(screen.queryByLabelText(/^Mot de passe/)).toBeNull();
    expect((screen.getByRole('checkbox', { name: /Pizza Vieux-Port/ }) as HTMLInputElement).checked).toBe(true);
    await userEvent.click(screen.getByRole('checkbox', { name: /Burger Confluence/ }));
    await userEvent.clear(screen.getByLabelText(/^Nom/));
    await userEvent.type(screen.getByLabelText(/^Nom/), 'Durand-Petit');
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(location()).toBe('/brigade/GestionUtilisateurs'));
    expect(sent).toEqual([{ nom: 'Durand-Petit', prenom: 'Léa', email: 'compte2@brigade.fr', role: 'guest', restaurants: [1, 3] }]);
  });

  it('says an unknown account is not found, with a way back', async () => {
    serveList();
    server.use(http.get('*/api/v1/people/99', () => problem(404, "L'élément demandé est introuvable.")));
    renderAt('/brigade/EditUtilisateur/99');
    expect(await screen.findByText('Compte introuvable', {}, slow)).toBeTruthy();
    await userEvent.click(screen.getByRole('link', { name: 'Retour à la liste des comptes' }));
    expect(location()).toBe('/brigade/GestionUtilisateurs');
  });

  it('treats an id that is not a number as not found', async () => {
    renderAt('/brigade/EditUtilisateur/abc');
    expect(await screen.findByText('Compte introuvable', {}, slow)).toBeTruthy();
  });

  it('goes back to the list it came from', async () => {
    serveList();
    server.use(http.get('*/api/v1/people/1', () => HttpResponse.json(people[0])));
    renderAt('/config/Employee');
    await userEvent.click(await screen.findByRole('button', { name: 'Modifier le compte camille' }, slow));
    expect(location()).toBe('/brigade/EditUtilisateur/1');
    expect(((await screen.findByRole('combobox', { name: /Restaurant/ })) as HTMLElement).textContent).toContain('Burger Confluence');
    await userEvent.click(screen.getByRole('link', { name: 'Annuler' }));
    expect(location()).toBe('/config/Employee');
  });
});
