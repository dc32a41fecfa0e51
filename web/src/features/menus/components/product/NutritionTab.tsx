import { memo } from 'react';
import { Box, Typography } from '@mui/material';
import { FormText, type TabProps } from './fields';
import { NUTRITION_FIELDS } from './productConstants';

function NutritionRow({ control, disabled, name, label, unit, sub }: TabProps & { name: string; label: string; unit: string; sub?: boolean }) {
  return (
    <Box sx={{ display: 'contents' }}>
      <Typography variant="body2" sx={{ pt: 1, pl: sub ? 2 : 0, fontWeight: sub ? 400 : 500, color: sub ? 'text.secondary' : 'text.primary' }}>
        {label}
      </Typography>
      <FormText
        control={control}
        name={`nutrition.${name}.value`}
        size="small"
        placeholder="—"
        suffix={unit}
        slotProps={{ htmlInput: { inputMode: 'decimal', 'aria-label': `${label} (${unit})` } }}
        disabled={disabled}
      />
      <FormText
        control={control}
        name={`nutrition.${name}.daily_percentage`}
        size="small"
        placeholder="—"
        suffix="%"
        slotProps={{ htmlInput: { inputMode: 'decimal', 'aria-label': `${label} (% des apports journaliers)` } }}
        disabled={disabled}
      />
    </Box>
  );
}

/** 'Nutrition': six values (energy, fat with saturated fat, carbs with sugar, fibre, protein, salt), each with its daily percentage. */
export const NutritionTab = memo(function NutritionTab({ control, disabled }: TabProps) {
  return (
    <Box>
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
        Valeurs pour une portion. Les cases vides ne sont pas enregistrées ; une énergie seule à 0 non plus.
      </Typography>
      <Box
        role="group"
        aria-label="Valeurs nutritionnelles"
        sx={{ display: 'grid', gridTemplateColumns: 'minmax(160px, 1.4fr) minmax(110px, 1fr) minmax(110px, 1fr)', columnGap: 1.5, maxWidth: 640 }}
      >
        {['Nutriment', 'Valeur', '% AJ'].map((h, i) => (
          <Typography key={h} variant="overline" sx={{ color: 'text.secondary', textAlign: i === 0 ? 'left' : 'center', lineHeight: 2 }}>
            {h}
          </Typography>
        ))}
        {NUTRITION_FIELDS.map((f) => (
          <Box key={f.key} sx={{ display: 'contents' }}>
            <NutritionRow control={control} disabled={disabled} name={f.key} label={f.label} unit={f.unit} />
            {'sub' in f && <NutritionRow control={control} disabled={disabled} name={f.sub.key} label={f.sub.label} unit={f.unit} sub />}
          </Box>
        ))}
      </Box>
    </Box>
  );
});
