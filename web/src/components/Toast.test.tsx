import { describe, expect, it } from 'vitest';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../test/render';
import { TOAST_DURATION, useToast } from './Toast';
import { EmptyState, EMPTY_TEXT } from './EmptyState';
import { ErrorBlock, DATA_ERROR_TEXT } from './ErrorBlock';
import { LoadingPanel } from './LoadingPanel';

function Trigger() {
  const toast = useToast();
  return (
    <button type="button" onClick={() => toast.success('Exportation terminée avec succès !')}>
      go
    </button>
  );
}

describe('shared panels', () => {
  it('toasts a message for 5000 ms', async () => {
    expect(TOAST_DURATION).toBe(5000);
    renderWithProviders(<Trigger />);
    await userEvent.click(screen.getByRole('button', { name: 'go' }));
    expect(await screen.findByText('Exportation terminée avec succès !')).toBeTruthy();
  });

  it('uses the spec texts', async () => {
    let retried = 0;
    renderWithProviders(
      <>
        <EmptyState />
        <ErrorBlock onRetry={() => (retried += 1)} />
        <LoadingPanel />
      </>,
    );
    expect(screen.getByText(EMPTY_TEXT).textContent).toBe('Aucun données à afficher.');
    expect(screen.getByText(DATA_ERROR_TEXT)).toBeTruthy();
    expect(screen.getByText('En cours de chargement...')).toBeTruthy();
    await act(async () => {
      await userEvent.click(screen.getByRole('button', { name: 'Réessayer' }));
    });
    expect(retried).toBe(1);
  });
});
