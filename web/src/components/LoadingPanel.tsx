import { Box, CircularProgress, Typography } from '@mui/material';

export const LOADING_TEXT = 'En cours de chargement...';

export function LoadingPanel({ text = LOADING_TEXT, minHeight = 200 }: { text?: string; minHeight?: number | string }) {
  return (
    <Box
      role="status"
      aria-live="polite"
      sx={{
        minHeight,
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 1.5,
        color: 'text.secondary',
      }}
    >
      <CircularProgress size={28} thickness={4.5} />
      <Typography variant="body2">{text}</Typography>
    </Box>
  );
}
