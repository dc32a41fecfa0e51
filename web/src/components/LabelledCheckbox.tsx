import type { ReactNode } from 'react';
import { Box, Checkbox, FormControlLabel, Typography } from '@mui/material';

export interface LabelledCheckboxProps {
  label: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
  /** A second, quieter line under the label. */
  description?: ReactNode;
  name?: string;
}

export function LabelledCheckbox({ label, checked, onChange, disabled, description, name }: LabelledCheckboxProps) {
  return (
    <FormControlLabel
      disabled={disabled ?? false}
      sx={{ alignItems: description ? 'flex-start' : 'center', mr: 0 }}
      control={
        <Checkbox
          name={name}
          checked={checked}
          onChange={(e) => onChange(e.target.checked)}
          sx={description ? { mt: -0.75 } : undefined}
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
  );
}
