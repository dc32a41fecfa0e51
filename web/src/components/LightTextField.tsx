import { useId, type ReactNode, type Ref } from 'react';
import { FormControl, FormHelperText, InputLabel, OutlinedInput, type OutlinedInputProps, type SxProps, type Theme } from '@mui/material';

export type LightTextFieldProps = Omit<OutlinedInputProps, 'label' | 'notched' | 'ref' | 'sx'> & {
  label: ReactNode;
  helperText?: ReactNode;
  /** On the root, as TextField's `ref` (react-hook-form's `register` finds the input inside). */
  ref?: Ref<HTMLDivElement>;
  /** On the root, as TextField's `sx`. */
  sx?: SxProps<Theme>;
};

/**
 * An outlined text field drawn as MUI's `TextField` draws one (same root, label, outline and helper
 * text, so the same look and theme overrides) without TextField itself: TextField supports `select`,
 * and brings Select, Menu, Popover and Modal (~20 kB gzip) into every screen that uses it. For the
 * first screens (sign-in, the side menu's search); forms that need a select keep TextField.
 * The label is the input's (`htmlFor`), the helper text describes it (`aria-describedby`), and
 * `error` sets `aria-invalid` on the input, as with TextField.
 */
export function LightTextField({
  id: idOverride,
  label,
  helperText,
  error = false,
  fullWidth = false,
  required = false,
  disabled = false,
  size,
  color,
  className,
  ref,
  sx,
  ...input
}: LightTextFieldProps) {
  const generated = useId();
  const id = idOverride ?? generated;
  const helperTextId = helperText ? `${id}-helper-text` : undefined;
  return (
    <FormControl
      ref={ref}
      className={className ? `MuiTextField-root ${className}` : 'MuiTextField-root'}
      sx={sx}
      error={error}
      fullWidth={fullWidth}
      required={required}
      disabled={disabled}
      size={size}
      color={color}
      variant="outlined"
    >
      <InputLabel id={`${id}-label`} htmlFor={id}>
        {label}
      </InputLabel>
      <OutlinedInput id={id} label={label} aria-describedby={helperTextId} fullWidth={fullWidth} {...input} />
      {helperText && <FormHelperText id={helperTextId}>{helperText}</FormHelperText>}
    </FormControl>
  );
}
