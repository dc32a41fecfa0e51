import { memo } from 'react';
import { Controller } from 'react-hook-form';
import { Box, Checkbox, ListItemText, MenuItem, Stack, TextField } from '@mui/material';
import { FormSwitch, FormText, Section, type TabProps } from './fields';
import { useFranchiseLists } from '../../franchiseLists';

/** 'Cuisine': printers, screens and preparation — the franchise's own (Mes Imprimantes, Mes Écrans). */
export const KitchenTab = memo(function KitchenTab({ control, disabled }: TabProps) {
  const { kitchenPrinters: KITCHEN_PRINTERS, labelPrinters: LABEL_PRINTERS, screens: SCREENS } = useFranchiseLists();
  const screenName = (id: number) => SCREENS.find((s) => s.id === id)?.name ?? `Ecran ${id}`;
  return (
    <Stack spacing={3}>
      <Section title="Préparation">
        <Stack spacing={1}>
          <FormSwitch control={control} name="cook" label="À cuisiner" description="Le produit passe en préparation en cuisine." disabled={disabled} />
          <FormSwitch control={control} name="display_kitchen" label="Afficher en cuisine" description="Le produit apparaît sur les écrans de cuisine." disabled={disabled} />
        </Stack>
      </Section>
      <Section title="Impression">
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2 }}>
          <FormText control={control} name="printer" label="Imprimante de préparation" select disabled={disabled}>
            <MenuItem value="0">Aucune</MenuItem>
            {KITCHEN_PRINTERS.map((p) => (
              <MenuItem key={p.id} value={String(p.id)}>
                {p.name}
              </MenuItem>
            ))}
          </FormText>
          <FormText control={control} name="printerLabel" label="Imprimante d'étiquettes" select disabled={disabled}>
            <MenuItem value="0">Aucune</MenuItem>
            {LABEL_PRINTERS.map((p) => (
              <MenuItem key={p.id} value={String(p.id)}>
                {p.name}
              </MenuItem>
            ))}
          </FormText>
        </Box>
        <FormText control={control} name="label" label="Étiquette" helperText="Texte imprimé sur l'étiquette du produit." fullWidth disabled={disabled} />
      </Section>
      <Section title="Écrans">
        <Controller
          control={control}
          name="screens"
          render={({ field }) => (
            <TextField
              select
              fullWidth
              label="Écrans de cuisine"
              value={field.value}
              disabled={disabled}
              helperText=" "
              onChange={(e) => {
                const v = e.target.value as unknown;
                field.onChange(Array.isArray(v) ? v.map(Number) : []);
              }}
              slotProps={{
                select: {
                  multiple: true,
                  renderValue: (v) => ((v as number[]).length ? [...(v as number[])].sort((a, b) => a - b).map(screenName).join(', ') : 'Aucun'),
                },
              }}
            >
              {SCREENS.map((s) => (
                <MenuItem key={s.id} value={s.id}>
                  <Checkbox size="small" checked={field.value.includes(s.id)} sx={{ p: 0.5, mr: 1 }} />
                  <ListItemText primary={s.name} />
                </MenuItem>
              ))}
            </TextField>
          )}
        />
      </Section>
    </Stack>
  );
});
