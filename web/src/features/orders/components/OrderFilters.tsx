import { MenuItem, TextField } from '@mui/material';
import { DateRangeFields as SharedDateRangeFields } from '../../../components/DateRangeFields';
import { useReportTimeZone } from '../../reports/components/DateRangeFilter';
import { SOURCE_LABELS, type OrderSource } from '../format';

export const START_LABEL = 'Date Debut';
export const END_LABEL = 'Date Fin';
export const SOURCE_LABEL = 'Source';
export const RANGE_ERROR_TEXT = 'La date de début est supérieure à la date de fin.';

export interface DateRangeFieldsProps {
  start: string;
  end: string;
  onChange: (range: { start: string; end: string }) => void;
  /** The zone of the period shortcuts (the restaurant's); by default the report filters' zone. */
  timeZone?: string;
}

/** Date Debut / Date Fin: yyyy-mm-dd values (spec §5) shown jj/mm/aaaa, with the period shortcuts. */
export function DateRangeFields({ start, end, onChange, timeZone }: DateRangeFieldsProps) {
  const invalid = Boolean(start && end && start > end);
  const zone = useReportTimeZone();
  return (
    <SharedDateRangeFields
      value={{ start, end }}
      // A cleared field asks nothing: the list keeps its last dates.
      onChange={(next) => next.start && next.end && onChange(next)}
      startLabel={START_LABEL}
      endLabel={END_LABEL}
      error={invalid ? RANGE_ERROR_TEXT : null}
      timeZone={timeZone ?? zone}
    />
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
