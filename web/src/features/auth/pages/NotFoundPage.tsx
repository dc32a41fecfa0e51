import { Box, Button, Stack, Typography } from '@mui/material';
import { Link as RouterLink, useNavigate } from 'react-router';
import ArrowBackRoundedIcon from '@mui/icons-material/ArrowBackRounded';
import SpaceDashboardOutlinedIcon from '@mui/icons-material/SpaceDashboardOutlined';
import { homePath, useSession } from '../../../app/session';

export function NotFoundPage() {
  const session = useSession();
  const navigate = useNavigate();
  return (
    <Box sx={{ minHeight: '60vh', display: 'grid', placeItems: 'center', textAlign: 'center', py: 6 }}>
      <Box sx={{ maxWidth: 520 }}>
        <Typography
          aria-hidden
          sx={(theme) => ({
            fontSize: { xs: 88, md: 120 },
            fontWeight: 800,
            lineHeight: 1,
            letterSpacing: '-0.06em',
            background: `linear-gradient(135deg, ${theme.palette.primary.light}, ${theme.palette.primary.dark})`,
            backgroundClip: 'text',
            WebkitBackgroundClip: 'text',
            color: 'transparent',
          })}
        >
          404
        </Typography>
        <Typography variant="h4" component="h1" sx={{ mt: 2 }}>
          Page introuvable
        </Typography>
        <Typography variant="body1" sx={{ color: 'text.secondary', mt: 1.5 }}>
          La page que vous cherchez n’existe pas ou a été déplacée. Vérifiez l’adresse, ou revenez au tableau de bord.
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ justifyContent: 'center', mt: 4 }}>
          <Button variant="outlined" color="inherit" startIcon={<ArrowBackRoundedIcon />} onClick={() => void navigate(-1)}>
            Page précédente
          </Button>
          <Button variant="contained" component={RouterLink} to={homePath(session)} startIcon={<SpaceDashboardOutlinedIcon />}>
            Retour au tableau de bord
          </Button>
        </Stack>
      </Box>
    </Box>
  );
}
