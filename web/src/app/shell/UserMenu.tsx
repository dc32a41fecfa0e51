import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Avatar, Box, ButtonBase, Divider, ListItemIcon, ListItemText, ListSubheader, Menu, MenuItem, Typography } from '@mui/material';
import LogoutRoundedIcon from '@mui/icons-material/LogoutRounded';
import AdminPanelSettingsOutlinedIcon from '@mui/icons-material/AdminPanelSettingsOutlined';
import KeyboardArrowDownRoundedIcon from '@mui/icons-material/KeyboardArrowDownRounded';
import CheckRoundedIcon from '@mui/icons-material/CheckRounded';
import { useToast } from '../../components/Toast';
import { switchFranchiseMutation } from '../../features/auth/queries';
import { displayName, homePath, roleLabels, sessionStore, type Session } from '../session';

function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const letters = parts.length > 1 ? `${parts[0]?.[0] ?? ''}${parts[1]?.[0] ?? ''}` : name.slice(0, 2);
  return letters.toUpperCase();
}

export function UserMenu({ session }: { session: Session }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const navigate = useNavigate();
  const name = displayName(session);
  const franchises = session.franchises ?? [];
  const roleLabel = roleLabels[session.roles] ?? session.roles;
  // A login of several franchises says which one this session is for.
  const role = session.superAdminLogin
    ? `${roleLabels.admin} · super-admin`
    : franchises.length > 1
      ? `${roleLabel} · ${session.franchise_name}`
      : roleLabel;
  const canLeave = session.superAdminLogin && sessionStore.keptSuperAdmin() !== null;
  const client = useQueryClient();
  const toast = useToast();
  // The new session replaces the old one as a sign-in does; nothing cached
  // for the previous franchise may show in the next.
  const switchFranchise = useMutation({
    ...switchFranchiseMutation(),
    onSuccess: (next) => {
      sessionStore.set(next);
      client.clear();
      void navigate(homePath(next), { replace: true });
    },
    onError: (error) => toast.error(error.detail),
  });
  const choose = (franchiseId: number) => {
    setAnchor(null);
    if (franchiseId !== session.fk_franchise) switchFranchise.mutate({ franchiseId });
  };

  const signOut = () => {
    setAnchor(null);
    sessionStore.signOut();
    void navigate('/auth/login', { replace: true });
  };
  const leave = () => {
    setAnchor(null);
    if (sessionStore.leaveImpersonation()) void navigate('/superadmin/franchises', { replace: true });
  };

  return (
    <>
      <ButtonBase
        onClick={(e) => setAnchor(e.currentTarget)}
        aria-haspopup="menu"
        aria-label="Menu utilisateur"
        sx={{ borderRadius: 2.5, pl: 0.75, pr: 1, py: 0.5, gap: 1.25, '&:hover': { backgroundColor: 'action.hover' } }}
      >
        <Avatar sx={{ width: 34, height: 34, fontSize: '0.8125rem', fontWeight: 700, bgcolor: 'primary.main', color: 'primary.contrastText' }}>
          {initials(name)}
        </Avatar>
        <Box sx={{ textAlign: 'left', display: { xs: 'none', sm: 'block' }, maxWidth: 220 }}>
          <Typography data-testid="user-display-name" variant="body2" noWrap sx={{ fontWeight: 600, lineHeight: 1.3 }}>
            {name}
          </Typography>
          <Typography variant="caption" noWrap sx={{ color: 'text.secondary', display: 'block', lineHeight: 1.3 }}>
            {role}
          </Typography>
        </Box>
        <KeyboardArrowDownRoundedIcon fontSize="small" sx={{ color: 'text.secondary', display: { xs: 'none', sm: 'block' } }} />
      </ButtonBase>
      <Menu
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { mt: 1, minWidth: 240 } } }}
      >
        <Box sx={{ px: 2, py: 1.25 }}>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {name}
          </Typography>
          <Typography variant="caption" sx={{ color: 'text.secondary' }}>
            {session.user_email || session.login}
          </Typography>
        </Box>
        <Divider />
        {franchises.length > 1 && [
          <ListSubheader key="title" disableSticky sx={{ lineHeight: 2.5, backgroundColor: 'transparent' }}>
            Changer de franchise
          </ListSubheader>,
          ...franchises.map((f) => {
            const current = f.id === session.fk_franchise;
            return (
              <MenuItem
                key={f.id}
                role="menuitemradio"
                aria-checked={current}
                selected={current}
                disabled={switchFranchise.isPending}
                onClick={() => choose(f.id)}
              >
                <ListItemIcon>{current && <CheckRoundedIcon fontSize="small" />}</ListItemIcon>
                <ListItemText>{f.name}</ListItemText>
              </MenuItem>
            );
          }),
          <Divider key="end" />,
        ]}
        {canLeave && (
          <MenuItem onClick={leave}>
            <ListItemIcon>
              <AdminPanelSettingsOutlinedIcon fontSize="small" />
            </ListItemIcon>
            Revenir à l’espace super-admin
          </MenuItem>
        )}
        <MenuItem onClick={signOut}>
          <ListItemIcon>
            <LogoutRoundedIcon fontSize="small" />
          </ListItemIcon>
          Se déconnecter
        </MenuItem>
      </Menu>
    </>
  );
}
