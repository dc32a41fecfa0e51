import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse, delay } from 'msw';
import { renderWithProviders, signIn } from '../../test/render';
import { user } from '../../test/fixtures';
import { server } from '../../test/server';
import type { Franchise, FranchiseSummary } from '../../api/types';
import { FranchisesPage } from './pages/FranchisesPage';
import {
  COOK_LABEL,
  FEATURES_SAVED,
  PRINTER_LABEL,
  PUBLISH_LABEL,
  REFRESH_LABEL,
} from './components/FeaturesDialog';
import type { FeatureSettings } from './queries';

const off = { publishAvailableProducts: false, refreshAvailableProductsOnGeneration: false, newProductDefaultPrinter: 0, newProductCook: false };
let summaries: FranchiseSummary[] = [];
function resetSummaries() {
  summaries = [
    { id: 9, name: 'Brigade Pizza', countryCode: 'FR', currency: 'EUR', isBlocked: false, restaurantCount: 3, settings: { ...off } },
    { id: 17, name: 'Brigade Burgers', countryCode: 'FR', currency: 'EUR', isBlocked: false, restaurantCount: 12, settings: { ...off, newProductCook: true } },
  ];
}

function franchise(id: number, settings: FeatureSettings): Franchise {
  const s = summaries.find((f) => f.id === id)!;
  return {
    id,
    name: s.name,
    countryCode: s.countryCode,
    currency: s.currency,
    isBlocked: s.isBlocked,
    address: '',
    contactEmail: '',
    contactPhone: '',
    logo: '',
    country: {
      name: 'France',
      code: 'FR',
      timeZone: 'Europe/Paris',
      GMTOfsset: '+01:00',
      currencyInfo: { code: 'EUR', symbol: '€' },
      languages: [],
    },
    settings,
  };
}

const slow = { timeout: 5000 };

/** Opens the page and counts the list's reads, to see the save invalidate it. */
async function openPage() {
  resetSummaries();
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

async function openFeatures(id: number) {
  const row = screen.getByTestId(`franchise-row-${id}`);
  await userEvent.click(within(row).getByRole('button', { name: /^Fonctionnalités/ }));
  return screen.findByRole('dialog');
}

function switchIn(dialog: HTMLElement, name: string): HTMLInputElement {
  return within(dialog).getByRole('switch', { name }) as HTMLInputElement;
}

describe('Fonctionnalités d’une franchise', () => {
  it("opens with the franchise's current values, read from the list", async () => {
    await openPage();
    const dialog = await openFeatures(17);
    expect(within(dialog).getByText(/Brigade Burgers/)).toBeTruthy();
    expect(switchIn(dialog, PUBLISH_LABEL).checked).toBe(false);
    expect(switchIn(dialog, REFRESH_LABEL).checked).toBe(false);
    expect(switchIn(dialog, COOK_LABEL).checked).toBe(true);
    expect(within(dialog).getByRole('combobox', { name: PRINTER_LABEL }).textContent).toBe('Aucune');
    expect(within(dialog).getByText('Pour les autres applications de la franchise (ancien cas des franchises 17, 113, 270).')).toBeTruthy();
  });

  it('keeps the refresh switch disabled while the catalogue is not published', async () => {
    await openPage();
    const dialog = await openFeatures(17);
    expect(switchIn(dialog, REFRESH_LABEL).disabled).toBe(true);
    await userEvent.click(switchIn(dialog, PUBLISH_LABEL));
    expect(switchIn(dialog, REFRESH_LABEL).disabled).toBe(false);
    await userEvent.click(switchIn(dialog, REFRESH_LABEL));
    expect(switchIn(dialog, REFRESH_LABEL).checked).toBe(true);
    await userEvent.click(switchIn(dialog, PUBLISH_LABEL));
    expect(switchIn(dialog, REFRESH_LABEL).disabled).toBe(true);
    expect(switchIn(dialog, REFRESH_LABEL).checked).toBe(false);
  });

  it('saves the four values for that franchise, with a spinner, a toast and a fresh list; reopening shows them', async () => {
    const reads = await openPage();
    let sent: unknown = null;
    let path = '';
    server.use(
      http.put('*/api/v1/admin/franchises/:franchiseId/features', async ({ request, params }) => {
        sent = await request.json();
        path = String(params.franchiseId);
        summaries = summaries.map((f) => (f.id === Number(params.franchiseId) ? { ...f, settings: sent as typeof f.settings } : f));
        await delay(200);
        return HttpResponse.json(franchise(9, sent as FeatureSettings));
      }),
    );
    const dialog = await openFeatures(9);
    await userEvent.click(switchIn(dialog, PUBLISH_LABEL));
    await userEvent.click(switchIn(dialog, REFRESH_LABEL));
    await userEvent.click(within(dialog).getByRole('combobox', { name: PRINTER_LABEL }));
    await userEvent.click(await screen.findByRole('option', { name: 'Prepa 1' }));
    await userEvent.click(switchIn(dialog, COOK_LABEL));
    const listReads = reads.list;

    await userEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect((within(dialog).getByRole('button', { name: /Enregistrer/ }) as HTMLButtonElement).disabled).toBe(true));
    expect((within(dialog).getByRole('button', { name: 'Annuler' }) as HTMLButtonElement).disabled).toBe(true);

    expect(await screen.findByText(FEATURES_SAVED, undefined, slow)).toBeTruthy();
    expect(path).toBe('9');
    expect(sent).toEqual({
      publishAvailableProducts: true,
      refreshAvailableProductsOnGeneration: true,
      newProductDefaultPrinter: 2,
      newProductCook: true,
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(reads.list).toBeGreaterThan(listReads));

    // The refetched list carries the saved values.
    const again = await openFeatures(9);
    expect(switchIn(again, PUBLISH_LABEL).checked).toBe(true);
    expect(switchIn(again, REFRESH_LABEL).checked).toBe(true);
    expect(switchIn(again, COOK_LABEL).checked).toBe(true);
    expect(within(again).getByRole('combobox', { name: PRINTER_LABEL }).textContent).toBe('Prepa 1');
    await userEvent.click(within(again).getByRole('button', { name: 'Annuler' }));

    // Another franchise keeps its own.
    const other = await openFeatures(17);
    expect(switchIn(other, PUBLISH_LABEL).checked).toBe(false);
    expect(switchIn(other, COOK_LABEL).checked).toBe(true);
  });

  it('never sends a refresh without publication, and shows a refusal in the dialog, keeping the choices', async () => {
    await openPage();
    let sent: unknown = null;
    server.use(
      http.put('*/api/v1/admin/franchises/17/features', async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json(
          { status: 403, title: 'Forbidden', detail: 'Réservé aux super-administrateurs.' },
          { status: 403, headers: { 'Content-Type': 'application/problem+json' } },
        );
      }),
    );
    const dialog = await openFeatures(17);
    await userEvent.click(switchIn(dialog, PUBLISH_LABEL));
    await userEvent.click(switchIn(dialog, REFRESH_LABEL));
    await userEvent.click(switchIn(dialog, PUBLISH_LABEL));
    await userEvent.click(switchIn(dialog, COOK_LABEL));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));

    expect((await within(dialog).findByRole('alert')).textContent).toContain('Réservé aux super-administrateurs.');
    expect(sent).toEqual({
      publishAvailableProducts: false,
      refreshAvailableProductsOnGeneration: false,
      newProductDefaultPrinter: 0,
      newProductCook: false, // franchise 17 had it on
    });
    expect(screen.getByRole('dialog')).toBe(dialog);
    expect(switchIn(dialog, COOK_LABEL).checked).toBe(false);
    expect(screen.queryByText(FEATURES_SAVED)).toBeNull();
  });

  it('puts a printer refusal under the printer select', async () => {
    await openPage();
    server.use(
      http.put('*/api/v1/admin/franchises/17/features', () =>
        HttpResponse.json(
          {
            status: 422,
            title: 'Unprocessable Entity',
            detail: 'Requête invalide',
            errors: [{ location: 'body.newProductDefaultPrinter', message: "L'imprimante par défaut doit être un identifiant d'imprimante (0 : aucune)." }],
          },
          { status: 422, headers: { 'Content-Type': 'application/problem+json' } },
        ),
      ),
    );
    const dialog = await openFeatures(17);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    expect(await within(dialog).findByText("L'imprimante par défaut doit être un identifiant d'imprimante (0 : aucune).")).toBeTruthy();
    expect(within(dialog).queryByText('Requête invalide')).toBeNull();
  });
});
