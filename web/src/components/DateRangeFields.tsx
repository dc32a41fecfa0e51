import { useState } from 'react';
import { Button, ListItemIcon, ListItemText, Menu, MenuItem, Stack } from '@mui/material';
import EventRepeatOutlinedIcon from '@mui/icons-material/EventRepeatOutlined';
import CheckRoundedIcon from '@mui/icons-material/CheckRounded';
import KeyboardArrowDownRoundedIcon from '@mui/icons-material/KeyboardArrowDownRounded';
import { DateField } from './DateField';
import { PERIODS, matchingPeriod, periodRange, type DayRange, type PeriodShortcut } from './periods';

export const SHORTCUTS_LABEL = 'Période';

export interface DateRangeFieldsProps {
  value: DayRange;
  onChange: (next: DayRange) => void;
  startLabel: string;
  endLabel: string;
  /** The French message under the end date when the range is not usable. */
  error?: string | null;
  /** The zone whose calendar the shortcuts follow (the restaurant's); the browser's when absent. */
  timeZone?: string;
  /** Tests: the clock of the shortcuts. */
  now?: () => Date;
  /** The shortcuts offered (the common six by default). */
  periods?: readonly PeriodShortcut[];
  /** The button's text when the dates match no shortcut ('Période' by default). */
  customLabel?: string;
}

/**
 * Date Debut / Date Fin shown jj/mm/aaaa, and beside them the period shortcuts (Aujourd'hui, Hier,
 * 7 derniers jours, Ce mois, Mois dernier, Cette année). The button names the period the dates
 * match, so a screen opened on the current month reads « Ce mois ».
 */
export function DateRangeFields({ value, onChange, startLabel, endLabel, error, timeZone, now = () => new Date(), periods = PERIODS, customLabel }: DateRangeFieldsProps) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const current = matchingPeriod(value, now(), timeZone, periods);
  const currentLabel = periods.find((p) => p.key === current)?.label;
  return (
    <Stack direction="row" sx={{ alignItems: 'flex-start', gap: 1.5, flexWrap: 'wrap' }}>
      <DateField
        label={startLabel}
        value={value.start}
        max={value.end || undefined}
        error={Boolean(error)}
        onChange={(start) => onChange({ ...value, start })}
      />
      <DateField
        label={endLabel}
        value={value.end}
        min={value.start || undefined}
        error={Boolean(error)}
        helperText={error ?? undefined}
        onChange={(end) => onChange({ ...value, end })}
        sx={{ '& .MuiFormHelperText-root': { mx: 0 } }}
      />
      <Button
        variant="outlined"
        color="inherit"
        aria-label={`${SHORTCUTS_LABEL} : ${currentLabel ?? 'personnalisée'}`}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(e) => setAnchor(e.currentTarget)}
        startIcon={<EventRepeatOutlinedIcon />}
        endIcon={<KeyboardArrowDownRoundedIcon />}
        sx={{ height: 40, whiteSpace: 'nowrap', borderColor: 'divider', color: 'text.primary', fontWeight: 500 }}
      >
        {currentLabel ?? customLabel ?? SHORTCUTS_LABEL}
      </Button>
      <Menu
        anchorEl={anchor}
        open={anchor !== null}
        onClose={() => setAnchor(null)}
        disableScrollLock
        slotProps={{ list: { 'aria-label': 'Raccourcis de période', dense: true } }}
      >
        {periods.map((p) => (
          <MenuItem
            key={p.key}
            selected={p.key === current}
            onClick={() => {
              setAnchor(null);
              onChange(periodRange(p.key, now(), timeZone));
            }}
          >
            <ListItemIcon>{p.key === current ? <CheckRoundedIcon fontSize="small" /> : null}</ListItemIcon>
            <ListItemText>{p.label}</ListItemText>
          </MenuItem>
        ))}
      </Menu>
    </Stack>
  );
}
