import { useId } from 'react';
import { Stack, Switch, Typography } from '@mui/material';

export interface ToggleProps {
  checked: boolean;
  onChange: (checked: boolean) => void;
  /** What the toggle controls, read by screen readers and shown when `showLabel`. */
  label: string;
  showLabel?: boolean;
  /** Words for the two positions (e.g. "Non" / "Oui"). */
  offLabel?: string;
  onLabel?: string;
  disabled?: boolean;
}

/** A two-position switch, optionally with the word for each position on either side. */
export function Toggle({ checked, onChange, label, showLabel = false, offLabel, onLabel, disabled }: ToggleProps) {
  const id = useId();
  const word = (text: string | undefined, active: boolean) =>
    text ? (
      <Typography
        variant="body2"
        aria-hidden
        sx={{ color: active ? 'text.primary' : 'text.secondary', fontWeight: active ? 600 : 400 }}
      >
        {text}
      </Typography>
    ) : null;
  return (
    <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
      {showLabel && (
        <Typography component="label" htmlFor={id} variant="body2" sx={{ mr: 1, fontWeight: 500 }}>
          {label}
        </Typography>
      )}
      {word(offLabel, !checked)}
      <Switch
        id={id}
        checked={checked}
        disabled={disabled ?? false}
        onChange={(e) => onChange(e.target.checked)}
        slotProps={{ input: { 'aria-label': label } }}
      />
      {word(onLabel, checked)}
    </Stack>
  );
}
