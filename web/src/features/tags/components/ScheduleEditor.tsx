import { Controller, useFieldArray, type Control, type UseFormGetValues, type UseFormSetValue } from 'react-hook-form';
import { Box, Button, Chip, IconButton, Stack, TextField, Tooltip, Typography } from '@mui/material';
import AddRoundedIcon from '@mui/icons-material/AddRounded';
import CloseRoundedIcon from '@mui/icons-material/CloseRounded';
import ContentCopyRoundedIcon from '@mui/icons-material/ContentCopyRounded';
import WbSunnyOutlinedIcon from '@mui/icons-material/WbSunnyOutlined';
import type { TagForm } from '../schemas';
import { WEEK, allDay, copyToAllDays, newPeriod, nextPeriodId } from '../tagEdits';

export interface ScheduleEditorProps {
  control: Control<TagForm>;
  getValues: UseFormGetValues<TagForm>;
  setValue: UseFormSetValue<TagForm>;
  disabled: boolean;
}

/** The weekly schedule: Lundi to Dimanche, each day with its periods; a day without periods is closed. */
export function ScheduleEditor({ control, getValues, setValue, disabled }: ScheduleEditorProps) {
  const copy = (row: number) => {
    const days = copyToAllDays(getValues('days'), row);
    days.forEach((d, i) => {
      if (i !== row) setValue(`days.${i}.periods`, d.periods, { shouldDirty: true, shouldValidate: false });
    });
  };
  return (
    <Stack divider={<Box aria-hidden sx={{ borderTop: 1, borderColor: 'divider' }} />} role="list" aria-label="Horaires de la semaine">
      {WEEK.map((d, row) => (
        <DayRow key={d.day} row={row} label={d.label} control={control} getValues={getValues} disabled={disabled} onCopy={() => copy(row)} />
      ))}
    </Stack>
  );
}

interface DayRowProps {
  row: number;
  label: string;
  control: Control<TagForm>;
  getValues: UseFormGetValues<TagForm>;
  disabled: boolean;
  onCopy: () => void;
}

function DayRow({ row, label, control, getValues, disabled, onCopy }: DayRowProps) {
  // keyName: the periods carry their own 'id', which the field array must not shadow.
  const periods = useFieldArray({ control, name: `days.${row}.periods`, keyName: 'key' });
  const nextId = () => nextPeriodId(getValues('days'));

  return (
    <Stack
      role="listitem"
      aria-label={label}
      direction={{ xs: 'column', md: 'row' }}
      spacing={2}
      sx={{ py: 1.5, alignItems: { md: 'flex-start' } }}
    >
      <Box sx={{ width: { md: 120 }, flexShrink: 0, pt: { md: 1 } }}>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {label}
        </Typography>
      </Box>
      <Stack spacing={1} sx={{ flex: 1, minWidth: 0 }}>
        {periods.fields.length === 0 && (
          <Box sx={{ pt: { md: 0.75 } }}>
            <Chip size="small" label="Fermé" variant="outlined" />
          </Box>
        )}
        {periods.fields.map((field, n) => (
          <Stack key={field.key} direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
            {(['start', 'end'] as const).map((part) => (
              <Controller
                key={part}
                control={control}
                name={`days.${row}.periods.${n}.${part}`}
                render={({ field: input, fieldState }) => (
                  <TextField
                    {...input}
                    type="time"
                    size="small"
                    label={part === 'start' ? 'Début' : 'Fin'}
                    disabled={disabled}
                    error={Boolean(fieldState.error)}
                    helperText={fieldState.error?.message}
                    sx={{ width: 150 }}
                    slotProps={{
                      inputLabel: { shrink: true },
                      htmlInput: { step: 60, 'aria-label': `${label} : ${part === 'start' ? 'début' : 'fin'} de la plage ${n + 1}` },
                    }}
                  />
                )}
              />
            ))}
            {!disabled && (
              <Tooltip title="Retirer cette plage">
                <IconButton aria-label={`${label} : retirer la plage ${n + 1}`} onClick={() => periods.remove(n)} sx={{ mt: 0.25 }}>
                  <CloseRoundedIcon fontSize="small" />
                </IconButton>
              </Tooltip>
            )}
          </Stack>
        ))}
      </Stack>
      {!disabled && (
        <Stack direction="row" spacing={0.5} sx={{ flexShrink: 0, flexWrap: 'wrap', rowGap: 0.5 }}>
          <Button
            size="small"
            startIcon={<AddRoundedIcon />}
            aria-label={`${label} : ajouter une plage`}
            onClick={() => periods.append(newPeriod(getValues(`days.${row}.periods`), nextId()))}
          >
            Plage
          </Button>
          <Button size="small" startIcon={<WbSunnyOutlinedIcon />} aria-label={`${label} : toute la journée`} onClick={() => periods.replace([allDay(nextId())])}>
            Toute la journée
          </Button>
          <Button size="small" startIcon={<ContentCopyRoundedIcon />} aria-label={`Copier ${label} sur tous les jours`} onClick={onCopy}>
            Copier sur tous les jours
          </Button>
        </Stack>
      )}
    </Stack>
  );
}
