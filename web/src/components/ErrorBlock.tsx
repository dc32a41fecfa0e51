import { Box, Button, Typography } from '@mui/material';
import { alpha } from '@mui/material/styles';
import ErrorOutlineRoundedIcon from '@mui/icons-material/ErrorOutlineRounded';
import RefreshRoundedIcon from '@mui/icons-material/RefreshRounded';

export const DATA_ERROR_TEXT =
  "Une erreur s'est produite lors de la récupération des données. Veuillez réessayer plus tard.";

export interface ErrorBlockProps {
  message?: string;
  onRetry?: () => void;
  retrying?: boolean;
}

/** The generic data-retrieval error, with a way to ask again. */
export function ErrorBlock({ message = DATA_ERROR_TEXT, onRetry, retrying }: ErrorBlockProps) {
  return (
    <Box
      role="alert"
      sx={(theme) => ({
        display: 'flex',
        flexDirection: { xs: 'column', sm: 'row' },
        alignItems: { xs: 'flex-start', sm: 'center' },
        gap: 2,
        p: 2.5,
        borderRadius: 3,
        border: `1px solid ${alpha(theme.palette.error.main, 0.3)}`,
        backgroundColor: alpha(theme.palette.error.main, theme.palette.mode === 'dark' ? 0.1 : 0.04),
      })}
    >
      <ErrorOutlineRoundedIcon sx={{ color: 'error.main' }} />
      <Typography variant="body2" sx={{ flex: 1, color: 'text.primary' }}>
        {message}
      </Typography>
      {onRetry && (
        <Button
          variant="outlined"
          color="error"
          size="small"
          startIcon={<RefreshRoundedIcon />}
          onClick={onRetry}
          loading={retrying ?? false}
        >
          Réessayer
        </Button>
      )}
    </Box>
  );
}
