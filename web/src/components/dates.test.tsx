import { describe, expect, it } from 'vitest';
import { useState } from 'react';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { matchingPeriod, periodRange, todayIn } from './periods';
import { DateField } from './DateField';
import { DateRangeFields } from './DateRangeFields';
import { dateInput, dateValue, setDate } from '../test/dates';

// 10:00 UTC on a given day.
const at = (iso: string) => new Date(`${iso}T10:00:00Z`);

describe('period shortcuts', () => {
  it('computes each period across a month boundary', () => {
    const now = at('2026-03-01');
    expect(periodRange('today', now, 'Europe/Paris')).toEqual({ start: '2026-03-01', end: '2026-03-01' });
    expect(periodRange('yesterday', now, 'Europe/Paris')).toEqual({ start: '2026-02-28', end: '2026-02-28' });
    expect(periodRange('last7', now, 'Europe/Paris')).toEqual({ start: '2026-02-23', end: '2026-03-01' });
    expect(periodRange('thisMonth', now, 'Europe/Paris')).toEqual({ start: '2026-03-01', end: '2026-03-31' });
    expect(periodRange('lastMonth', now, 'Europe/Paris')).toEqual({ start: '2026-02-01', end: '2026-02-28' });
    expect(periodRange('thisYear', now, 'Europe/Paris')).toEqual({ start: '2026-01-01', end: '2026-12-31' });
    // A leap year's February.
    expect(periodRange('lastMonth', at('2028-03-15'), 'Europe/Paris')).toEqual({ start: '2028-02-01', end: '2028-02-29' });
  });

  it('computes each period across a year boundary', () => {
    const now = at('2027-01-01');
    expect(periodRange('yesterday', now, 'Europe/Paris')).toEqual({ start: '2026-12-31', end: '2026-12-31' });
    expect(periodRange('last7', now, 'Europe/Paris')).toEqual({ start: '2026-12-26', end: '2027-01-01' });
    expect(periodRange('lastMonth', now, 'Europe/Paris')).toEqual({ start: '2026-12-01', end: '2026-12-31' });
    expect(periodRange('thisYear', now, 'Europe/Paris')).toEqual({ start: '2027-01-01', end: '2027-12-31' });
  });

  it('reads today in the restaurant’s zone, not the browser’s', () => {
    // 23:30 in Paris on 31 December is already 1 January in Nouméa and still 31 December in Toronto.
    const now = new Date('2026-12-31T22:30:00Z');
    expect(todayIn('Europe/Paris', now)).toBe('2026-12-31');
    expect(todayIn('Pacific/Noumea', now)).toBe('2027-01-01');
    expect(periodRange('thisYear', now, 'Pacific/Noumea')).toEqual({ start: '2027-01-01', end: '2027-12-31' });
    expect(periodRange('lastMonth', now, 'Pacific/Noumea')).toEqual({ start: '2026-12-01', end: '2026-12-31' });
    expect(periodRange('yesterday', new Date('2026-03-01T03:00:00Z'), 'America/Toronto')).toEqual({ start: '2026-02-27', end: '2026-02-27' });
  });

  it('names the shortcut a range matches', () => {
    const now = at('2026-11-21');
    expect(matchingPeriod({ start: '2026-11-01', end: '2026-11-30' }, now, 'Europe/Paris')).toBe('thisMonth');
    expect(matchingPeriod({ start: '2026-11-21', end: '2026-11-21' }, now, 'Europe/Paris')).toBe('today');
    expect(matchingPeriod({ start: '2026-11-02', end: '2026-11-30' }, now, 'Europe/Paris')).toBeNull();
  });
});

function Range({ initial, now }: { initial: { start: string; end: string }; now: Date }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <DateRangeFields value={value} onChange={setValue} startLabel="Date Debut" endLabel="Date Fin" timeZone="Europe/Paris" now={() => now} />
      <output data-testid="range">{`${value.start}→${value.end}`}</output>
    </>
  );
}

describe('date fields', () => {
  it('show jj/mm/aaaa whatever the browser’s language, and give yyyy-mm-dd values', () => {
    const language = Object.getOwnPropertyDescriptor(window.navigator, 'language');
    Object.defineProperty(window.navigator, 'language', { configurable: true, value: 'en-US' });
    try {
      function One() {
        const [v, setV] = useState('2026-11-03');
        return (
          <>
            <DateField label="Date Debut" value={v} onChange={setV} />
            <output data-testid="v">{v}</output>
          </>
        );
      }
      render(<One />);
      expect(dateInput('Date Debut').value).toBe('03/11/2026');
      expect(screen.getByRole('group', { name: 'Date Debut' }).textContent).toContain('03/11/2026');
      setDate('Date Debut', '2026-01-05');
      expect(screen.getByTestId('v').textContent).toBe('2026-01-05');
      expect(dateInput('Date Debut').value).toBe('05/01/2026');
    } finally {
      if (language) Object.defineProperty(window.navigator, 'language', language);
      else delete (window.navigator as { language?: string }).language;
    }
  });

  it('offers the period shortcuts in French and fills both dates', async () => {
    render(<Range initial={{ start: '2026-03-01', end: '2026-03-31' }} now={at('2026-03-01')} />);
    // The button names the period the dates match.
    const button = screen.getByRole('button', { name: 'Période : Ce mois' });
    await userEvent.click(button);
    const menu = screen.getByRole('menu', { name: 'Raccourcis de période' });
    expect(within(menu).getAllByRole('menuitem').map((i) => i.textContent)).toEqual([
      'Aujourd’hui',
      'Hier',
      '7 derniers jours',
      'Ce mois',
      'Mois dernier',
      'Cette année',
    ]);
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Mois dernier' }));
    expect(screen.getByTestId('range').textContent).toBe('2026-02-01→2026-02-28');
    expect(dateValue('Date Debut')).toBe('2026-02-01');
    expect(dateInput('Date Fin').value).toBe('28/02/2026');
    expect(screen.getByRole('button', { name: 'Période : Mois dernier' })).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: /^Période/ }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Hier' }));
    expect(screen.getByTestId('range').textContent).toBe('2026-02-28→2026-02-28');
  });

  it('keeps an impossible range on screen with its message', () => {
    render(
      <DateRangeFields
        value={{ start: '2026-03-10', end: '2026-03-01' }}
        onChange={() => undefined}
        startLabel="Date Debut"
        endLabel="Date Fin"
        error="La date de début est supérieure à la date de fin."
      />,
    );
    expect(dateInput('Date Debut').value).toBe('10/03/2026');
    expect(screen.getByText('La date de début est supérieure à la date de fin.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Période : personnalisée' })).toBeTruthy();
  });
});
