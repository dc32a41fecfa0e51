import { useId } from 'react';
import { Box, FormHelperText, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';

export interface ChoiceGroupProps<T extends string | number> {
  label: string;
  options: readonly { code: T; label: string }[];
  value: readonly T[];
  onChange: (value: T[]) => void;
  /** What no choice means (« Tous les types », « Tous les jours »). */
  noneText: string;
  error?: string | undefined;
}

/** Several choices among a few (order types, channels, days) as toggle buttons; none chosen means all. */
export function ChoiceGroup<T extends string | number>({ label, options, value, onChange, noneText, error }: ChoiceGroupProps<T>) {
  const id = useId();
  return (
    <Box>
      <Typography id={id} variant="body2" sx={{ fontWeight: 500, mb: 0.75 }}>
        {label}
      </Typography>
      <ToggleButtonGroup
        size="small"
        value={[...value]}
        onChange={(_, next: T[]) => onChange(options.map((o) => o.code).filter((c) => next.includes(c)))}
        aria-labelledby={id}
        sx={{ flexWrap: 'wrap' }}
      >
        {options.map((o) => (
          <ToggleButton key={String(o.code)} value={o.code} sx={{ px: 1.5, textTransform: 'none' }}>
            {o.label}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      <FormHelperText error={Boolean(error)}>{error ?? (value.length === 0 ? noneText : '\u00a0')}</FormHelperText>
    </Box>
  );
}
