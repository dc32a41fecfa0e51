import { MenuItem, TextField } from '@mui/material';
import { SOURCE_LABELS, type OrderSource } from '../format';

export const START_LABEL = 'Date Debut';
export const END_LABEL = 'Date Fin';
export const SOURCE_LABEL = 'Source';
export const RANGE_ERROR_TEXT = 'La date de début est supérieure à la date de fin.';

export interface DateRangeFieldsProps {
  start: string;
  end: string;
  onChange: (range: { start: string; end: string }) => void;
}

/** Date Debut / Date Fin, yyyy-mm-dd (spec §5). */
export function DateRangeFields({ start, end, onChange }: DateRangeFieldsProps) {
  const invalid = Boolean(start && end && start > end);
  return (
    <>
      <TextField
        type="date"
        size="small"
        label={START_LABEL}
        value={start}
        onChange={(e) => e.target.value && onChange({ start: e.target.value, end })}
        error={invalid}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: end || undefined } }}
        sx={{ width: 160 }}
      />
      <TextField
        type="date"
        size="small"
        label={END_LABEL}
        value={end}
        onChange={(e) => e.target.value && onChange({ start, end: e.target.value })}
        error={invalid}
        helperText={invalid ? RANGE_ERROR_TEXT : undefined}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: start || undefined }, formHelperText: { sx: { position: 'absolute', top: '100%', m: 0, mt: 0.25, whiteSpace: 'nowrap' } } }}
        sx={{ width: 160 }}
      />
    </>
  );
}

/** The order source (DECISIONS: shown, default 'Caisse & Borne'). */
export function SourceSelect({ value, onChange }: { value: OrderSource; onChange: (source: OrderSource) => void }) {
  return (
    <TextField
      select
      size="small"
      label={SOURCE_LABEL}
      value={value}
      onChange={(e) => onChange(e.target.value as OrderSource)}
      sx={{ width: 170 }}
    >
      {(Object.keys(SOURCE_LABELS) as OrderSource[]).map((s) => (
        <MenuItem key={s} value={s}>
          {SOURCE_LABELS[s]}
        </MenuItem>
      ))}
    </TextField>
  );
}
