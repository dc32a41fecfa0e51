import type { ReactNode } from 'react';
import dayjs, { type Dayjs } from 'dayjs';
import 'dayjs/locale/fr';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { frFR } from '@mui/x-date-pickers/locales';
import type { SxProps, Theme } from '@mui/material/styles';

/** The display format of every date field: jj/mm/aaaa, whatever the browser's language. */
export const DATE_DISPLAY_FORMAT = 'DD/MM/YYYY';
const VALUE_FORMAT = 'YYYY-MM-DD';

const pickerTexts = frFR.components.MuiLocalizationProvider.defaultProps.localeText;

/** French calendars for the pickers below it (labels, month names, Monday first, jj/mm/aaaa). */
export function FrenchDates({ children }: { children: ReactNode }) {
  return (
    <LocalizationProvider dateAdapter={AdapterDayjs} adapterLocale="fr" localeText={pickerTexts}>
      {children}
    </LocalizationProvider>
  );
}

function parse(value: string): Dayjs | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return null;
  const d = dayjs(value, VALUE_FORMAT);
  return d.isValid() ? d : null;
}

export interface DateFieldProps {
  label: string;
  /** yyyy-mm-dd, or '' when empty */
  value: string;
  /**
   * The new value as yyyy-mm-dd, or '' when the field is cleared. While a date is being typed
   * (incomplete), nothing is sent: what the user types stays on screen.
   */
  onChange: (value: string) => void;
  min?: string;
  max?: string;
  error?: boolean;
  helperText?: ReactNode;
  disabled?: boolean;
  required?: boolean;
  width?: number | string;
  size?: 'small' | 'medium';
  fullWidth?: boolean;
  name?: string;
  sx?: SxProps<Theme>;
}

/**
 * A date field shown jj/mm/aaaa in French (a native <input type=date> follows the browser's
 * language and shows mm/dd/yyyy in an English browser), with a French calendar. Values travel as
 * yyyy-mm-dd, like the API's dates.
 */
export function DateField({
  label,
  value,
  onChange,
  min,
  max,
  error,
  helperText,
  disabled,
  required,
  width = 168,
  size = 'small',
  fullWidth,
  name,
  sx,
}: DateFieldProps) {
  const minDate = min ? parse(min) : null;
  const maxDate = max ? parse(max) : null;
  return (
    <FrenchDates>
      <DatePicker
        label={label}
        value={parse(value)}
        format={DATE_DISPLAY_FORMAT}
        onChange={(next) => {
          if (next === null) onChange('');
          else if (next.isValid()) onChange(next.format(VALUE_FORMAT));
        }}
        minDate={minDate ?? undefined}
        maxDate={maxDate ?? undefined}
        disabled={disabled}
        name={name}
        slotProps={{
          textField: {
            size,
            error,
            helperText,
            required,
            fullWidth,
            sx: [{ width: fullWidth ? '100%' : width }, ...(Array.isArray(sx) ? sx : sx ? [sx] : [])],
          },
          popper: { placement: 'bottom-start' },
        }}
      />
    </FrenchDates>
  );
}
