import { memo } from 'react';
import { Controller, useFieldArray, useWatch } from 'react-hook-form';
import { Box, Button, Chip, IconButton, Stack, Typography } from '@mui/material';
import AddRoundedIcon from '@mui/icons-material/AddRounded';
import DeleteOutlineRoundedIcon from '@mui/icons-material/DeleteOutlineRounded';
import { DateField } from '../../../../components/DateField';
import { FormSwitch, FormText, Section, type TabProps } from './fields';
import { WEEK_DAYS } from './productConstants';

/** 'Horaires': the product's period (first_period / end_period) and its weekly timetable (daysOn, shiftsOn). */
export const ScheduleTab = memo(function ScheduleTab({ control, disabled }: TabProps) {
  const hasTimetable = useWatch({ control, name: 'has_timetable' });
  const shifts = useFieldArray({ control, name: 'shiftsOn' });
  const off = disabled || !hasTimetable;
  return (
    <Stack spacing={3}>
      <Section title="Période" hint="Laissez vide pour un produit proposé toute l'année. Les deux dates sont incluses.">
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2 }}>
          {(['first_period', 'end_period'] as const).map((name) => (
            <Controller
              key={name}
              control={control}
              name={name}
              render={({ field, fieldState }) => (
                <DateField
                  name={field.name}
                  label={name === 'first_period' ? 'Date de début' : 'Date de fin'}
                  value={typeof field.value === 'string' ? field.value : ''}
                  onChange={field.onChange}
                  disabled={disabled}
                  size="medium"
                  fullWidth
                  error={Boolean(fieldState.error)}
                  helperText={fieldState.error?.message ?? ' '}
                />
              )}
            />
          ))}
        </Box>
      </Section>
      <Section title="Horaires">
        <FormSwitch
          control={control}
          name="has_timetable"
          label="Horaires de vente"
          description="Le produit n'est proposé que les jours et créneaux choisis."
          disabled={disabled}
        />
        <Box sx={{ opacity: off ? 0.6 : 1, mt: 2 }}>
          <Typography variant="body2" sx={{ fontWeight: 500, mb: 1 }} id="product-days">
            Jours
          </Typography>
          <Controller
            control={control}
            name="daysOn"
            render={({ field }) => (
              <Stack direction="row" role="group" aria-labelledby="product-days" sx={{ flexWrap: 'wrap', gap: 1 }}>
                {WEEK_DAYS.map((d) => {
                  const on = field.value.includes(d.day);
                  return (
                    <Chip
                      key={d.day}
                      label={d.label}
                      color={on ? 'primary' : 'default'}
                      variant={on ? 'filled' : 'outlined'}
                      disabled={off}
                      aria-pressed={on}
                      onClick={() => field.onChange(on ? field.value.filter((x) => x !== d.day) : [...field.value, d.day])}
                    />
                  );
                })}
              </Stack>
            )}
          />
          <Typography variant="body2" sx={{ fontWeight: 500, mt: 2.5, mb: 1 }}>
            Créneaux
          </Typography>
          {shifts.fields.length === 0 && (
            <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1 }}>
              Aucun créneau : le produit est proposé toute la journée.
            </Typography>
          )}
          {shifts.fields.map((f, i) => (
            <Stack key={f.id} direction="row" spacing={1.5} sx={{ alignItems: 'flex-start' }}>
              <FormText
                control={control}
                name={`shiftsOn.${i}.start`}
                label="De"
                type="time"
                size="small"
                slotProps={{ inputLabel: { shrink: true } }}
                disabled={off}
              />
              <FormText
                control={control}
                name={`shiftsOn.${i}.end`}
                label="À"
                type="time"
                size="small"
                slotProps={{ inputLabel: { shrink: true } }}
                disabled={off}
              />
              {!disabled && (
                <IconButton aria-label={`Retirer le créneau ${i + 1}`} onClick={() => shifts.remove(i)} disabled={off} sx={{ mt: 0.25 }}>
                  <DeleteOutlineRoundedIcon fontSize="small" />
                </IconButton>
              )}
            </Stack>
          ))}
          {!disabled && (
            <Button size="small" startIcon={<AddRoundedIcon />} onClick={() => shifts.append({ start: '11:00', end: '14:00' })} disabled={off}>
              Ajouter un créneau
            </Button>
          )}
        </Box>
      </Section>
    </Stack>
  );
});
