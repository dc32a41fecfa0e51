import { useState } from 'react';
import { Stack, TextField } from '@mui/material';
import { currentMonthRange, rangeError, type DateRange } from '../format';

export const START_LABEL = 'Date Debut';
export const END_LABEL = 'Date Fin';

export interface DateRangeFilterProps {
  value: DateRange;
  onChange: (next: DateRange) => void;
  startLabel?: string;
  endLabel?: string;
}

/**
 * The two date pickers of the report screens (yyyy-mm-dd values). An impossible range stays on
 * screen with its French message so nothing the user typed is lost; callers only query when
 * `rangeError(value)` is null.
 */
export function DateRangeFilter({ value, onChange, startLabel = START_LABEL, endLabel = END_LABEL }: DateRangeFilterProps) {
  const error = rangeError(value);
  const sx = { width: 168, '& input': { py: 1.1 } } as const;
  return (
    <Stack direction="row" spacing={1.5} sx={{ alignItems: 'flex-start' }}>
      <TextField
        type="date"
        size="small"
        label={startLabel}
        value={value.start}
        onChange={(e) => onChange({ ...value, start: e.target.value })}
        error={error !== null}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: value.end || undefined, 'aria-label': startLabel } }}
        sx={sx}
      />
      <TextField
        type="date"
        size="small"
        label={endLabel}
        value={value.end}
        onChange={(e) => onChange({ ...value, end: e.target.value })}
        error={error !== null}
        helperText={error ?? undefined}
        slotProps={{
          inputLabel: { shrink: true },
          htmlInput: { min: value.start || undefined, 'aria-label': endLabel },
          formHelperText: { sx: { mx: 0, maxWidth: 168 } },
        }}
        sx={sx}
      />
    </Stack>
  );
}

/** A date range held by the screen, starting on `initial` (the current month by default). */
export function useDateRange(initial: () => DateRange = currentMonthRange) {
  const [range, setRange] = useState<DateRange>(initial);
  return { range, setRange, error: rangeError(range), valid: rangeError(range) === null } as const;
}
