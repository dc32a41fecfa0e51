import { useId } from 'react';
import { Box, FormHelperText, Radio, RadioGroup, Typography } from '@mui/material';
import { alpha } from '@mui/material/styles';
import StorefrontOutlinedIcon from '@mui/icons-material/StorefrontOutlined';
import VisibilityOutlinedIcon from '@mui/icons-material/VisibilityOutlined';
import PointOfSaleOutlinedIcon from '@mui/icons-material/PointOfSaleOutlined';
import { personRoles, roleLabels } from '../roles';
import type { PersonRole } from '../types';

const icons: Record<PersonRole, typeof StorefrontOutlinedIcon> = {
  moderator: StorefrontOutlinedIcon,
  guest: VisibilityOutlinedIcon,
  restaurant: PointOfSaleOutlinedIcon,
};

export interface RoleCardsProps {
  value: PersonRole;
  onChange: (role: PersonRole) => void;
  error?: string | undefined;
}

/** The role as three radio cards, each saying what the account may do. */
export function RoleCards({ value, onChange, error }: RoleCardsProps) {
  const id = useId();
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
      <Typography component="legend" id={`${id}-legend`} variant="subtitle2" sx={{ mb: 1 }}>
        Rôle
      </Typography>
      <RadioGroup
        aria-labelledby={`${id}-legend`}
        name="role"
        value={value}
        onChange={(_, next) => onChange(next as PersonRole)}
        sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: 'repeat(3, minmax(0, 1fr))' }, gap: 1.5 }}
      >
        {personRoles.map((role) => {
          const Icon = icons[role];
          const selected = value === role;
          return (
            <Box
              key={role}
              component="label"
              sx={(theme) => ({
                display: 'flex',
                alignItems: 'flex-start',
                gap: 1.5,
                p: 1.75,
                borderRadius: 3,
                cursor: 'pointer',
                border: `1px solid ${selected ? theme.palette.primary.main : theme.palette.divider}`,
                backgroundColor: selected ? alpha(theme.palette.primary.main, theme.palette.mode === 'dark' ? 0.14 : 0.05) : 'transparent',
                transition: 'border-color 120ms, background-color 120ms',
                '&:hover': { borderColor: selected ? theme.palette.primary.main : theme.palette.text.secondary },
                '&:focus-within': { outline: `2px solid ${alpha(theme.palette.primary.main, 0.4)}`, outlineOffset: 2 },
              })}
            >
              <Radio
                value={role}
                size="small"
                sx={{ p: 0.25, mt: 0.25 }}
                slotProps={{ input: { 'aria-describedby': `${id}-${role}` } }}
              />
              <Box sx={{ minWidth: 0 }}>
                <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.75 }}>
                  <Icon fontSize="small" sx={{ color: selected ? 'primary.main' : 'text.secondary' }} />
                  <Typography variant="body2" sx={{ fontWeight: 600 }}>
                    {roleLabels[role].one}
                  </Typography>
                </Box>
                <Typography id={`${id}-${role}`} variant="caption" sx={{ color: 'text.secondary', display: 'block', mt: 0.25 }}>
                  {roleLabels[role].description}
                </Typography>
              </Box>
            </Box>
          );
        })}
      </RadioGroup>
      {error && <FormHelperText error>{error}</FormHelperText>}
    </Box>
  );
}
