import type { ReactNode } from 'react';
import { Controller, type Control, type FieldPath } from 'react-hook-form';
import { Box, FormControlLabel, InputAdornment, Switch, TextField, Typography, type TextFieldProps } from '@mui/material';
import type { ProductForm } from '../../schemas';

export interface TabProps {
  control: Control<ProductForm>;
  disabled: boolean;
}

/** A text field bound to the product form; shows its error under it (a blank line otherwise, so nothing jumps). */
export function FormText({
  control,
  name,
  disabled,
  suffix,
  ...props
}: { control: Control<ProductForm>; name: FieldPath<ProductForm>; disabled: boolean; suffix?: string } & Omit<TextFieldProps, 'name'>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          {...props}
          name={field.name}
          inputRef={field.ref}
          value={typeof field.value === 'string' || typeof field.value === 'number' ? field.value : ''}
          onChange={(e) => field.onChange(e.target.value)}
          onBlur={field.onBlur}
          disabled={disabled}
          error={Boolean(fieldState.error)}
          helperText={fieldState.error?.message ?? props.helperText ?? ' '}
          slotProps={{
            ...props.slotProps,
            input: suffix ? { endAdornment: <InputAdornment position="end">{suffix}</InputAdornment> } : undefined,
          }}
        />
      )}
    />
  );
}

/** A switch bound to a boolean of the product form. */
export function FormSwitch({
  control,
  name,
  label,
  description,
  disabled,
}: {
  control: Control<ProductForm>;
  name: FieldPath<ProductForm>;
  label: string;
  description?: ReactNode;
  disabled: boolean;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <FormControlLabel
          disabled={disabled}
          sx={{ mr: 0, alignItems: description ? 'flex-start' : 'center' }}
          control={
            <Switch
              checked={field.value === true}
              onChange={(e) => field.onChange(e.target.checked)}
              onBlur={field.onBlur}
              sx={description ? { mt: -0.5 } : undefined}
            />
          }
          label={
            <Box>
              <Typography variant="body2" sx={{ fontWeight: 500 }}>
                {label}
              </Typography>
              {description && (
                <Typography variant="caption" sx={{ color: 'text.secondary', display: 'block' }}>
                  {description}
                </Typography>
              )}
            </Box>
          }
        />
      )}
    />
  );
}

/** A titled block of a tab. */
export function Section({ title, hint, children }: { title: string; hint?: ReactNode; children: ReactNode }) {
  return (
    <Box component="section" aria-label={title}>
      <Typography variant="subtitle2" component="h3">
        {title}
      </Typography>
      {hint && (
        <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1.5 }}>
          {hint}
        </Typography>
      )}
      {!hint && <Box sx={{ mb: 1.5 }} />}
      {children}
    </Box>
  );
}
