import { useEffect, useMemo, useRef, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Box,
  Button,
  ButtonBase,
  Card,
  Checkbox,
  Chip,
  FormControlLabel,
  Grid,
  IconButton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Tooltip,
  Typography,
  type ChipProps,
} from '@mui/material';
import { alpha } from '@mui/material/styles';
import RocketLaunchOutlinedIcon from '@mui/icons-material/RocketLaunchOutlined';
import VisibilityOutlinedIcon from '@mui/icons-material/VisibilityOutlined';
import HistoryRoundedIcon from '@mui/icons-material/HistoryRounded';
import TaskAltRoundedIcon from '@mui/icons-material/TaskAltRounded';
import SyncProblemRoundedIcon from '@mui/icons-material/SyncProblemRounded';
import CloudOffRoundedIcon from '@mui/icons-material/CloudOffRounded';
import StorefrontOutlinedIcon from '@mui/icons-material/StorefrontOutlined';
import { PageHeader } from '../../../components/PageHeader';
import { RestaurantPagination } from '../components/RestaurantPagination';
import { SearchBar } from '../../../components/SearchBar';
import { LoadingPanel } from '../../../components/LoadingPanel';
import { ErrorBlock } from '../../../components/ErrorBlock';
import { EmptyState } from '../../../components/EmptyState';
import { useToast } from '../../../components/Toast';
import { AdminOnly } from '../components/AdminOnly';
import { ExportProductsButton } from '../components/ExportProductsButton';
import { useIsAdmin } from '../useIsAdmin';
import { GenerationPanel } from '../components/GenerationPanel';
import { PreviewDialog } from '../components/PreviewDialog';
import { VersionsDrawer, type VersionsTarget } from '../components/VersionsDrawer';
import { currentGenerationQuery, generationMutation, isFinished, jobKeys, jobQuery, statusQuery, type DeployStatus } from '../queries';
import { formatCount, formatDateTime, plural } from '../format';
import { normalise } from '../search';
import { useRestaurantNames } from '../useRestaurantNames';

export type DeployState = 'upToDate' | 'stale' | 'never';

export function deployState(s: Pick<DeployStatus, 'version' | 'upToDate'>): DeployState {
  if (s.version === 0) return 'never';
  return s.upToDate ? 'upToDate' : 'stale';
}

const STATES: Record<DeployState, { label: string; color: ChipProps['color']; icon: typeof TaskAltRoundedIcon }> = {
  upToDate: { label: 'À jour', color: 'success', icon: TaskAltRoundedIcon },
  stale: { label: 'À redéployer', color: 'warning', icon: SyncProblemRoundedIcon },
  never: { label: 'Jamais déployé', color: 'default', icon: CloudOffRoundedIcon },
};

export function StatusChip({ status }: { status: DeployState }) {
  const s = STATES[status];
  return <Chip size="small" color={s.color} variant={status === 'never' ? 'outlined' : 'filled'} label={s.label} sx={{ fontWeight: 600 }} />;
}

/** 'Déploiement Carte': each restaurant's deployed menu, and the way to send it a new one. */
export function DeploiementPage() {
  const admin = useIsAdmin();
  return (
    <PageHeader
      title="Déploiement Carte"
      subtitle="La carte de chaque restaurant est la fusion de ses cartes et de ses prix personnalisés. Sélectionnez des restaurants, vérifiez l’aperçu, puis déployez : leurs bornes reçoivent la nouvelle carte aussitôt."
      breadcrumbs={[{ label: 'Accueil', to: '/' }, { label: 'Cartes' }, { label: 'Déploiement Carte' }]}
      actions={admin ? <ExportProductsButton /> : undefined}
    >
      <AdminOnly>
        <DeployBoard />
      </AdminOnly>
    </PageHeader>
  );
}

function DeployBoard() {
  const client = useQueryClient();
  const toast = useToast();
  const status = useQuery(statusQuery());
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [filter, setFilter] = useState<DeployState | 'all'>('all');
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(0);
  const [rowsPerPage, setRowsPerPage] = useState(25);
  const [previewIds, setPreviewIds] = useState<number[] | null>(null);
  const [versionsOf, setVersionsOf] = useState<VersionsTarget | null>(null);
  const [jobId, setJobId] = useState<number | null>(null);
  const job = useQuery({ ...jobQuery(jobId ?? 0), enabled: jobId !== null });
  // A generation started earlier (here, in another tab, or by the monthly re-projection) and still
  // running: show its progress when the page opens.
  const current = useQuery({ ...currentGenerationQuery(), staleTime: Infinity });
  const resumed = useRef(false);
  useEffect(() => {
    const running = current.data;
    if (resumed.current || running === undefined) return;
    resumed.current = true;
    if (running && jobId === null) {
      client.setQueryData(jobKeys.detail(running.id), running);
      setJobId(running.id);
    }
  }, [current.data, jobId, client]);
  const running = jobId !== null && !isFinished(job.data);

  const generate = useMutation({
    ...generationMutation(),
    onSuccess: (started) => {
      client.setQueryData(jobKeys.detail(started.id), started);
      setJobId(started.id);
      setPreviewIds(null);
    },
    onError: (error) => toast.error(error.detail),
  });

  const nameOf = useRestaurantNames();
  const rows = useMemo(
    () => (status.data ?? []).map((r) => ({ ...r, pseudo: r.nom, nom: nameOf(r) })).sort((a, b) => a.nom.localeCompare(b.nom, 'fr')),
    [status.data, nameOf],
  );
  const counts = useMemo(() => {
    const c: Record<DeployState, number> = { upToDate: 0, stale: 0, never: 0 };
    for (const r of rows) c[deployState(r)] += 1;
    return c;
  }, [rows]);
  const visible = useMemo(() => {
    const q = normalise(query);
    return rows.filter(
      (r) => (filter === 'all' || deployState(r) === filter) && (!q || normalise(r.nom).includes(q) || normalise(r.pseudo).includes(q) || r.siret.includes(q)),
    );
  }, [rows, filter, query]);
  const shown = visible.slice(page * rowsPerPage, page * rowsPerPage + rowsPerPage);
  const chosen = rows.filter((r) => selected.has(r.id)).map((r) => r.id);
  const allVisibleSelected = visible.length > 0 && visible.every((r) => selected.has(r.id));
  const someVisibleSelected = visible.some((r) => selected.has(r.id));

  const toggle = (id: number, on: boolean) =>
    setSelected((s) => {
      const next = new Set(s);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const toggleAll = (on: boolean) =>
    setSelected((s) => {
      const next = new Set(s);
      for (const r of visible) {
        if (on) next.add(r.id);
        else next.delete(r.id);
      }
      return next;
    });
  const deploy = (ids: number[]) => {
    if (ids.length > 0 && !running) generate.mutate(ids);
  };

  return (
    <Stack spacing={3}>
      {status.isSuccess && rows.length > 0 && (
        <Grid container spacing={2}>
          {(['stale', 'upToDate', 'never'] as const).map((s) => (
            <Grid key={s} size={{ xs: 12, sm: 4 }}>
              <StatTile state={s} count={counts[s]} total={rows.length} active={filter === s} onClick={() => { setFilter(filter === s ? 'all' : s); setPage(0); }} />
            </Grid>
          ))}
        </Grid>
      )}

      {jobId !== null && <GenerationPanel jobId={jobId} onDismiss={() => setJobId(null)} onDone={() => setSelected(new Set())} />}

      <Card>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'center' }, justifyContent: 'space-between', px: 3, py: 2.5 }}>
          <Box>
            <Typography variant="h6" component="h2">
              Restaurants
            </Typography>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {status.isSuccess
                ? chosen.length > 0
                  ? `${plural(chosen.length, 'restaurant sélectionné', 'restaurants sélectionnés')} sur ${formatCount(rows.length)}`
                  : `${plural(rows.length, 'restaurant')}${filter !== 'all' ? ` · filtre « ${STATES[filter].label} »` : ''}`
                : ' '}
            </Typography>
          </Box>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'center' } }}>
            <Box sx={{ width: { xs: '100%', sm: 260 } }}>
              <SearchBar thing="un restaurant" value={query} onChange={(q) => { setQuery(q); setPage(0); }} />
            </Box>
            <Button variant="outlined" startIcon={<VisibilityOutlinedIcon />} disabled={chosen.length === 0} onClick={() => setPreviewIds(chosen)}>
              Aperçu
            </Button>
            <Button
              variant="contained"
              startIcon={<RocketLaunchOutlinedIcon />}
              disabled={chosen.length === 0 || running}
              loading={generate.isPending}
              onClick={() => deploy(chosen)}
            >
              Déployer{chosen.length > 0 ? ` (${chosen.length})` : ''}
            </Button>
          </Stack>
        </Stack>

        {status.isPending ? (
          <LoadingPanel />
        ) : status.isError ? (
          <Box sx={{ px: 3, pb: 3 }}>
            <ErrorBlock onRetry={() => void status.refetch()} retrying={status.isFetching} />
          </Box>
        ) : rows.length === 0 ? (
          <EmptyState icon={<StorefrontOutlinedIcon />} title="Aucun restaurant" message="Ajoutez vos restaurants dans Mes Établissements pour leur déployer une carte." />
        ) : (
          <>
            <Stack direction="row" spacing={2} sx={{ px: 3, pb: 1, alignItems: 'center', flexWrap: 'wrap' }}>
              <FormControlLabel
                control={
                  <Checkbox
                    checked={allVisibleSelected}
                    indeterminate={someVisibleSelected && !allVisibleSelected}
                    onChange={(e) => toggleAll(e.target.checked)}
                    disabled={visible.length === 0}
                  />
                }
                label="Tout sélectionner"
              />
              {counts.stale + counts.never > 0 && (
                <Button
                  size="small"
                  onClick={() => setSelected(new Set(rows.filter((r) => deployState(r) !== 'upToDate').map((r) => r.id)))}
                >
                  Sélectionner ceux à redéployer ({counts.stale + counts.never})
                </Button>
              )}
              {chosen.length > 0 && (
                <Button size="small" color="inherit" onClick={() => setSelected(new Set())}>
                  Vider la sélection
                </Button>
              )}
            </Stack>
            {visible.length === 0 ? (
              <EmptyState />
            ) : (
              <TableContainer>
                <Table aria-label="Déploiement par restaurant" sx={{ '& th': { whiteSpace: 'nowrap' } }}>
                  <TableHead>
                    <TableRow>
                      <TableCell padding="checkbox" sx={{ pl: 2 }} />
                      <TableCell sx={{ minWidth: 220 }}>Restaurant</TableCell>
                      <TableCell align="right">Version</TableCell>
                      <TableCell>Déployée le</TableCell>
                      <TableCell>Par</TableCell>
                      <TableCell align="right">Cartes</TableCell>
                      <TableCell align="right">
                        <Tooltip title="Prix personnalisés du restaurant">
                          <span>Prix perso.</span>
                        </Tooltip>
                      </TableCell>
                      <TableCell>Statut</TableCell>
                      <TableCell align="right" sx={{ pr: 3 }}>
                        Actions
                      </TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {shown.map((r) => {
                      const state = deployState(r);
                      const cartes = r.cartes?.length ?? 0;
                      return (
                        <TableRow key={r.id} hover selected={selected.has(r.id)}>
                          <TableCell padding="checkbox" sx={{ pl: 2 }}>
                            <Checkbox
                              checked={selected.has(r.id)}
                              onChange={(e) => toggle(r.id, e.target.checked)}
                              slotProps={{ input: { 'aria-label': `Sélectionner ${r.nom}` } }}
                            />
                          </TableCell>
                          <TableCell>
                            <Typography variant="body2" sx={{ fontWeight: 600 }}>
                              {r.nom}
                            </Typography>
                            <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                              SIRET {r.siret}
                            </Typography>
                          </TableCell>
                          <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                            {r.version > 0 ? r.version : '—'}
                          </TableCell>
                          <TableCell sx={{ whiteSpace: 'nowrap' }}>{r.deployedAt ? formatDateTime(r.deployedAt) : '—'}</TableCell>
                          <TableCell sx={{ whiteSpace: 'nowrap' }}>{r.deployedBy || '—'}</TableCell>
                          <TableCell align="right">
                            {cartes === 0 ? (
                              <Tooltip title="Aucune carte active liée : la borne recevrait une carte vide">
                                <Typography variant="body2" component="span" sx={{ color: 'warning.main', fontWeight: 600 }}>
                                  0
                                </Typography>
                              </Tooltip>
                            ) : (
                              cartes
                            )}
                          </TableCell>
                          <TableCell align="right">{r.customised > 0 ? formatCount(r.customised) : '—'}</TableCell>
                          <TableCell>
                            <StatusChip status={state} />
                          </TableCell>
                          <TableCell align="right" sx={{ pr: 2, whiteSpace: 'nowrap' }}>
                            <Tooltip title="Aperçu">
                              <IconButton aria-label={`Aperçu de ${r.nom}`} onClick={() => setPreviewIds([r.id])}>
                                <VisibilityOutlinedIcon fontSize="small" />
                              </IconButton>
                            </Tooltip>
                            <Tooltip title="Versions">
                              <IconButton aria-label={`Versions de ${r.nom}`} onClick={() => setVersionsOf({ id: r.id, nom: r.nom, siret: r.siret })}>
                                <HistoryRoundedIcon fontSize="small" />
                              </IconButton>
                            </Tooltip>
                          </TableCell>
                        </TableRow>
                      );
                    })}
                  </TableBody>
                </Table>
              </TableContainer>
            )}
            <RestaurantPagination count={visible.length} page={page} rowsPerPage={rowsPerPage} onPage={setPage} onRowsPerPage={setRowsPerPage} />
          </>
        )}
      </Card>

      <PreviewDialog
        restaurantIds={previewIds}
        onClose={() => setPreviewIds(null)}
        onDeploy={running ? undefined : () => previewIds && deploy(previewIds)}
      />
      <VersionsDrawer restaurant={versionsOf} onClose={() => setVersionsOf(null)} />
    </Stack>
  );
}

function StatTile({ state, count, total, active, onClick }: { state: DeployState; count: number; total: number; active: boolean; onClick: () => void }) {
  const s = STATES[state];
  const Icon = s.icon;
  const tone = s.color === 'default' ? 'primary' : (s.color ?? 'primary');
  return (
    <ButtonBase
      onClick={onClick}
      aria-pressed={active}
      aria-label={`${s.label} : ${count}`}
      sx={(theme) => {
        const main = theme.palette[tone as 'primary'].main;
        return {
          width: '100%',
          display: 'flex',
          justifyContent: 'flex-start',
          gap: 2,
          p: 2.25,
          textAlign: 'left',
          borderRadius: 3,
          border: `1px solid ${active ? main : theme.palette.divider}`,
          bgcolor: active ? alpha(main, 0.06) : 'background.paper',
          transition: theme.transitions.create(['border-color', 'background-color']),
          '&:hover': { borderColor: main },
        };
      }}
    >
      <Box
        aria-hidden
        sx={(theme) => ({
          width: 44,
          height: 44,
          borderRadius: '12px',
          display: 'grid',
          placeItems: 'center',
          color: state === 'never' ? 'text.secondary' : `${tone}.main`,
          bgcolor: alpha(state === 'never' ? theme.palette.text.secondary : theme.palette[tone as 'primary'].main, 0.1),
        })}
      >
        <Icon />
      </Box>
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="h5" component="p" sx={{ fontWeight: 700, lineHeight: 1.1 }}>
          {formatCount(count)}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {s.label}
          {total > 0 ? ` · ${Math.round((count / total) * 100)} %` : ''}
        </Typography>
      </Box>
    </ButtonBase>
  );
}
