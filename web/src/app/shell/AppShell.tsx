import { useState, type ReactNode } from 'react';
import { Outlet } from 'react-router';
import { AppBar, Box, Chip, Drawer, IconButton, Stack, Toolbar, Tooltip, Typography, useMediaQuery } from '@mui/material';
import { alpha, useTheme } from '@mui/material/styles';
import MenuRoundedIcon from '@mui/icons-material/MenuRounded';
import StorefrontOutlinedIcon from '@mui/icons-material/StorefrontOutlined';
import { useServerEvents } from '../serverEvents';
import { useSessionRefresh } from '../sessionRefresh';
import { displayName, useSession, type Session } from '../session';
import { DRAWER_WIDTH, HEADER_HEIGHT } from '../theme';
import { Sidebar } from './Sidebar';
import { ModeSwitch, PaletteMenu } from './PaletteMenu';
import { UserMenu } from './UserMenu';
import { Brand } from './Brand';
import { NoticesBell } from '../../features/notices/components/NoticesBell';
import { PresenceMenu } from '../../features/presence/components/PresenceMenu';
import { PresenceTracker } from '../../features/presence/components/PresenceTracker';
import { DemoLoadingBanner } from '../../components/DemoLoadingBanner';

/** The signed-in frame: header, side menu, content. Signed-out visitors of public routes get a bare frame. */
export function AppShell() {
  const session = useSession();
  if (!session) return <PublicFrame><Outlet /></PublicFrame>;
  return (
    <SignedInShell session={session}>
      <Outlet />
    </SignedInShell>
  );
}

function SignedInShell({ session, children }: { session: Session; children: ReactNode }) {
  useServerEvents();
  useSessionRefresh();
  const theme = useTheme();
  const desktop = useMediaQuery(theme.breakpoints.up('md'));
  const [mobileOpen, setMobileOpen] = useState(false);
  const franchise = session.franchise_name;
  const name = displayName(session);

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh', bgcolor: 'background.default' }}>
      <PresenceTracker />
      <AppBar
        position="fixed"
        sx={{
          height: HEADER_HEIGHT,
          justifyContent: 'center',
          width: { md: `calc(100% - ${DRAWER_WIDTH}px)` },
          ml: { md: `${DRAWER_WIDTH}px` },
          backgroundColor: alpha(theme.palette.background.paper, 0.85),
          backdropFilter: 'saturate(180%) blur(10px)',
        }}
      >
        <Toolbar sx={{ gap: 1.5, minHeight: `${HEADER_HEIGHT}px !important`, px: { xs: 2, md: 4 } }}>
          {!desktop && (
            <IconButton aria-label="Ouvrir le menu" onClick={() => setMobileOpen(true)} edge="start">
              <MenuRoundedIcon />
            </IconButton>
          )}
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', minWidth: 0, flex: 1 }}>
            {franchise && (
              <Box
                sx={{
                  display: 'flex',
                  alignItems: 'center',
                  gap: 1,
                  minWidth: 0,
                  px: 1.5,
                  py: 0.75,
                  borderRadius: 2,
                  border: 1,
                  borderColor: 'divider',
                }}
              >
                <StorefrontOutlinedIcon sx={{ fontSize: 18, color: 'primary.main' }} />
                <Typography data-testid="franchise-name" variant="body2" noWrap sx={{ fontWeight: 600 }}>
                  {franchise}
                </Typography>
              </Box>
            )}
            {session.superAdminLogin && (
              <Tooltip title="Session ouverte par un super-admin : la vérification de suspension ne s’applique pas.">
                <Chip size="small" color="warning" variant="outlined" label="Mode super-admin" />
              </Tooltip>
            )}
          </Stack>
          <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', minWidth: 0 }}>
            <PresenceMenu />
            <NoticesBell />
            <PaletteMenu />
            <ModeSwitch />
            <Box sx={{ width: '1px', height: 28, bgcolor: 'divider', mx: 1 }} />
            <UserMenu session={session} />
          </Stack>
        </Toolbar>
      </AppBar>

      <Box component="aside" sx={{ width: { md: DRAWER_WIDTH }, flexShrink: { md: 0 } }} aria-label={`Menu de ${name}`}>
        {desktop ? (
          <Drawer variant="permanent" open slotProps={{ paper: { sx: { width: DRAWER_WIDTH, boxSizing: 'border-box' } } }}>
            <Sidebar session={session} />
          </Drawer>
        ) : (
          <Drawer
            variant="temporary"
            open={mobileOpen}
            onClose={() => setMobileOpen(false)}
            ModalProps={{ keepMounted: true }}
            slotProps={{ paper: { sx: { width: DRAWER_WIDTH } } }}
          >
            <Sidebar session={session} onNavigate={() => setMobileOpen(false)} />
          </Drawer>
        )}
      </Box>

      <Box
        component="main"
        sx={{ flex: 1, minWidth: 0, pt: `${HEADER_HEIGHT}px` }}
      >
        <Box sx={{ maxWidth: 1440, mx: 'auto', px: { xs: 2, sm: 3, md: 4 }, py: { xs: 3, md: 4 } }}>
          <DemoLoadingBanner />
          {children}
        </Box>
      </Box>
    </Box>
  );
}

/** Frame of public pages (the kiosk settings screen) for visitors without a session. */
export function PublicFrame({ children }: { children: ReactNode }) {
  return (
    <Box sx={{ minHeight: '100vh', bgcolor: 'background.default' }}>
      <AppBar position="sticky" sx={{ height: HEADER_HEIGHT, justifyContent: 'center' }}>
        <Toolbar sx={{ minHeight: `${HEADER_HEIGHT}px !important`, px: { xs: 2, md: 4 }, gap: 2 }}>
          <Brand size={30} />
          <Box sx={{ flex: 1 }} />
          <PaletteMenu />
          <ModeSwitch />
        </Toolbar>
      </AppBar>
      <Box sx={{ maxWidth: 1200, mx: 'auto', px: { xs: 2, md: 4 }, py: { xs: 3, md: 5 } }}>{children}</Box>
    </Box>
  );
}
