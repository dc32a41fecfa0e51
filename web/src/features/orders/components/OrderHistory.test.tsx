import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { tillOrder } from '../fixtures';
import { HISTORY_TITLE, OrderHistory, refundText } from './OrderHistory';

const refunded = {
  ...tillOrder,
  order: { ...tillOrder.order, status: 'refunded' as const, total_cents: 2412 },
  refunded_cents: 500,
  history: [
    { event_id: 'R-1', from: 'paid', status: 'partially_refunded', at: '2026-11-24T11:00:00Z', business_date: '2026-11-24', refund_cents: 500, method: 'especes', reason: 'Boisson renversée', equipement: 'Caisse 1' },
    { event_id: 'R-2', from: 'partially_refunded', status: 'refunded', at: '2026-11-25T17:30:00Z', business_date: '2026-11-25', refund_cents: 1912, method: 'cb', equipement: 'Caisse 2' },
  ],
};

describe('OrderHistory', () => {
  it('lists each change with its time in the restaurant’s zone, its statuses, the money given back and why', () => {
    render(<OrderHistory detail={refunded} currency="EUR" timeZone="Europe/Paris" />);
    expect(screen.getByRole('heading', { name: HISTORY_TITLE })).toBeTruthy();
    const items = screen.getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[0]).getByText('24/11/2026 12:00')).toBeTruthy();
    expect(within(items[0]).getByText('Payée')).toBeTruthy();
    expect(within(items[0]).getByText('Remboursée en partie')).toBeTruthy();
    expect(items[0].textContent).toContain('Remboursement de 5,00\u00a0€ (espèces) · Boisson renversée · depuis Caisse 1');
    expect(within(items[1]).getByText('25/11/2026 18:30')).toBeTruthy();
    expect(items[1].textContent).toContain('Remboursement de 19,12\u00a0€ (carte bancaire) · depuis Caisse 2');
    // What was given back in all, against the order's total.
    expect(screen.getByText(/^Remboursé\s:/).textContent).toBe('Remboursé\u00a0: 24,12\u00a0€ sur 24,12\u00a0€');
  });

  it('shows nothing for an order whose status never changed', () => {
    const { container } = render(<OrderHistory detail={{ ...tillOrder, history: [] }} currency="EUR" />);
    expect(container.textContent).toBe('');
    render(<OrderHistory detail={{ ...tillOrder, history: null }} currency="EUR" />);
    expect(screen.queryByText(HISTORY_TITLE)).toBeNull();
  });

  it('writes a refund in the order’s currency and nothing for a change without money', () => {
    expect(refundText({ refund_cents: 1250, method: 'especes' }, 'CHF')).toBe('Remboursement de 12,50\u00a0CHF (espèces)');
    expect(refundText({ refund_cents: 0 }, 'EUR')).toBe('');
  });
});
