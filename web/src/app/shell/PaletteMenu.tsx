import { useState } from 'react';
import { Box, Divider, IconButton, Popover, Stack, ToggleButton, ToggleButtonGroup, Tooltip, Typography } from '@mui/material';
import PaletteOutlinedIcon from '@mui/icons-material/PaletteOutlined';
import LightModeOutlinedIcon from '@mui/icons-material/LightModeOutlined';
import DarkModeOutlinedIcon from '@mui/icons-material/DarkModeOutlined';
import CheckRoundedIcon from '@mui/icons-material/CheckRounded';
import { swatches, themeColors, type ThemeMode } from '../theme';
import { useThemeSettings } from '../ThemeSettings';

/** The header's palette: six colours and light or dark, remembered in the browser. */
export function PaletteMenu() {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const { color, mode, setColor, setMode } = useThemeSettings();
  return (
    <>
      <Tooltip title="Apparence">
        <IconButton aria-label="Apparence" onClick={(e) => setAnchor(e.currentTarget)} aria-haspopup="dialog">
          <PaletteOutlinedIcon />
        </IconButton>
      </Tooltip>
      <Popover
        open={Boolean(anchor)}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { mt: 1, p: 2.5, width: 300 }, role: 'dialog', 'aria-label': 'Apparence' } }}
      >
        <Typography variant="subtitle2" sx={{ mb: 1.5 }}>
          Couleur
        </Typography>
        <Box role="radiogroup" aria-label="Couleur du thème" sx={{ display: 'grid', gridTemplateColumns: 'repeat(6, 1fr)', gap: 1 }}>
          {themeColors.map((c) => {
            const selected = c === color;
            return (
              <Tooltip key={c} title={swatches[c].label}>
                <Box
                  component="button"
                  type="button"
                  role="radio"
                  aria-checked={selected}
                  aria-label={swatches[c].label}
                  onClick={() => setColor(c)}
                  sx={(theme) => ({
                    width: 36,
                    height: 36,
                    borderRadius: '10px',
                    cursor: 'pointer',
                    display: 'grid',
                    placeItems: 'center',
                    color: c === 'black' && mode === 'dark' ? '#0b0d12' : '#fff',
                    backgroundColor: swatches[c][mode],
                    border: 'none',
                    outline: selected ? `2px solid ${swatches[c][mode]}` : 'none',
                    outlineOffset: 2,
                    transition: 'transform 120ms',
                    '&:hover': { transform: 'scale(1.06)' },
                    '&:focus-visible': { outline: `2px solid ${theme.palette.text.primary}` },
                  })}
                >
                  {selected && <CheckRoundedIcon sx={{ fontSize: 18 }} />}
                </Box>
              </Tooltip>
            );
          })}
        </Box>
        <Divider sx={{ my: 2 }} />
        <Typography variant="subtitle2" sx={{ mb: 1.5 }}>
          Mode
        </Typography>
        <ToggleButtonGroup
          exclusive
          fullWidth
          size="small"
          value={mode}
          onChange={(_, value: ThemeMode | null) => value && setMode(value)}
          aria-label="Mode d'affichage"
        >
          <ToggleButton value="light" sx={{ textTransform: 'none', gap: 1 }}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <LightModeOutlinedIcon fontSize="small" />
              <span>Clair</span>
            </Stack>
          </ToggleButton>
          <ToggleButton value="dark" sx={{ textTransform: 'none', gap: 1 }}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <DarkModeOutlinedIcon fontSize="small" />
              <span>Sombre</span>
            </Stack>
          </ToggleButton>
        </ToggleButtonGroup>
      </Popover>
    </>
  );
}

/** One-click light/dark switch. */
export function ModeSwitch() {
  const { mode, toggleMode } = useThemeSettings();
  const label = mode === 'dark' ? 'Passer en mode clair' : 'Passer en mode sombre';
  return (
    <Tooltip title={label}>
      <IconButton aria-label={label} onClick={toggleMode}>
        {mode === 'dark' ? <LightModeOutlinedIcon /> : <DarkModeOutlinedIcon />}
      </IconButton>
    </Tooltip>
  );
}
