import { memo } from 'react';
import { Controller, useFormState, type Control } from 'react-hook-form';
import { Box, InputAdornment, TextField, Typography } from '@mui/material';
import { ORDER_TYPES, TARIFFS } from '../documentTypes';
import { priceCell, type ProductForm } from '../schemas';
import { useFranchiseCurrency } from '../../reports/components/useCurrency';
import { currencySymbol } from '../../reports/format';

/**
 * Tariff 1..3 × order type grid of a product's prices; accepts '9,90' as well as '9.90'. Without a
 * price per order type (many_type off) only the 'Sur Place' row is shown; the other cells keep their values.
 */
export const PriceGrid = memo(function PriceGrid({ control, disabled, manyType = true }: { control: Control<ProductForm>; disabled: boolean; manyType?: boolean }) {
  const symbol = currencySymbol(useFranchiseCurrency());
  // A refused cell is never hidden: its row shows even without a price per order type.
  const refused = useFormState({ control, name: 'prices' }).errors.prices ?? {};
  const rows = manyType ? ORDER_TYPES : ORDER_TYPES.filter((o) => o.code === 1 || TARIFFS.some((t) => priceCell(t, o.code) in refused));
  return (
    <Box
      role="group"
      aria-label="Grille des prix"
      sx={{
        display: 'grid',
        gridTemplateColumns: `minmax(110px, auto) repeat(${TARIFFS.length}, minmax(110px, 1fr))`,
        columnGap: 1.5,
        rowGap: 0.5,
        alignItems: 'start',
      }}
    >
      <Box />
      {TARIFFS.map((t) => (
        <Typography key={t} variant="overline" sx={{ color: 'text.secondary', textAlign: 'center', lineHeight: 2 }}>
          Tarif {t}
        </Typography>
      ))}
      {rows.map((o) => (
        <Box key={o.code} sx={{ display: 'contents' }}>
          <Typography variant="body2" sx={{ fontWeight: 500, pt: 1.1 }}>
            {manyType || rows.length > 1 ? o.label : 'Tous types'}
          </Typography>
          {TARIFFS.map((t) => (
            <Controller
              key={t}
              control={control}
              name={`prices.${priceCell(t, o.code)}`}
              render={({ field, fieldState }) => (
                <TextField
                  {...field}
                  value={field.value ?? ''}
                  size="small"
                  disabled={disabled}
                  placeholder="0,00"
                  error={Boolean(fieldState.error)}
                  helperText={fieldState.error?.message ?? ' '}
                  slotProps={{
                    htmlInput: { inputMode: 'decimal', 'aria-label': `Prix ${o.label} tarif ${t}` },
                    input: { endAdornment: <InputAdornment position="end">{symbol}</InputAdornment> },
                    formHelperText: { sx: { mx: 0.5, lineHeight: 1.3 } },
                  }}
                  sx={{ '& input': { textAlign: 'right' } }}
                />
              )}
            />
          ))}
        </Box>
      ))}
    </Box>
  );
});
