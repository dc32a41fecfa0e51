import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { StatusBadge, StatusLegend } from './Status';

describe('StatusBadge', () => {
  it.each([
    ['paid', 'Payée', 'success'],
    ['pending', 'En attente', 'warning'],
    ['cancelled', 'Annulée', 'error'],
    ['refunded', 'Remboursée', 'error'],
    ['partially_refunded', 'Remboursée en partie', 'error'],
    ['failed', 'Paiement refusé', 'error'],
  ])('shows %s as « %s » in %s', (status, label, tone) => {
    render(<StatusBadge status={status} />);
    expect(screen.getByText(label).closest('[data-tone]')?.getAttribute('data-tone')).toBe(tone);
  });

  it('shows a status it does not know as a cancellation, in red (spec §3)', () => {
    render(<StatusBadge status="voided" />);
    expect(screen.getByText('Annulée').closest('[data-tone]')?.getAttribute('data-tone')).toBe('error');
  });

  it('keeps the spec’s legend verbatim and says what its red covers', () => {
    render(<StatusLegend />);
    expect(screen.getByText('payé')).toBeTruthy();
    expect(screen.getByText('En attente')).toBeTruthy();
    expect(screen.getByText('Annulé').closest('li')?.getAttribute('title')).toMatch(/remboursée/);
  });
});
