import { Navigate, useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Box, Button, Card, Stack, Typography } from '@mui/material';
import { alpha } from '@mui/material/styles';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import MailOutlineRoundedIcon from '@mui/icons-material/MailOutlineRounded';
import LogoutRoundedIcon from '@mui/icons-material/LogoutRounded';
import { LoadingPanel } from '../../../components/LoadingPanel';
import { needsSuspensionCheck } from '../../../app/guards';
import { sessionStore, useSession } from '../../../app/session';
import { Brand } from '../../../app/shell/Brand';
import { suspensionQuery } from '../queries';

export const SUPPORT_EMAIL = 'support@brigade.fr';
export const ACCESS_DENIED_TEXT = `Certaines factures de maintenance sont impayées. Veuillez contacter notre support à ${SUPPORT_EMAIL} pour rétablir l'accès.`;

/** /accessDenied: only for a signed-in user whose franchise is blocked; anyone else goes to /. */
export function AccessDeniedPage() {
  const session = useSession();
  const checked = needsSuspensionCheck(session);
  const status = useQuery({ ...suspensionQuery(session), enabled: checked });
  const navigate = useNavigate();

  if (!checked) return <Navigate to="/" replace />;
  if (status.isPending) return <LoadingPanel minHeight="100vh" />;
  if (!status.data?.isBlocked) return <Navigate to="/" replace />;

  const backToLogin = () => {
    sessionStore.signOut();
    void navigate('/auth/login', { replace: true });
  };

  return (
    <Box
      sx={(theme) => ({
        minHeight: '100vh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 4,
        px: 2,
        py: 6,
        background: `radial-gradient(900px 520px at 50% 30%, ${alpha(theme.palette.warning.main, theme.palette.mode === 'dark' ? 0.1 : 0.07)}, transparent 70%), ${theme.palette.background.default}`,
      })}
    >
      <Brand />
      <Card sx={{ maxWidth: 560, width: '100%', p: { xs: 3, sm: 5 }, textAlign: 'center' }}>
        <Box
          aria-hidden
          sx={(theme) => ({
            width: 64,
            height: 64,
            mx: 'auto',
            mb: 3,
            borderRadius: '18px',
            display: 'grid',
            placeItems: 'center',
            color: 'warning.main',
            backgroundColor: alpha(theme.palette.warning.main, 0.12),
          })}
        >
          <LockOutlinedIcon sx={{ fontSize: 32 }} />
        </Box>
        <Typography variant="overline" component="p" sx={{ color: 'warning.main' }}>
          Maintenance Impayee
        </Typography>
        <Typography variant="h4" component="h1" sx={{ mt: 0.5 }}>
          Acces aux Statistiques Restreint
        </Typography>
        <Typography variant="body1" sx={{ color: 'text.secondary', mt: 2, lineHeight: 1.7 }}>
          {ACCESS_DENIED_TEXT}
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ justifyContent: 'center', mt: 4 }}>
          <Button
            variant="contained"
            size="large"
            href={`mailto:${SUPPORT_EMAIL}?subject=${encodeURIComponent('Maintenance impayée')}`}
            startIcon={<MailOutlineRoundedIcon />}
          >
            Contactez Nous
          </Button>
          <Button variant="outlined" color="inherit" size="large" onClick={backToLogin} startIcon={<LogoutRoundedIcon />}>
            Revenir a la page de connexion
          </Button>
        </Stack>
      </Card>
    </Box>
  );
}
