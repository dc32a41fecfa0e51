import { Box, Typography } from '@mui/material';

/** The Brigade mark: a rounded tile with a B, in the theme's primary colour. */
export function BrandMark({ size = 34 }: { size?: number }) {
  return (
    <Box
      aria-hidden
      sx={(theme) => ({
        width: size,
        height: size,
        borderRadius: `${Math.round(size * 0.28)}px`,
        display: 'grid',
        placeItems: 'center',
        flexShrink: 0,
        color: theme.palette.primary.contrastText,
        background: `linear-gradient(135deg, ${theme.palette.primary.light} 0%, ${theme.palette.primary.main} 55%, ${theme.palette.primary.dark} 100%)`,
        boxShadow: `0 4px 12px ${theme.palette.mode === 'dark' ? 'rgba(0,0,0,0.4)' : 'rgba(15,23,42,0.15)'}`,
        fontWeight: 800,
        fontSize: size * 0.5,
        letterSpacing: '-0.04em',
        lineHeight: 1,
      })}
    >
      B
    </Box>
  );
}

export function Brand({ size = 34 }: { size?: number }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.25 }}>
      <BrandMark size={size} />
      <Typography sx={{ fontWeight: 750, fontSize: size * 0.56, letterSpacing: '-0.03em' }}>Brigade</Typography>
    </Box>
  );
}
