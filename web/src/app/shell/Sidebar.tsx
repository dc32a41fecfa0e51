import { useMemo, useState } from 'react';
import { NavLink, matchPath, useLocation } from 'react-router';
import { Box, Collapse, List, ListItemButton, ListItemIcon, ListItemText, Typography } from '@mui/material';
import { alpha } from '@mui/material/styles';
import ExpandMoreRoundedIcon from '@mui/icons-material/ExpandMoreRounded';
import { SearchBar } from '../../components/SearchBar';
import { areaIcons } from '../areaIcons';
import { navGroups } from '../navigation';
import type { AppRoute, AreaId } from '../routeTable';
import type { Session } from '../session';
import { storage } from '../storage';
import { HEADER_HEIGHT } from '../theme';
import { Brand } from './Brand';

const OPEN_KEY = 'brigade.nav.open';

function normalise(text: string): string {
  return text.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLowerCase();
}

function readOpen(): AreaId[] | null {
  const raw = storage.get(OPEN_KEY);
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    return Array.isArray(value) ? value.filter((v): v is AreaId => typeof v === 'string') : null;
  } catch {
    return null;
  }
}

export function Sidebar({ session, onNavigate }: { session: Session; onNavigate?: () => void }) {
  const location = useLocation();
  const groups = useMemo(() => navGroups(session), [session]);
  const [query, setQuery] = useState('');
  const activeArea = groups.find((g) => g.items.some((r) => matchPath(r.path, location.pathname)))?.area.id;
  const [open, setOpen] = useState<AreaId[]>(() => readOpen() ?? ['dashboards', 'operations', 'superadmin']);

  const toggle = (id: AreaId) => {
    setOpen((prev) => {
      const next = prev.includes(id) ? prev.filter((a) => a !== id) : [...prev, id];
      storage.set(OPEN_KEY, JSON.stringify(next));
      return next;
    });
  };

  const q = normalise(query.trim());
  const filtered = q
    ? groups
        .map((g) => ({
          ...g,
          items: g.items.filter((r) => normalise(`${r.nav ?? ''} ${r.title} ${g.area.label}`).includes(q)),
        }))
        .filter((g) => g.items.length > 0)
    : groups;

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
      <Box sx={{ height: HEADER_HEIGHT, flexShrink: 0, display: 'flex', alignItems: 'center', px: 2.5 }}>
        <Brand size={32} />
      </Box>
      {groups.length > 1 && (
        <Box sx={{ px: 2, pb: 1.5 }}>
          <SearchBar thing="un écran" value={query} onChange={setQuery} />
        </Box>
      )}
      <Box component="nav" aria-label="Navigation principale" sx={{ flex: 1, overflowY: 'auto', px: 1.5, pb: 3 }}>
        {filtered.map(({ area, items }) => {
          const expanded = q !== '' || open.includes(area.id) || area.id === activeArea;
          const Icon = areaIcons[area.id];
          return (
            <Box key={area.id} sx={{ mb: 0.5 }}>
              <ListItemButton
                onClick={() => toggle(area.id)}
                aria-expanded={expanded}
                sx={{ py: 0.75, px: 1.25, color: 'text.secondary', '&:hover': { color: 'text.primary' } }}
              >
                <ListItemIcon sx={{ minWidth: 30 }}>
                  <Icon sx={{ fontSize: 19 }} />
                </ListItemIcon>
                <ListItemText
                  primary={area.label}
                  slotProps={{ primary: { sx: { fontSize: '0.8125rem', fontWeight: 600, letterSpacing: '0.01em' } } }}
                />
                <ExpandMoreRoundedIcon
                  sx={{
                    fontSize: 18,
                    transition: 'transform 150ms',
                    transform: expanded ? 'rotate(0deg)' : 'rotate(-90deg)',
                  }}
                />
              </ListItemButton>
              <Collapse in={expanded} timeout={150} unmountOnExit>
                <List disablePadding sx={{ pl: 2.25, position: 'relative' }}>
                  <Box
                    aria-hidden
                    sx={{ position: 'absolute', left: 24, top: 4, bottom: 4, borderLeft: 1, borderColor: 'divider' }}
                  />
                  {items.map((route) => (
                    <NavItem key={route.path} route={route} onNavigate={onNavigate} />
                  ))}
                </List>
              </Collapse>
            </Box>
          );
        })}
        {filtered.length === 0 && (
          <Typography variant="body2" sx={{ color: 'text.secondary', px: 1.5, py: 2 }}>
            Aucun écran ne correspond.
          </Typography>
        )}
      </Box>
    </Box>
  );
}

function NavItem({ route, onNavigate }: { route: AppRoute; onNavigate?: () => void }) {
  return (
    <ListItemButton
      component={NavLink}
      to={route.path}
      onClick={onNavigate}
      sx={(theme) => ({
        py: 0.5,
        pl: 2,
        pr: 1.25,
        my: '1px',
        minHeight: 34,
        color: 'text.secondary',
        '&:hover': { color: 'text.primary' },
        '&.active': {
          color: 'primary.main',
          backgroundColor: alpha(theme.palette.primary.main, theme.palette.mode === 'dark' ? 0.16 : 0.08),
          '& .MuiListItemText-primary': { fontWeight: 600 },
        },
      })}
    >
      <ListItemText primary={route.nav} slotProps={{ primary: { sx: { fontSize: '0.8438rem', fontWeight: 500 }, noWrap: true } }} />
    </ListItemButton>
  );
}
