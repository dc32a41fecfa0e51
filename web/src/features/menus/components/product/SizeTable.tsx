import { memo } from 'react';
import { Controller, useWatch, type Control } from 'react-hook-form';
import { Box, Checkbox, InputAdornment, TextField, Typography } from '@mui/material';
import type { ProductForm } from '../../schemas';

function SizePrice({ control, index, field, label, disabled }: { control: Control<ProductForm>; index: number; field: 'price' | 'price_sp'; label: string; disabled: boolean }) {
  return (
    <Controller
      control={control}
      name={`sizes.${index}.${field}`}
      render={({ field: f, fieldState }) => (
        <TextField
          {...f}
          size="small"
          disabled={disabled}
          placeholder="0,00"
          error={Boolean(fieldState.error)}
          helperText={fieldState.error?.message ?? ' '}
          slotProps={{
            htmlInput: { inputMode: 'decimal', 'aria-label': label },
            input: { endAdornment: <InputAdornment position="end">€</InputAdornment> },
            formHelperText: { sx: { mx: 0.5, lineHeight: 1.3 } },
          }}
          sx={{ '& input': { textAlign: 'right' } }}
        />
      )}
    />
  );
}

const SizeRow = memo(function SizeRow({ control, index, disabled }: { control: Control<ProductForm>; index: number; disabled: boolean }) {
  const row = useWatch({ control, name: `sizes.${index}` });
  const name = row.label_size || row.name_size;
  return (
    <Box sx={{ display: 'contents' }}>
      <Box sx={{ pt: 1 }}>
        <Typography variant="body2" sx={{ fontWeight: 500 }}>
          {name}
        </Typography>
        {row.label_size && row.name_size && (
          <Typography variant="caption" sx={{ color: 'text.secondary' }}>
            {row.name_size}
          </Typography>
        )}
      </Box>
      <Controller
        control={control}
        name={`sizes.${index}.size_enabled`}
        render={({ field }) => (
          <Checkbox
            checked={field.value}
            onChange={(e) => field.onChange(e.target.checked)}
            disabled={disabled}
            slotProps={{ input: { 'aria-label': `Proposer la taille ${name}` } }}
            sx={{ justifySelf: 'center', alignSelf: 'start' }}
          />
        )}
      />
      <SizePrice control={control} index={index} field="price" label={`Prix ${name}`} disabled={disabled || !row.size_enabled} />
      <SizePrice control={control} index={index} field="price_sp" label={`Prix sur place ${name}`} disabled={disabled || !row.size_enabled} />
    </Box>
  );
});

/** The sizes of a many-size product: enabled, price and on-the-spot price per size (allSizes). */
export const SizeTable = memo(function SizeTable({ control, count, disabled }: { control: Control<ProductForm>; count: number; disabled: boolean }) {
  return (
    <Box
      role="group"
      aria-label="Tailles"
      sx={{ display: 'grid', gridTemplateColumns: 'minmax(120px, 1fr) 80px minmax(110px, 1fr) minmax(110px, 1fr)', columnGap: 1.5, rowGap: 0.25 }}
    >
      {['Taille', 'Proposée', 'Prix', 'Prix sur place'].map((h, i) => (
        <Typography key={h} variant="overline" sx={{ color: 'text.secondary', textAlign: i === 0 ? 'left' : 'center', lineHeight: 2 }}>
          {h}
        </Typography>
      ))}
      {Array.from({ length: count }, (_, i) => (
        <SizeRow key={i} control={control} index={i} disabled={disabled} />
      ))}
    </Box>
  );
});
