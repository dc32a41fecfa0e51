import { Box, InputAdornment, TextField } from '@mui/material';
import { COLOUR } from '../schemas';

export interface ColourFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  name: string;
}

/** A colour: the system's picker in a swatch, and the #RRGGBB code beside it for typing or pasting. */
export function ColourField({ label, value, onChange, error, name }: ColourFieldProps) {
  const valid = COLOUR.test(value);
  return (
    <TextField
      label={label}
      name={name}
      value={value}
      onChange={(e) => onChange(e.target.value.trim())}
      error={Boolean(error)}
      helperText={error ?? 'Code hexadécimal, par exemple #1E88E5.'}
      fullWidth
      slotProps={{
        htmlInput: { spellCheck: false, maxLength: 7, style: { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace', textTransform: 'uppercase' } },
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <Box
                component="input"
                type="color"
                aria-label={`${label} : sélecteur`}
                value={valid ? value.toLowerCase() : '#000000'}
                onChange={(e) => onChange(e.target.value.toUpperCase())}
                sx={{ width: 32, height: 32, p: 0, border: 1, borderColor: 'divider', borderRadius: 1, cursor: 'pointer', bgcolor: 'transparent' }}
              />
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
