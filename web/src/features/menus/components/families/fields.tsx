import { memo, type ReactNode } from 'react';
import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { Box, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { LabelledCheckbox } from '../../../../components/LabelledCheckbox';

interface BaseProps<T extends FieldValues> {
  control: Control<T>;
  name: FieldPath<T>;
  label: string;
  disabled?: boolean;
  helperText?: ReactNode;
}

/** A text field bound to the form (one controller per field: typing re-renders this field only). */
export function FormText<T extends FieldValues>({
  control,
  name,
  label,
  disabled,
  helperText,
  multiline,
  inputMode,
  required,
  placeholder,
}: BaseProps<T> & { multiline?: boolean; inputMode?: 'decimal' | 'numeric'; required?: boolean; placeholder?: string }) {
  const { field, fieldState } = useController({ control, name });
  return (
    <TextField
      label={label}
      value={(field.value as string | undefined) ?? ''}
      onChange={field.onChange}
      onBlur={field.onBlur}
      name={field.name}
      inputRef={field.ref}
      disabled={disabled ?? false}
      required={required ?? false}
      placeholder={placeholder}
      error={Boolean(fieldState.error)}
      helperText={fieldState.error?.message ?? helperText}
      multiline={multiline ?? false}
      minRows={multiline ? 2 : undefined}
      size="small"
      fullWidth
      slotProps={{ htmlInput: inputMode ? { inputMode } : undefined }}
    />
  );
}

/** A select bound to the form; option values are texts. */
export function FormSelect<T extends FieldValues>({
  control,
  name,
  label,
  disabled,
  helperText,
  options,
}: BaseProps<T> & { options: readonly { value: string; label: string }[] }) {
  const { field, fieldState } = useController({ control, name });
  return (
    <TextField
      select
      label={label}
      value={(field.value as string | undefined) ?? ''}
      onChange={field.onChange}
      onBlur={field.onBlur}
      name={field.name}
      inputRef={field.ref}
      disabled={disabled ?? false}
      error={Boolean(fieldState.error)}
      helperText={fieldState.error?.message ?? helperText}
      size="small"
      fullWidth
    >
      {options.map((o) => (
        <MenuItem key={o.value} value={o.value}>
          {o.label}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** A checkbox bound to a boolean field of the form. */
export function FormCheckbox<T extends FieldValues>({ control, name, label, disabled, helperText }: BaseProps<T>) {
  const { field } = useController({ control, name });
  return <LabelledCheckbox label={label} name={field.name} checked={Boolean(field.value)} onChange={field.onChange} disabled={disabled ?? false} description={helperText} />;
}

/** A titled block of the form. */
export const FormSection = memo(function FormSection({ title, children, action }: { title: string; children: ReactNode; action?: ReactNode }) {
  return (
    <Box component="section" aria-label={title}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1.5, minHeight: 32 }}>
        <Typography variant="overline" component="h3" sx={{ color: 'text.secondary', flex: 1, lineHeight: 1.5 }}>
          {title}
        </Typography>
        {action}
      </Stack>
      {children}
    </Box>
  );
});
