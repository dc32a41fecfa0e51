import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { DateRangeFields } from '../../../components/DateRangeFields';
import { useRestaurantSelection } from '../../../app/RestaurantSelection';
import { useSession } from '../../../app/session';
import { franchiseQuery } from '../../franchise/queries';
import { restaurantsQuery } from '../../restaurants/queries';
import type { PeriodShortcut } from '../../../components/periods';
import { currentMonthRange, rangeError, type DateRange } from '../format';

export const START_LABEL = 'Date Debut';
export const END_LABEL = 'Date Fin';

export interface DateRangeFilterProps {
  value: DateRange;
  onChange: (next: DateRange) => void;
  startLabel?: string;
  endLabel?: string;
  /** The zone of the period shortcuts; by default the chosen restaurant's (see useReportTimeZone). */
  timeZone?: string;
  /** The shortcuts offered (the common six by default). */
  periods?: readonly PeriodShortcut[];
  /** The shortcut button's text when the dates match none. */
  customLabel?: string;
}

/**
 * The zone whose calendar the report dates follow: reports count in business dates, so the chosen
 * restaurant's zone (a moderator's own), else the franchise's country zone, else the browser's.
 */
export function useReportTimeZone(): string | undefined {
  const session = useSession();
  const { restaurant } = useRestaurantSelection();
  const restaurants = useQuery({ ...restaurantsQuery(), enabled: session !== null });
  const franchise = useQuery({ ...franchiseQuery(), staleTime: 5 * 60_000, enabled: session !== null && session.roles !== 'superadmin' });
  const list = restaurants.data ?? [];
  const own =
    session?.roles === 'moderator'
      ? list.find((r) => session.siret && r.siret === session.siret)
      : typeof restaurant === 'number' && restaurant > 0
        ? list.find((r) => r.id === restaurant)
        : undefined;
  return own?.timeZone || franchise.data?.country?.timeZone || undefined;
}

/**
 * The two date fields of the report screens (jj/mm/aaaa on screen, yyyy-mm-dd values) and their
 * period shortcuts. An impossible range stays on screen with its French message so nothing the
 * user typed is lost; callers only query when `rangeError(value)` is null.
 */
export function DateRangeFilter({ value, onChange, startLabel = START_LABEL, endLabel = END_LABEL, timeZone, periods, customLabel }: DateRangeFilterProps) {
  const zone = useReportTimeZone();
  return (
    <DateRangeFields
      value={value}
      onChange={onChange}
      startLabel={startLabel}
      endLabel={endLabel}
      error={rangeError(value)}
      timeZone={timeZone ?? zone}
      periods={periods}
      customLabel={customLabel}
    />
  );
}

/** A date range held by the screen, starting on `initial` (the current month by default). */
export function useDateRange(initial: () => DateRange = currentMonthRange) {
  const [range, setRange] = useState<DateRange>(initial);
  return { range, setRange, error: rangeError(range), valid: rangeError(range) === null } as const;
}
