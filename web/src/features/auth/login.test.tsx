import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { renderApp } from '../../test/render';
import { server } from '../../test/server';

describe('sign-in page', () => {
  it('refuses empty fields in French, before any call, and moves the focus to the first one', async () => {
    const calls: string[] = [];
    server.use(http.post('*/api/v1/auth/*', ({ request }) => (calls.push(request.url), HttpResponse.json({}, { status: 500 }))));
    renderApp('/auth/login');
    const login = await screen.findByLabelText('Identifiant');
    const password = screen.getByLabelText('Mot de passe');
    expect(screen.queryByText('Veuillez saisir votre identifiant.')).toBeNull();

    await userEvent.type(login, '   ');
    await userEvent.click(screen.getByRole('button', { name: 'Se connecter' }));
    expect(await screen.findByText('Veuillez saisir votre identifiant.')).toBeTruthy();
    expect(screen.getByText('Veuillez saisir votre mot de passe.')).toBeTruthy();
    expect(login.getAttribute('aria-invalid')).toBe('true');
    expect(password.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(login);

    // After a first try, each message goes as soon as its field is filled in.
    await userEvent.type(login, 'demo-resto');
    expect(screen.queryByText('Veuillez saisir votre identifiant.')).toBeNull();
    expect(login.getAttribute('aria-invalid')).toBe('false');
    expect(screen.getByText('Veuillez saisir votre mot de passe.')).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it('sends the trimmed login and the password to the chosen door', async () => {
    let sent: { url: string; body: unknown } | undefined;
    server.use(
      http.post('*/api/v1/auth/*', async ({ request }) => {
        sent = { url: new URL(request.url).pathname, body: await request.json() };
        return HttpResponse.json({ title: 'Unauthorized', status: 401, detail: 'Identifiant ou mot de passe incorrect.' }, { status: 401 });
      }),
    );
    renderApp('/auth/login');
    await userEvent.click(await screen.findByRole('tab', { name: 'Restaurant' }));
    await userEvent.type(screen.getByLabelText('Identifiant'), '  demo-resto ');
    await userEvent.type(screen.getByLabelText('Mot de passe'), ' secret');
    await userEvent.click(screen.getByRole('button', { name: 'Se connecter' }));
    await waitFor(() => expect(sent).toEqual({ url: '/api/v1/auth/signinResto', body: { login: 'demo-resto', password: ' secret' } }));
    expect(await screen.findByRole('alert')).toBeTruthy();
  });
});
