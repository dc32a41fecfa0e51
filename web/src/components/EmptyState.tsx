import type { ReactNode } from 'react';
import { Box, Typography } from '@mui/material';
import { alpha } from '@mui/material/styles';
import InboxOutlinedIcon from '@mui/icons-material/InboxOutlined';

export const EMPTY_TEXT = 'Aucun données à afficher.';

export interface EmptyStateProps {
  title?: string;
  message?: ReactNode;
  icon?: ReactNode;
  action?: ReactNode;
  minHeight?: number | string;
}

export function EmptyState({ title, message = EMPTY_TEXT, icon, action, minHeight = 220 }: EmptyStateProps) {
  return (
    <Box
      sx={{
        minHeight,
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        textAlign: 'center',
        gap: 1,
        px: 3,
        py: 5,
      }}
    >
      <Box
        aria-hidden
        sx={(theme) => ({
          width: 56,
          height: 56,
          borderRadius: '16px',
          display: 'grid',
          placeItems: 'center',
          mb: 1,
          color: 'primary.main',
          backgroundColor: alpha(theme.palette.primary.main, theme.palette.mode === 'dark' ? 0.16 : 0.08),
          '& svg': { fontSize: 28 },
        })}
      >
        {icon ?? <InboxOutlinedIcon />}
      </Box>
      {title && (
        <Typography variant="h6" component="p">
          {title}
        </Typography>
      )}
      <Typography variant="body2" sx={{ color: 'text.secondary', maxWidth: 440 }}>
        {message}
      </Typography>
      {action && <Box sx={{ mt: 2 }}>{action}</Box>}
    </Box>
  );
}
