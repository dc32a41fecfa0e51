import { lazy, Suspense, useMemo, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Avatar,
  Box,
  Button,
  Card,
  Chip,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Tooltip,
  IconButton,
  Typography,
} from '@mui/material';
import { alpha } from '@mui/material/styles';
import LoginRoundedIcon from '@mui/icons-material/LoginRounded';
import TuneRoundedIcon from '@mui/icons-material/TuneRounded';
import StorefrontOutlinedIcon from '@mui/icons-material/StorefrontOutlined';
import BusinessOutlinedIcon from '@mui/icons-material/BusinessOutlined';
import BlockOutlinedIcon from '@mui/icons-material/BlockOutlined';
import AddRoundedIcon from '@mui/icons-material/AddRounded';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import LockOpenOutlinedIcon from '@mui/icons-material/LockOpenOutlined';
import type { FranchiseSummary } from '../../../api/types';
import { PageHeader } from '../../../components/PageHeader';
import { SearchBar } from '../../../components/SearchBar';
import { LoadingPanel } from '../../../components/LoadingPanel';
import { ErrorBlock } from '../../../components/ErrorBlock';
import { EmptyState } from '../../../components/EmptyState';
import { Toggle } from '../../../components/Toggle';
import { useToast } from '../../../components/Toast';
import { sessionStore } from '../../../app/session';
import { franchiseKeys, franchisesQuery, impersonateMutation, setBlockedMutation, setClosedMutation } from '../queries';
import { closedDay } from '../format';
import { CLOSE_LABEL, FEATURES_LABEL, IMPERSONATE_LABEL, NEW_FRANCHISE_LABEL, REOPEN_LABEL } from '../texts';

// The form (its checks and country data) loads when it opens: the super-admin's first screen stays light.
const NewFranchiseDialog = lazy(() => import('../components/NewFranchiseDialog').then((m) => ({ default: m.NewFranchiseDialog })));
const FeaturesDialog = lazy(() => import('../components/FeaturesDialog').then((m) => ({ default: m.FeaturesDialog })));
const CloseFranchiseDialog = lazy(() => import('../components/CloseFranchiseDialog').then((m) => ({ default: m.CloseFranchiseDialog })));

export { IMPERSONATE_LABEL };

function normalise(text: string): string {
  return text.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLowerCase().trim();
}

export function FranchisesPage() {
  const client = useQueryClient();
  const toast = useToast();
  const navigate = useNavigate();
  const [query, setQuery] = useState('');
  const [editing, setEditing] = useState<FranchiseSummary | null>(null);
  const [creating, setCreating] = useState(false);
  const [closing, setClosing] = useState<FranchiseSummary | null>(null);
  const list = useQuery(franchisesQuery());

  const setBlocked = useMutation({
    ...setBlockedMutation(),
    onSuccess: (franchise) => {
      toast.success(
        franchise.isBlocked
          ? `La franchise « ${franchise.name} » est bloquée : ses utilisateurs voient la page de maintenance impayée.`
          : `La franchise « ${franchise.name} » est débloquée.`,
      );
    },
    onError: (error) => toast.error(error.detail),
    onSettled: () => client.invalidateQueries({ queryKey: franchiseKeys.all }),
  });

  const setClosed = useMutation({
    ...setClosedMutation(),
    onSuccess: (franchise) => {
      setClosing(null);
      toast.success(
        franchise.closedAt
          ? `La franchise «\u00a0${franchise.name}\u00a0» est fermée\u00a0: ses connexions et ses équipements sont refusés, ses données gardées.`
          : `La franchise «\u00a0${franchise.name}\u00a0» est rouverte.`,
      );
    },
    onError: (error) => toast.error(error.detail),
    onSettled: () => client.invalidateQueries({ queryKey: franchiseKeys.all }),
  });

  const impersonate = useMutation({
    ...impersonateMutation(),
    onSuccess: (adminSession) => {
      sessionStore.impersonate(adminSession);
      client.clear();
      void navigate('/RealtimeDashboard', { replace: true });
    },
    onError: (error) => toast.error(error.detail),
  });

  const items = useMemo(() => list.data?.items ?? [], [list.data]);
  const visible = useMemo(() => {
    const q = normalise(query);
    return q ? items.filter((f) => normalise(`${f.name} ${f.countryCode}`).includes(q)) : items;
  }, [items, query]);
  const blocked = items.filter((f) => f.isBlocked).length;
  const closed = items.filter((f) => f.closedAt).length;
  const restaurantTotal = items.reduce((sum, f) => sum + f.restaurantCount, 0);

  return (
    <PageHeader
      title="Franchises"
      subtitle={'Toutes les franchises Brigade\u00a0: ouvrez-en une, bloquez celle dont la maintenance est impayée, fermez celle qui s’en va, ou ouvrez son espace en tant qu’admin.'}
      breadcrumbs={[{ label: 'Super-admin' }, { label: 'Franchises' }]}
      actions={
        <Button variant="contained" startIcon={<AddRoundedIcon />} onClick={() => setCreating(true)}>
          {NEW_FRANCHISE_LABEL}
        </Button>
      }
    >
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(4, 1fr)' }, gap: 2 }}>
        <Stat icon={<BusinessOutlinedIcon />} label="Franchises" value={list.isSuccess ? list.data.total : '—'} />
        <Stat icon={<StorefrontOutlinedIcon />} label="Restaurants" value={list.isSuccess ? restaurantTotal : '—'} />
        <Stat icon={<BlockOutlinedIcon />} label="Franchises bloquées" value={list.isSuccess ? blocked : '—'} tone={blocked > 0 ? 'warning' : undefined} />
        <Stat icon={<LockOutlinedIcon />} label="Franchises fermées" value={list.isSuccess ? closed : '—'} tone={closed > 0 ? 'muted' : undefined} />
      </Box>

      <Card>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={2}
          sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between', px: 3, py: 2.5 }}
        >
          <Box>
            <Typography variant="h6" component="h2">
              Liste des franchises
            </Typography>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {list.isSuccess ? `${visible.length} sur ${items.length}` : ' '}
            </Typography>
          </Box>
          <Box sx={{ width: { xs: '100%', sm: 320 } }}>
            <SearchBar thing="une franchise" value={query} onChange={setQuery} />
          </Box>
        </Stack>
        {list.isPending ? (
          <LoadingPanel />
        ) : list.isError ? (
          <Box sx={{ px: 3, pb: 3 }}>
            <ErrorBlock onRetry={() => void list.refetch()} retrying={list.isFetching} />
          </Box>
        ) : visible.length === 0 ? (
          <EmptyState />
        ) : (
          <TableContainer>
            <Table aria-label="Franchises">
              <TableHead>
                <TableRow>
                  <TableCell sx={{ pl: 3 }}>Franchise</TableCell>
                  <TableCell>Pays</TableCell>
                  <TableCell align="right">Restaurants</TableCell>
                  <TableCell>Statut</TableCell>
                  <TableCell>Accès</TableCell>
                  <TableCell align="right" sx={{ pr: 3 }}>
                    Actions
                  </TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {visible.map((f) => (
                  <FranchiseRow
                    key={f.id}
                    franchise={f}
                    busy={setBlocked.isPending && setBlocked.variables.franchiseId === f.id}
                    opening={impersonate.isPending && impersonate.variables.franchiseId === f.id}
                    onToggle={(blockedNext) => setBlocked.mutate({ franchiseId: f.id, blocked: blockedNext })}
                    onOpen={() => impersonate.mutate({ franchiseId: f.id })}
                    onFeatures={() => setEditing(f)}
                    onClose={() => setClosing(f)}
                  />
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </Card>
      <Suspense fallback={null}>
        {editing && <FeaturesDialog key={editing.id} franchise={editing} onClose={() => setEditing(null)} />}
        {creating && <NewFranchiseDialog onClose={() => setCreating(false)} />}
        {closing && (
          <CloseFranchiseDialog
            franchise={closing}
            pending={setClosed.isPending}
            onCancel={() => setClosing(null)}
            onConfirm={() => setClosed.mutate({ franchiseId: closing.id, closed: !closing.closedAt })}
          />
        )}
      </Suspense>
    </PageHeader>
  );
}

interface FranchiseRowProps {
  franchise: FranchiseSummary;
  busy: boolean;
  opening: boolean;
  onToggle: (blocked: boolean) => void;
  onOpen: () => void;
  onFeatures: () => void;
  /** Asks to close the franchise, or to reopen it when closed. */
  onClose: () => void;
}

function FranchiseRow({ franchise: f, busy, opening, onToggle, onOpen, onFeatures, onClose }: FranchiseRowProps) {
  return (
    <TableRow hover data-testid={`franchise-row-${f.id}`}>
      <TableCell sx={{ pl: 3 }}>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
          <Avatar
            variant="rounded"
            sx={(theme) => ({
              width: 36,
              height: 36,
              fontSize: '0.875rem',
              fontWeight: 700,
              borderRadius: '10px',
              color: 'primary.main',
              bgcolor: alpha(theme.palette.primary.main, 0.1),
            })}
          >
            {f.name.slice(0, 1).toUpperCase()}
          </Avatar>
          <Box>
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {f.name}
            </Typography>
            <Typography variant="caption" sx={{ color: 'text.secondary' }}>
              N° {f.id}
            </Typography>
          </Box>
        </Stack>
      </TableCell>
      <TableCell>{f.countryCode || '—'}</TableCell>
      <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
        {f.restaurantCount}
      </TableCell>
      <TableCell>
        <Stack direction="row" spacing={0.75} sx={{ flexWrap: 'wrap', rowGap: 0.75 }}>
          {f.closedAt ? (
            <Tooltip title={`Fermée le ${closedDay(f.closedAt, f.countryCode)}\u00a0: connexions et équipements refusés, données gardées.`}>
              <Chip size="small" variant="outlined" icon={<LockOutlinedIcon />} label={`Fermée le ${closedDay(f.closedAt, f.countryCode, true)}`} />
            </Tooltip>
          ) : f.isBlocked ? null : (
            <Chip size="small" color="success" variant="outlined" label="Active" />
          )}
          {f.isBlocked && <Chip size="small" color="error" variant="outlined" label="Bloquée" />}
        </Stack>
      </TableCell>
      <TableCell>
        <Toggle
          label={`Accès de la franchise ${f.name}`}
          checked={!f.isBlocked}
          disabled={busy}
          onChange={(active) => onToggle(!active)}
          onLabel="Autorisé"
          offLabel="Bloqué"
        />
      </TableCell>
      <TableCell align="right" sx={{ pr: 3 }}>
        <Stack direction="row" spacing={0.5} sx={{ justifyContent: 'flex-end', alignItems: 'center', '& .MuiButton-root': { whiteSpace: 'nowrap', ml: 1 } }}>
          <Tooltip title={FEATURES_LABEL}>
            <IconButton size="small" onClick={onFeatures} aria-label={`${FEATURES_LABEL} de la franchise ${f.name}`} sx={{ color: 'primary.main' }}>
              <TuneRoundedIcon fontSize="small" />
            </IconButton>
          </Tooltip>
          {f.closedAt ? (
            <Tooltip title="Rouvrir la franchise">
              <IconButton size="small" onClick={onClose} aria-label={`${REOPEN_LABEL} la franchise ${f.name}`} sx={{ color: 'primary.main' }}>
                <LockOpenOutlinedIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          ) : (
            <Tooltip title={CLOSE_LABEL}>
              <IconButton size="small" color="error" onClick={onClose} aria-label={`${CLOSE_LABEL} ${f.name}`}>
                <LockOutlinedIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          )}
          <Button size="small" variant="outlined" startIcon={<LoginRoundedIcon />} loading={opening} onClick={onOpen}>
            {IMPERSONATE_LABEL}
          </Button>
        </Stack>
      </TableCell>
    </TableRow>
  );
}

function Stat({ icon, label, value, tone }: { icon: ReactNode; label: string; value: ReactNode; tone?: 'warning' | 'muted' }) {
  return (
    <Card sx={{ p: 2.5, display: 'flex', alignItems: 'center', gap: 2 }}>
      <Box
        sx={(theme) => {
          const c = tone === 'warning' ? theme.palette.warning.main : tone === 'muted' ? theme.palette.text.secondary : theme.palette.primary.main;
          return {
            width: 44,
            height: 44,
            borderRadius: '12px',
            display: 'grid',
            placeItems: 'center',
            color: c,
            backgroundColor: alpha(c, 0.1),
          };
        }}
      >
        {icon}
      </Box>
      <Box>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {label}
        </Typography>
        <Typography sx={{ fontSize: '1.5rem', fontWeight: 700, letterSpacing: '-0.02em', lineHeight: 1.2 }}>{value}</Typography>
      </Box>
    </Card>
  );
}
