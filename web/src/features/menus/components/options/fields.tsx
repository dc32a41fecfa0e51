import { memo } from 'react';
import { Controller, type Control, type FieldPath } from 'react-hook-form';
import { FormControlLabel, Switch, TextField, type TextFieldProps } from '@mui/material';
import type { OptionGroupForm } from './groupSchema';

type Name = FieldPath<OptionGroupForm>;

/** A text field of the option group form; its error under it (a blank line otherwise, unless `dense`). */
export const GroupText = memo(function GroupText({
  control,
  name,
  disabled,
  dense = false,
  ...props
}: { control: Control<OptionGroupForm>; name: Name; disabled: boolean; dense?: boolean } & Omit<TextFieldProps, 'name'>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          {...props}
          name={field.name}
          inputRef={field.ref}
          value={typeof field.value === 'string' ? field.value : ''}
          onChange={(e) => field.onChange(e.target.value)}
          onBlur={field.onBlur}
          disabled={disabled}
          error={Boolean(fieldState.error)}
          helperText={fieldState.error?.message ?? (dense ? undefined : (props.helperText ?? ' '))}
        />
      )}
    />
  );
});

/** A switch bound to a boolean of the option group form. */
export const GroupSwitch = memo(function GroupSwitch({ control, name, label, disabled }: { control: Control<OptionGroupForm>; name: Name; label: string; disabled: boolean }) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <FormControlLabel
          disabled={disabled}
          sx={{ mr: 0 }}
          control={<Switch checked={field.value === true} onChange={(e) => field.onChange(e.target.checked)} onBlur={field.onBlur} />}
          label={label}
          slotProps={{ typography: { variant: 'body2' } }}
        />
      )}
    />
  );
});
