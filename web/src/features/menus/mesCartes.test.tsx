import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { renderWithProviders, signIn } from '../../test/render';
import { user } from '../../test/fixtures';
import { server } from '../../test/server';
import { MesCartesPage } from './pages/MesCartesPage';
import { periodText } from './campaignRules';
import type { Campaign, CampaignBody } from './types';

function carte(id: number, nom: string, extra: Partial<Campaign> = {}): Campaign {
  return {
    id,
    franchiseId: 1,
    nom,
    url: `${nom}.json`,
    isPrincipal: id === 1,
    dateDebut: '',
    dateFin: '',
    isPeriodic: false,
    campagneDates: [],
    removed: false,
    version: 3,
    createdAt: '2026-11-01T10:00:00Z',
    updatedAt: '2026-11-20T10:00:00Z',
    updatedBy: 'Brigade Burger',
    ...extra,
  };
}

const SAME_NAME = "Une autre carte active s'appelle déjà « Carte d'été ». Confirmez pour garder ce nom.";

/** The server's 422 asking to confirm a name another active carte has. */
const sameNameWarning = () =>
  HttpResponse.json(
    { status: 422, title: 'Données invalides', detail: SAME_NAME, errors: [{ message: SAME_NAME, location: 'body.confirmDuplicateName' }] },
    { status: 422, headers: { 'Content-Type': 'application/problem+json' } },
  );

describe('Mes Cartes: période', () => {
  it('shows a periodic carte’s own dates, never « Toute l’année »', async () => {
    signIn(user('admin'));
    server.use(
      http.get('*/api/v1/campaigns', () =>
        HttpResponse.json({
          items: [
            carte(1, 'Carte principale'),
            // Its periodic rows only (the dialog's « Dates de la carte périodique »), of last month.
            carte(2, 'Carte d’octobre', { isPeriodic: true, campagneDates: ['2026-10-01', '2026-10-31'] }),
            carte(3, 'Carte d’hiver', { isPeriodic: true, dateDebut: '2026-12-01', dateFin: '2027-02-28' }),
          ],
          total: 3,
        }),
      ),
    );
    renderWithProviders(<MesCartesPage />);
    const october = (await screen.findByRole('link', { name: 'Carte d’octobre' })).closest('tr')!;
    expect(within(october).getByText('Périodique : du 1 oct. au 31 oct.')).toBeTruthy();
    expect(within(october).queryByText('Toute l’année')).toBeNull();
    const winter = screen.getByRole('link', { name: 'Carte d’hiver' }).closest('tr')!;
    expect(within(winter).getByText('Périodique : du 1 déc. au 28 févr.')).toBeTruthy();
    const main = screen.getByRole('link', { name: 'Carte principale' }).closest('tr')!;
    expect(within(main).getByText('Toute l’année')).toBeTruthy();
  });

  it('names every period of a periodic carte, and one whose dates are not set yet', () => {
    const c = carte(2, 'P', { isPeriodic: true, campagneDates: ['2026-12-20', '2026-12-24', '2027-01-01', '2027-01-02'] });
    expect(periodText(c)).toBe('Périodique : du 20 déc. au 24 déc., du 1 janv. au 2 janv.');
    expect(periodText(carte(2, 'P', { isPeriodic: true }))).toBe('Périodique : dates à définir');
    expect(periodText(carte(2, 'P', { dateDebut: '2026-10-01', dateFin: '2026-10-31' }))).toBe('Du 1 oct. 2026 au 31 oct. 2026');
  });
});

describe('Mes Cartes: nom déjà utilisé', () => {
  it('asks before creating a carte with the name of another active one, and sends the confirmation', async () => {
    signIn(user('admin'));
    const sent: CampaignBody[] = [];
    server.use(
      http.get('*/api/v1/campaigns', () => HttpResponse.json({ items: [carte(1, "Carte d'été")], total: 1 })),
      http.post('*/api/v1/campaigns', async ({ request }) => {
        const body = (await request.json()) as CampaignBody;
        sent.push(body);
        return body.confirmDuplicateName ? HttpResponse.json(carte(2, body.nom), { status: 201 }) : sameNameWarning();
      }),
    );
    renderWithProviders(<MesCartesPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Nouvelle carte' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nouvelle carte' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Nom de la carte' }), "carte d'ete");
    await userEvent.click(within(dialog).getByRole('button', { name: 'Créer la carte' }));

    const ask = await screen.findByRole('dialog', { name: 'Nom déjà utilisé' });
    expect(within(ask).getByText(SAME_NAME)).toBeTruthy();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.confirmDuplicateName).toBeFalsy();
    // Cancelled: nothing is created and what was typed is still there.
    await userEvent.click(within(ask).getByRole('button', { name: 'Annuler' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Nom déjà utilisé' })).toBeNull());
    expect((within(dialog).getByRole('textbox', { name: 'Nom de la carte' }) as HTMLInputElement).value).toBe("carte d'ete");

    await userEvent.click(within(dialog).getByRole('button', { name: 'Créer la carte' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Nom déjà utilisé' })).getByRole('button', { name: 'Garder ce nom' }));
    await waitFor(() => expect(sent).toHaveLength(3));
    expect(sent[2]).toMatchObject({ nom: "carte d'ete", confirmDuplicateName: true });
  });

  it('asks before activating a carte whose name another active carte has', async () => {
    signIn(user('admin'));
    const sent: CampaignBody[] = [];
    server.use(
      http.get('*/api/v1/campaigns', () =>
        HttpResponse.json({ items: [carte(1, "Carte d'été"), carte(2, "CARTE D'ÉTÉ", { removed: true })], total: 2 }),
      ),
      http.put('*/api/v1/campaigns/2', async ({ request }) => {
        const body = (await request.json()) as CampaignBody;
        sent.push(body);
        return body.confirmDuplicateName ? HttpResponse.json(carte(2, "CARTE D'ÉTÉ", { version: 4 })) : sameNameWarning();
      }),
    );
    renderWithProviders(<MesCartesPage />);
    await userEvent.click(await screen.findByRole('switch', { name: "Carte « CARTE D'ÉTÉ » active" }));
    const ask = await screen.findByRole('dialog', { name: 'Nom déjà utilisé' });
    expect(within(ask).getByText(SAME_NAME)).toBeTruthy();
    await userEvent.click(within(ask).getByRole('button', { name: 'Garder ce nom' }));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]).toMatchObject({ removed: false, confirmDuplicateName: true });
    expect(await screen.findByText("La carte « CARTE D'ÉTÉ » est activée.")).toBeTruthy();
  });

  it('warns in the import dialog and imports under the same name once confirmed', async () => {
    signIn(user('admin'));
    const asked: (string | null)[] = [];
    server.use(
      http.get('*/api/v1/campaigns', () => HttpResponse.json({ items: [carte(1, "Carte d'été")], total: 1 })),
      http.post('*/api/v1/campaigns/import', ({ request }) => {
        const confirmed = new URL(request.url).searchParams.get('confirmDuplicateName');
        asked.push(confirmed);
        return confirmed === 'true' ? HttpResponse.json(carte(2, "Carte d'été"), { status: 201 }) : sameNameWarning();
      }),
    );
    renderWithProviders(<MesCartesPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Importer une carte' }));
    const dialog = await screen.findByRole('dialog', { name: 'Importer une carte' });
    const file = new File([JSON.stringify({ nom: "Carte d'été", orderJson: { items: [] } })], 'ete.json', { type: 'application/json' });
    await userEvent.upload(within(dialog).getByLabelText('Fichier de la carte'), file);
    await waitFor(() => expect((within(dialog).getByRole('textbox', { name: 'Nom de la carte' }) as HTMLInputElement).value).toBe("Carte d'été"));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Importer' }));
    expect(await within(dialog).findByText(SAME_NAME)).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Garder ce nom' }));
    expect(await screen.findByText("La carte « Carte d'été » est importée.")).toBeTruthy();
    expect(asked).toEqual([null, 'true']);
  });
});
