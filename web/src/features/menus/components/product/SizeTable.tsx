import { memo, useId } from 'react';
import { Controller, useFormState, useWatch, type Control } from 'react-hook-form';
import { Box, Checkbox, InputAdornment, TextField, Typography } from '@mui/material';
import type { ProductForm } from '../../schemas';
import { useFranchiseSizes, type FranchiseSize } from '../../franchiseLists';
import { useFranchiseCurrency } from '../../../reports/components/useCurrency';
import { currencySymbol } from '../../../reports/format';

type SizeRowValues = ProductForm['sizes'][number];

function SizePrice({ control, index, field, label, disabled }: { control: Control<ProductForm>; index: number; field: 'price' | 'price_sp'; label: string; disabled: boolean }) {
  const symbol = currencySymbol(useFranchiseCurrency());
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
            input: { endAdornment: <InputAdornment position="end">{symbol}</InputAdornment> },
            formHelperText: { sx: { mx: 0.5, lineHeight: 1.3 } },
          }}
          sx={{ '& input': { textAlign: 'right' } }}
        />
      )}
    />
  );
}

const isUsed = (row: Partial<SizeRowValues> | undefined) =>
  Boolean(row && (row.size_enabled === true || (row.price ?? '').trim() !== '' || (row.price_sp ?? '').trim() !== ''));

const SizeRow = memo(function SizeRow({
  control,
  index,
  disabled,
  size,
}: {
  control: Control<ProductForm>;
  index: number;
  disabled: boolean;
  /** The franchise's size of this row (Mes Tailles); absent, the row shows the product's own label. */
  size: FranchiseSize | undefined;
}) {
  const row = useWatch({ control, name: `sizes.${index}` });
  const hintId = useId();
  const name = size?.label_size.trim() || row.label_size || row.name_size;
  const code = size?.name_size || row.name_size;
  const hint = size?.description.trim() ?? '';
  const captions = [name !== code ? code : '', size && !size.size_displayed ? 'Masquée dans Mes Tailles' : ''].filter(Boolean);
  return (
    <Box sx={{ display: 'contents' }}>
      <Box sx={{ pt: 1, minWidth: 0 }}>
        <Typography variant="body2" sx={{ fontWeight: 500 }}>
          {name}
        </Typography>
        {captions.map((c) => (
          <Typography key={c} variant="caption" component="div" sx={{ color: 'text.secondary' }}>
            {c}
          </Typography>
        ))}
        {hint && (
          <Typography id={hintId} variant="caption" component="div" sx={{ color: 'text.secondary', fontStyle: 'italic' }}>
            {hint}
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
            slotProps={{ input: { 'aria-label': `Proposer la taille ${name}`, 'aria-describedby': hint ? hintId : undefined } }}
            sx={{ justifySelf: 'center', alignSelf: 'start' }}
          />
        )}
      />
      <SizePrice control={control} index={index} field="price" label={`Prix ${name}`} disabled={disabled || !row.size_enabled} />
      <SizePrice control={control} index={index} field="price_sp" label={`Prix sur place ${name}`} disabled={disabled || !row.size_enabled} />
    </Box>
  );
});

/**
 * The sizes of a many-size product: enabled, price and on-the-spot price per size (allSizes), named as
 * the franchise's sizes (Mes Tailles). A size hidden there is left out unless the product uses it
 * (enabled or priced, as opened or now).
 */
export const SizeTable = memo(function SizeTable({ control, count, disabled }: { control: Control<ProductForm>; count: number; disabled: boolean }) {
  const sizes = useFranchiseSizes();
  const rows = useWatch({ control, name: 'sizes' });
  const opened = useFormState({ control, name: 'sizes' }).defaultValues?.sizes;
  const shown = Array.from({ length: count }, (_, i) => i).filter((i) => {
    const size = rows[i] ? sizes?.get(rows[i].id_size) : undefined;
    return !size || size.size_displayed || isUsed(rows[i]) || isUsed(opened?.[i]);
  });
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
      {shown.map((i) => (
        <SizeRow key={i} control={control} index={i} disabled={disabled} size={rows[i] ? sizes?.get(rows[i].id_size) : undefined} />
      ))}
      {shown.length === 0 && (
        <Typography variant="body2" sx={{ gridColumn: '1 / -1', color: 'text.secondary', py: 1 }}>
          Aucune taille n'est affichée dans Mes Tailles.
        </Typography>
      )}
    </Box>
  );
});
