import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { renderWithProviders, signIn } from '../../test/render';
import { user } from '../../test/fixtures';
import { server } from '../../test/server';
import { KIOSK_SAVED, KioskConfigPage } from './pages/KioskConfigPage';
import { LanguagesPage } from './pages/LanguagesPage';
import { PrintersPage } from './pages/PrintersPage';
import { ScreensPage } from './pages/ScreensPage';
import { SizesPage } from './pages/SizesPage';
import { sizesToForm, sizesToValue } from './schemas';
import { DEFAULTS_TEXT } from './format';
import { READ_ONLY_TEXT, SAVED_TEXT } from './useSettingsEditor';
import { IP_INVALID } from './rules';
import type { KioskConfig, Languages, Printer, Printers, Screens, SettingsBodies, Sizes } from './types';

const slow = { timeout: 5000 };
const problem = (status: number, detail: string, errors: { location: string; message: string }[] = []) =>
  HttpResponse.json({ status, title: 'Erreur', detail, errors }, { status, headers: { 'Content-Type': 'application/problem+json' } });

function body<V>(value: V, version = 0) {
  return version === 0 ? { version, value } : { version, value, updatedAt: '2026-11-20T09:30:00Z', updatedBy: 'Brigade Burgers' };
}

const defaultSizes: Sizes = sizesToValue(sizesToForm({ sizes: null, productSizeLabels: null }));

function printer(idPrinter: number, name: string, type_printer: string): Printer {
  return { idPrinter, name, type_printer, width_ticket: 48, number_ticket: 1, ip_address: '', type: 'Reseau' };
}
const defaultPrinters: Printers = {
  printers: [
    ...Array.from({ length: 8 }, (_, i) => printer(2 + i, `Prepa ${i + 1}`, 'kitchen')),
    ...Array.from({ length: 4 }, (_, i) => printer(10 + i, `Etiquette ${i + 1}`, 'label')),
  ],
};

/** Serves one settings list; PUT answers with `onSave`. Returns what the PUTs received. */
function serve<K extends keyof SettingsBodies>(kind: K, first: SettingsBodies[K], onSave?: (value: SettingsBodies[K]['value'], version: number) => Response) {
  const sent: { ifMatch: string | null; body: SettingsBodies[K]['value'] }[] = [];
  let current = first;
  server.use(
    http.get(`*/api/v1/settings/${kind}`, () => HttpResponse.json(current, { headers: { ETag: `"${current.version}"` } })),
    http.put(`*/api/v1/settings/${kind}`, async ({ request }) => {
      const value = (await request.json()) as SettingsBodies[K]['value'];
      sent.push({ ifMatch: request.headers.get('If-Match'), body: value });
      if (onSave) return onSave(value, current.version);
      current = { ...body(value, current.version + 1) } as SettingsBodies[K];
      return HttpResponse.json(current, { headers: { ETag: `"${current.version}"` } });
    }),
  );
  return {
    sent,
    /** Someone else saves meanwhile. */
    replace: (next: SettingsBodies[K]) => {
      current = next;
    },
  };
}

describe('Mes Tailles', () => {
  it('saves the edited label with If-Match "0" while the sizes are the defaults', async () => {
    signIn(user('admin'));
    const api = serve('sizes', body(defaultSizes));
    renderWithProviders(<SizesPage />);

    const label = await screen.findByRole('textbox', { name: 'Libellé de la taille 2' }, slow);
    expect(screen.getByRole('heading', { name: 'Mes Tailles' })).toBeTruthy();
    expect(screen.getByText(DEFAULTS_TEXT)).toBeTruthy();
    expect(screen.getByText('senior')).toBeTruthy();
    const save = screen.getByRole('button', { name: 'Enregistrer' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);

    await userEvent.clear(label);
    await userEvent.type(label, 'Moyenne');
    await userEvent.click(screen.getByRole('switch', { name: 'Taille 10 affichée' }));
    expect(save.disabled).toBe(false);
    await userEvent.click(save);

    expect(await screen.findByText(SAVED_TEXT, {}, slow)).toBeTruthy();
    expect(api.sent).toHaveLength(1);
    expect(api.sent[0]?.ifMatch).toBe('"0"');
    const sizes = api.sent[0]?.body.sizes ?? [];
    expect(sizes.map((s) => s.id_size)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(sizes[1]).toEqual({ id_size: 2, name_size: 'senior', label_size: 'Moyenne', description: '', size_displayed: true });
    expect(sizes[9]?.size_displayed).toBe(false);
    expect(api.sent[0]?.body.productSizeLabels).toEqual(defaultSizes.productSizeLabels);
    // Saved: the new version is the baseline, with its last change line.
    expect(await screen.findByText(/^Modifié le .+ par Brigade Burgers$/)).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Enregistrer' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("'Annuler les modifications' puts back what the server has", async () => {
    signIn(user('admin'));
    serve('sizes', body(defaultSizes, 3));
    renderWithProviders(<SizesPage />);
    const description = await screen.findByRole('textbox', { name: 'Description de la taille 1' }, slow);
    await userEvent.type(description, 'Pour les petites faims');
    expect(screen.getByText('Modifications non enregistrées')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Annuler les modifications' }));
    expect((description as HTMLInputElement).value).toBe('');
    expect((screen.getByRole('button', { name: 'Enregistrer' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('is read-only for a moderator: disabled inputs and no Enregistrer', async () => {
    signIn(user('moderator'));
    serve('sizes', body(defaultSizes, 2));
    renderWithProviders(<SizesPage />);
    const label = (await screen.findByRole('textbox', { name: 'Libellé de la taille 1' }, slow)) as HTMLInputElement;
    expect(label.disabled).toBe(true);
    expect((screen.getByRole('switch', { name: 'Taille 1 affichée' }) as HTMLInputElement).disabled).toBe(true);
    expect(screen.getByText(READ_ONLY_TEXT)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Enregistrer' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Annuler les modifications' })).toBeNull();
  });

  it('shows the error block with a retry when the sizes cannot be read', async () => {
    signIn(user('admin'));
    let calls = 0;
    server.use(
      http.get('*/api/v1/settings/sizes', () => {
        calls++;
        return calls === 1 ? problem(403, 'Franchise bloquée.') : HttpResponse.json(body(defaultSizes));
      }),
    );
    renderWithProviders(<SizesPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Réessayer' }, slow));
    expect(await screen.findByRole('textbox', { name: 'Libellé de la taille 1' }, slow)).toBeTruthy();
  });
});

describe('Mes Imprimantes', () => {
  it("puts a 422 on printers[2].ip_address under that row's IP field, keeping what was typed", async () => {
    signIn(user('admin'));
    const message = "L'adresse IP « 192.168.1.60 » de l'imprimante « Prepa 3 » n'est pas valide (exemple : 192.168.1.50).";
    const api = serve('printers', body(defaultPrinters, 4), () => problem(422, message, [{ location: 'body.printers[2].ip_address', message }]));
    renderWithProviders(<PrintersPage />);

    const kitchen = await screen.findByRole('table', { name: 'Imprimantes de préparation' }, slow);
    expect(screen.getByRole('table', { name: "Imprimantes d'étiquettes" })).toBeTruthy();
    const ip = within(kitchen).getByRole('textbox', { name: "Adresse IP de l'imprimante n°4" }) as HTMLInputElement;
    await userEvent.type(ip, '192.168.1.60');
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));

    await waitFor(() => expect(ip.getAttribute('aria-invalid')).toBe('true'), slow);
    const row = ip.closest('tr') as HTMLElement;
    expect(within(row).getByText(message)).toBeTruthy();
    expect(ip.value).toBe('192.168.1.60');
    expect(api.sent[0]?.ifMatch).toBe('"4"');
    expect(api.sent[0]?.body.printers?.[2]).toMatchObject({ idPrinter: 4, name: 'Prepa 3', ip_address: '192.168.1.60' });
    // The other rows carry no message.
    const other = within(kitchen).getByRole('textbox', { name: "Adresse IP de l'imprimante n°3" });
    expect(other.getAttribute('aria-invalid')).toBe('false');
  });

  it('checks the IP before asking the server', async () => {
    signIn(user('admin'));
    const api = serve('printers', body(defaultPrinters));
    renderWithProviders(<PrintersPage />);
    const ip = await screen.findByRole('textbox', { name: "Adresse IP de l'imprimante n°10" }, slow);
    await userEvent.type(ip, '192.168.1');
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText(IP_INVALID)).toBeTruthy();
    expect(api.sent).toHaveLength(0);
  });

  it('adds a printer with the next free id and removes one after confirmation', async () => {
    signIn(user('admin'));
    const api = serve('printers', body(defaultPrinters, 1));
    renderWithProviders(<PrintersPage />);
    await userEvent.click(await screen.findByRole('button', { name: "Ajouter une imprimante d'étiquettes" }, slow));
    const name = screen.getByRole('textbox', { name: "Nom de l'imprimante n°14" }) as HTMLInputElement;
    expect(name.value).toBe('Etiquette 5');

    await userEvent.click(screen.getByRole('button', { name: "Supprimer l'imprimante n°9" }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText("Êtes-vous sûr de vouloir supprimer l'imprimante « Prepa 8 » ?")).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Supprimer' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.queryByRole('textbox', { name: "Nom de l'imprimante n°9" })).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText(SAVED_TEXT, {}, slow)).toBeTruthy();
    const ids = api.sent[0]?.body.printers?.map((p) => p.idPrinter);
    expect(ids).toEqual([2, 3, 4, 5, 6, 7, 8, 10, 11, 12, 13, 14]);
    expect(api.sent[0]?.body.printers?.at(-1)).toEqual({
      idPrinter: 14,
      name: 'Etiquette 5',
      type_printer: 'label',
      width_ticket: 48,
      number_ticket: 1,
      ip_address: '',
      type: 'Reseau',
    });
  });
});

describe('Mes Écrans', () => {
  it("on a 409, 'Recharger' takes the newer version and keeps what was typed", async () => {
    signIn(user('admin'));
    const screens: Screens = { screens: Array.from({ length: 3 }, (_, i) => ({ idScreen: i + 1, number_screen: i + 1, name_screen: `Ecran ${i + 1}` })) };
    const stale = "Ces paramètres ont été modifiés entre-temps par quelqu'un d'autre. Rechargez-les avant d'enregistrer les vôtres.";
    let refuse = true;
    const api = serve('screens', body(screens, 2), (value, version) => {
      if (refuse) return problem(409, stale);
      return HttpResponse.json(body(value, version + 1));
    });
    renderWithProviders(<ScreensPage />);
    const first = (await screen.findByRole('textbox', { name: "Nom de l'écran n°1" }, slow)) as HTMLInputElement;
    await userEvent.clear(first);
    await userEvent.type(first, 'Grill');
    // Someone else renames screen 3 meanwhile.
    api.replace(body({ screens: screens.screens!.map((s) => (s.idScreen === 3 ? { ...s, name_screen: 'Desserts' } : s)) }, 3));
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));

    expect(await screen.findByText(stale, {}, slow)).toBeTruthy();
    refuse = false;
    await userEvent.click(screen.getByRole('button', { name: 'Recharger' }));
    await waitFor(() => expect((screen.getByRole('textbox', { name: "Nom de l'écran n°3" }) as HTMLInputElement).value).toBe('Desserts'));
    expect(first.value).toBe('Grill');
    expect(screen.queryByText(stale)).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText(SAVED_TEXT, {}, slow)).toBeTruthy();
    expect(api.sent.map((s) => s.ifMatch)).toEqual(['"2"', '"3"']);
    expect(api.sent[1]?.body.screens?.map((s) => s.name_screen)).toEqual(['Grill', 'Ecran 2', 'Desserts']);
  });
});

describe('Mes Écrans, refused', () => {
  it('a 403 on save turns the screen read-only with the reason', async () => {
    signIn(user('admin'));
    const reason = "Seul l'administrateur de la franchise modifie les paramètres.";
    serve('screens', body({ screens: [{ idScreen: 1, number_screen: 1, name_screen: 'Ecran 1' }] }, 1), () => problem(403, reason));
    renderWithProviders(<ScreensPage />);
    const name = (await screen.findByRole('textbox', { name: "Nom de l'écran n°1" }, slow)) as HTMLInputElement;
    await userEvent.type(name, ' bis');
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText(reason, {}, slow)).toBeTruthy();
    expect(name.disabled).toBe(true);
    expect(name.value).toBe('Ecran 1 bis');
    expect(screen.queryByRole('button', { name: 'Enregistrer' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Ajouter un écran' })).toBeNull();
  });
});

describe('Mes Langues', () => {
  const languages: Languages = {
    country: 'FR',
    languages: [
      { id: 1, code: 'fr', label: 'Francais', isDefault: true, isActive: true },
      { id: 2, code: 'en', label: 'Anglais', isDefault: false, isActive: false },
    ],
  };

  it('a new default language is active and locked on, the old one can be turned off', async () => {
    signIn(user('admin'));
    const api = serve('languages', body(languages, 1));
    renderWithProviders(<LanguagesPage />);
    expect(await screen.findByText(/La liste suit le pays de la franchise \(Informations\)\./, {}, slow)).toBeTruthy();
    expect(((await screen.findByRole('switch', { name: 'Francais active' })) as HTMLInputElement).disabled).toBe(true);

    await userEvent.click(screen.getByRole('radio', { name: 'Anglais par défaut' }));
    const en = screen.getByRole('switch', { name: 'Anglais active' }) as HTMLInputElement;
    expect(en.checked).toBe(true);
    expect(en.disabled).toBe(true);
    const fr = screen.getByRole('switch', { name: 'Francais active' }) as HTMLInputElement;
    expect(fr.disabled).toBe(false);
    await userEvent.click(fr);

    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText(SAVED_TEXT, {}, slow)).toBeTruthy();
    expect(api.sent[0]?.body).toEqual({
      country: 'FR',
      languages: [
        { id: 1, code: 'fr', label: 'Francais', isDefault: false, isActive: false },
        { id: 2, code: 'en', label: 'Anglais', isDefault: true, isActive: true },
      ],
    });
  });
});

describe('Paramètres Borne', () => {
  const none: KioskConfig = { hide_name_categories: false, hide_name_sub_categories: false, hide_name_products: false, hide_name_options: false };

  it("reads 'Sauvegarder' with no configuration, then 'Appliquer' once created", async () => {
    signIn(user('admin'));
    const api = serve('kiosk', body(none));
    renderWithProviders(<KioskConfigPage />);
    const save = (await screen.findByRole('button', { name: 'Sauvegarder' }, slow)) as HTMLButtonElement;
    expect(screen.queryByRole('button', { name: 'Appliquer' })).toBeNull();
    expect(save.disabled).toBe(true);

    await userEvent.click(screen.getByRole('checkbox', { name: /Masquer le nom des produits/ }));
    await userEvent.click(save);

    expect(await screen.findByText(KIOSK_SAVED, {}, slow)).toBeTruthy();
    expect(api.sent[0]).toEqual({ ifMatch: '"0"', body: { ...none, hide_name_products: true } });
    expect(await screen.findByRole('button', { name: 'Appliquer' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Sauvegarder' })).toBeNull();
  });

  it('without a session, opens and saves the parameters with an equipment key', async () => {
    signIn(null);
    const seen: { auth: string | null; ifMatch: string | null; body?: unknown }[] = [];
    let version = 0;
    let value = { hide_name_categories: false, hide_name_sub_categories: false, hide_name_products: false, hide_name_options: false };
    server.use(
      http.get('*/kiosk/v1/parameters', ({ request }) => {
        seen.push({ auth: request.headers.get('Authorization'), ifMatch: null });
        if (request.headers.get('Authorization') !== 'Bearer brg_dev_ok') return problem(401, "Clé d'équipement invalide ou révoquée.");
        return HttpResponse.json({ version, value });
      }),
      http.put('*/kiosk/v1/parameters', async ({ request }) => {
        value = (await request.json()) as typeof value;
        seen.push({ auth: request.headers.get('Authorization'), ifMatch: request.headers.get('If-Match'), body: value });
        version += 1;
        return HttpResponse.json({ version, value });
      }),
    );
    renderWithProviders(<KioskConfigPage />);
    expect(screen.queryByRole('checkbox')).toBeNull();
    const key = screen.getByLabelText("Clé de l'équipement");
    await userEvent.type(key, 'brg_dev_faux');
    await userEvent.click(screen.getByRole('button', { name: 'Ouvrir' }));
    expect(await screen.findByText("Clé d'équipement invalide ou révoquée.", {}, slow)).toBeTruthy();
    await userEvent.clear(key);
    await userEvent.type(key, 'brg_dev_ok');
    await userEvent.click(screen.getByRole('button', { name: 'Ouvrir' }));
    await userEvent.click(await screen.findByRole('checkbox', { name: /Masquer le nom des produits/ }, slow));
    await userEvent.click(screen.getByRole('button', { name: 'Sauvegarder' }));
    expect(await screen.findByText(KIOSK_SAVED, {}, slow)).toBeTruthy();
    const put = seen.at(-1)!;
    expect(put).toMatchObject({ auth: 'Bearer brg_dev_ok', ifMatch: '"0"', body: { hide_name_products: true } });
    expect(await screen.findByRole('button', { name: 'Appliquer' })).toBeTruthy();
  });

  it('shows the spec failure toast when the save fails', async () => {
    signIn(user('admin'));
    serve('kiosk', body(none, 2), () => problem(500, 'boom'));
    renderWithProviders(<KioskConfigPage />);
    await userEvent.click(await screen.findByRole('checkbox', { name: /Masquer le nom des options/ }, slow));
    await userEvent.click(screen.getByRole('button', { name: 'Appliquer' }));
    expect(await screen.findByText('Erreur de mise à jour des Parametres Borne !', {}, slow)).toBeTruthy();
  });
});
