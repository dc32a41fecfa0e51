import dayjs, { type Dayjs } from 'dayjs';
import { TimeField } from '@mui/x-date-pickers/TimeField';
import { FrenchDates } from '../../../components/DateField';

export interface ClockFieldProps {
  label: string;
  /** HH:MM, or '' when empty. */
  value: string;
  onChange: (value: string) => void;
  error?: boolean;
  helperText?: string;
  name?: string;
}

function parse(value: string): Dayjs | null {
  const m = /^(\d{2}):(\d{2})$/.exec(value);
  return m ? dayjs().hour(Number(m[1])).minute(Number(m[2])).second(0) : null;
}

/**
 * A local time typed as 24 h « HH:MM » whatever the browser's language (a native time field shows
 * AM/PM in an English browser). Values travel as HH:MM, as the API stores them.
 */
export function ClockField({ label, value, onChange, error, helperText, name }: ClockFieldProps) {
  return (
    <FrenchDates>
      <TimeField
        label={label}
        value={parse(value)}
        format="HH:mm"
        ampm={false}
        name={name}
        onChange={(next) => {
          if (next === null) onChange('');
          else if (next.isValid()) onChange(next.format('HH:mm'));
        }}
        clearable
        slotProps={{ textField: { size: 'small', error, helperText, fullWidth: true } }}
      />
    </FrenchDates>
  );
}
