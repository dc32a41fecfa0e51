import { IconButton, Stack, ToggleButton, ToggleButtonGroup, Tooltip } from '@mui/material';
import ChevronLeftRoundedIcon from '@mui/icons-material/ChevronLeftRounded';
import ChevronRightRoundedIcon from '@mui/icons-material/ChevronRightRounded';
import { DateField } from '../../../components/DateField';
import { periodRange } from '../../../components/periods';

export const DAY_LABEL = "Journée d'exploitation";

/** yyyy-mm-dd moved by `days` (plain calendar arithmetic). */
export function shiftDay(day: string, days: number): string {
  const [y, m, d] = day.split('-').map(Number);
  const t = new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1, (d ?? 1) + days));
  return t.toISOString().slice(0, 10);
}

/** Yesterday in the restaurant's zone: the Z of the last closed day. */
export const yesterdayIn = (timeZone?: string, now: Date = new Date()) => periodRange('yesterday', now, timeZone).start;
export const todayOf = (timeZone?: string, now: Date = new Date()) => periodRange('today', now, timeZone).start;

export interface DayPickerProps {
  value: string;
  onChange: (day: string) => void;
  timeZone?: string;
}

/** One business day: the date field (jj/mm/aaaa), the day before / after, and « Hier » / « Aujourd’hui ». */
export function DayPicker({ value, onChange, timeZone }: DayPickerProps) {
  const today = todayOf(timeZone);
  const yesterday = yesterdayIn(timeZone);
  const valid = /^\d{4}-\d{2}-\d{2}$/.test(value);
  const shortcut = value === yesterday ? 'yesterday' : value === today ? 'today' : null;
  return (
    <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
      <Tooltip title="Jour précédent">
        <span>
          <IconButton aria-label="Jour précédent" disabled={!valid} onClick={() => onChange(shiftDay(value, -1))}>
            <ChevronLeftRoundedIcon />
          </IconButton>
        </span>
      </Tooltip>
      <DateField label={DAY_LABEL} value={value} max={today} onChange={onChange} width={170} />
      <Tooltip title="Jour suivant">
        <span>
          <IconButton aria-label="Jour suivant" disabled={!valid || value >= today} onClick={() => onChange(shiftDay(value, 1))}>
            <ChevronRightRoundedIcon />
          </IconButton>
        </span>
      </Tooltip>
      <ToggleButtonGroup
        exclusive
        size="small"
        value={shortcut}
        aria-label="Raccourcis de journée"
        onChange={(_, next: string | null) => next && onChange(next === 'today' ? today : yesterday)}
        sx={{ height: 40 }}
      >
        <ToggleButton value="yesterday">Hier</ToggleButton>
        <ToggleButton value="today">Aujourd’hui</ToggleButton>
      </ToggleButtonGroup>
    </Stack>
  );
}
