import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Box,
  Button,
  Card,
  Checkbox,
  Chip,
  CircularProgress,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Tooltip,
  Typography,
} from '@mui/material';
import { alpha } from '@mui/material/styles';
import StarRoundedIcon from '@mui/icons-material/StarRounded';
import EuroRoundedIcon from '@mui/icons-material/EuroRounded';
import RocketLaunchOutlinedIcon from '@mui/icons-material/RocketLaunchOutlined';
import StorefrontOutlinedIcon from '@mui/icons-material/StorefrontOutlined';
import { PageHeader } from '../../../components/PageHeader';
import { RestaurantPagination } from '../components/RestaurantPagination';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { SearchBar } from '../../../components/SearchBar';
import { LoadingPanel } from '../../../components/LoadingPanel';
import { ErrorBlock } from '../../../components/ErrorBlock';
import { EmptyState } from '../../../components/EmptyState';
import { useToast } from '../../../components/Toast';
import { AdminOnly } from '../components/AdminOnly';
import { PricesDialog } from '../components/PricesDialog';
import { deployKeys, linkMutation, linksQuery, withLink, type CarteRef, type LinkMatrix, type LinkVars, type RestaurantRef } from '../queries';
import { RELATION_DELETED, RELATION_DELETE_FAILED } from '../texts';
import { plural } from '../format';
import { normalise } from '../search';
import { useRestaurantNames } from '../useRestaurantNames';

const LINK_MUTATION = [...deployKeys.all, 'link'] as const;
const cellKey = (campaignId: number, restaurantId: number) => `${campaignId}:${restaurantId}`;

/** 'Cartes par restaurant': which cartes each restaurant serves, and its own prices. */
export function CampagneRestosPage() {
  return (
    <PageHeader
      title="Cartes par restaurant"
      subtitle="Cochez les cartes que sert chaque restaurant : elles sont fusionnées en une seule carte au prochain déploiement. Chaque restaurant peut aussi avoir ses propres prix."
      breadcrumbs={[{ label: 'Accueil', to: '/' }, { label: 'Cartes' }, { label: 'Cartes par restaurant' }]}
      actions={<DeployLink />}
    >
      <AdminOnly>
        <LinkMatrixCard />
      </AdminOnly>
    </PageHeader>
  );
}

function DeployLink() {
  const navigate = useNavigate();
  return (
    <Button variant="outlined" startIcon={<RocketLaunchOutlinedIcon />} onClick={() => void navigate('/campagne/DeploiementCarte')}>
      Déploiement Carte
    </Button>
  );
}

function LinkMatrixCard() {
  const client = useQueryClient();
  const toast = useToast();
  const matrix = useQuery(linksQuery());
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(0);
  const [rowsPerPage, setRowsPerPage] = useState(25);
  const [pending, setPending] = useState<ReadonlySet<string>>(new Set());
  const [pricesFor, setPricesFor] = useState<RestaurantRef | null>(null);
  // Removing a link asks first (spec §2: the delete-a-relation dialog).
  const [unlinking, setUnlinking] = useState<{ carte: CarteRef; restaurant: RestaurantRef } | null>(null);
  const nameOf = useRestaurantNames();

  const mark = (vars: LinkVars, on: boolean) =>
    setPending((s) => {
      const next = new Set(s);
      if (on) next.add(cellKey(vars.campaignId, vars.restaurantId));
      else next.delete(cellKey(vars.campaignId, vars.restaurantId));
      return next;
    });

  const link = useMutation({
    ...linkMutation(),
    mutationKey: LINK_MUTATION,
    onMutate: async (vars) => {
      mark(vars, true);
      await client.cancelQueries({ queryKey: deployKeys.links() });
      client.setQueryData<LinkMatrix>(deployKeys.links(), (m) => (m ? withLink(m, vars) : m));
      return {};
    },
    onSuccess: (message, vars) => {
      if (!vars.linked) toast.success(message || RELATION_DELETED);
    },
    onError: (error, vars) => {
      // Undo only this cell: other clicks may be on their way.
      client.setQueryData<LinkMatrix>(deployKeys.links(), (m) => (m ? withLink(m, { ...vars, linked: !vars.linked }) : m));
      toast.error(vars.linked ? error.detail : RELATION_DELETE_FAILED);
    },
    onSettled: (_d, _e, vars) => {
      mark(vars, false);
      // The last click in flight asks for the truth once; earlier ones would flicker the others.
      if (client.isMutating({ mutationKey: LINK_MUTATION }) <= 1) void client.invalidateQueries({ queryKey: deployKeys.links() });
      void client.invalidateQueries({ queryKey: deployKeys.status() });
    },
  });

  const cartes = useMemo(
    () =>
      [...(matrix.data?.cartes ?? [])].sort(
        (a, b) => Number(b.isPrincipal) - Number(a.isPrincipal) || Number(a.removed) - Number(b.removed) || a.nom.localeCompare(b.nom, 'fr'),
      ),
    [matrix.data],
  );
  const restaurants = useMemo(
    () => (matrix.data?.restaurants ?? []).map((r) => ({ ...r, pseudo: r.nom, nom: nameOf(r) })).sort((a, b) => a.nom.localeCompare(b.nom, 'fr')),
    [matrix.data, nameOf],
  );
  const linked = useMemo(() => new Set((matrix.data?.links ?? []).map((l) => cellKey(l.campaignId, l.restaurantId))), [matrix.data]);
  const perCarte = useMemo(() => {
    const m = new Map<number, number>();
    for (const l of matrix.data?.links ?? []) m.set(l.campaignId, (m.get(l.campaignId) ?? 0) + 1);
    return m;
  }, [matrix.data]);
  const visible = useMemo(() => {
    const q = normalise(query);
    return q ? restaurants.filter((r) => normalise(r.nom).includes(q) || normalise(r.pseudo).includes(q) || r.siret.includes(q)) : restaurants;
  }, [restaurants, query]);
  const shown = visible.slice(page * rowsPerPage, page * rowsPerPage + rowsPerPage);

  const cartesOf = (r: RestaurantRef) => cartes.filter((c) => linked.has(cellKey(c.id, r.id)));

  return (
    <Card>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between', px: 3, py: 2.5 }}
      >
        <Box>
          <Typography variant="h6" component="h2">
            Restaurants et cartes
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {matrix.isSuccess
              ? `${plural(restaurants.length, 'restaurant')} · ${plural(cartes.length, 'carte')} · ${plural(matrix.data.links?.length ?? 0, 'lien')}`
              : ' '}
          </Typography>
        </Box>
        <Box sx={{ width: { xs: '100%', sm: 320 } }}>
          <SearchBar
            thing="un restaurant"
            value={query}
            onChange={(q) => {
              setQuery(q);
              setPage(0);
            }}
          />
        </Box>
      </Stack>
      {matrix.isPending ? (
        <LoadingPanel />
      ) : matrix.isError ? (
        <Box sx={{ px: 3, pb: 3 }}>
          <ErrorBlock onRetry={() => void matrix.refetch()} retrying={matrix.isFetching} />
        </Box>
      ) : restaurants.length === 0 || cartes.length === 0 ? (
        <EmptyState
          icon={<StorefrontOutlinedIcon />}
          title={restaurants.length === 0 ? 'Aucun restaurant' : 'Aucune carte'}
          message={
            restaurants.length === 0
              ? 'Ajoutez vos restaurants dans Mes Établissements pour leur attribuer des cartes.'
              : 'Créez une carte dans Mes Cartes pour l’attribuer à vos restaurants.'
          }
        />
      ) : visible.length === 0 ? (
        <EmptyState />
      ) : (
        <>
          <Legend />
          <TableContainer sx={{ maxHeight: 'calc(100vh - 320px)', minHeight: 240 }}>
            <Table stickyHeader size="small" aria-label="Cartes par restaurant" sx={{ '& .MuiTableCell-stickyHeader': { bgcolor: 'background.paper' } }}>
              <TableHead>
                <TableRow>
                  <TableCell sx={{ pl: 3, minWidth: 240, position: 'sticky', left: 0, zIndex: 3, bgcolor: 'background.paper' }}>Restaurant</TableCell>
                  {cartes.map((c) => (
                    <CarteHeader key={c.id} carte={c} count={perCarte.get(c.id) ?? 0} />
                  ))}
                  <TableCell align="right" sx={{ pr: 3, minWidth: 200 }}>
                    Prix
                  </TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {shown.map((r) => {
                  const mine = cartesOf(r);
                  return (
                    <TableRow key={r.id} hover>
                      <TableCell sx={{ pl: 3, position: 'sticky', left: 0, zIndex: 1, bgcolor: 'background.paper' }}>
                        <Typography variant="body2" sx={{ fontWeight: 600 }}>
                          {r.nom}
                        </Typography>
                        <Typography variant="caption" sx={{ color: mine.length === 0 ? 'warning.main' : 'text.secondary' }}>
                          {mine.length === 0 ? 'Aucune carte' : plural(mine.length, 'carte')} · SIRET {r.siret}
                        </Typography>
                      </TableCell>
                      {cartes.map((c) => {
                        const key = cellKey(c.id, r.id);
                        const checked = linked.has(key);
                        const busy = pending.has(key);
                        return (
                          <TableCell
                            key={c.id}
                            align="center"
                            sx={(theme) => ({
                              py: 0.25,
                              bgcolor: c.removed ? alpha(theme.palette.text.primary, 0.03) : undefined,
                            })}
                          >
                            <Box sx={{ position: 'relative', display: 'inline-flex' }}>
                              <Checkbox
                                checked={checked}
                                disabled={busy}
                                onChange={(e) =>
                                  e.target.checked
                                    ? link.mutate({ campaignId: c.id, restaurantId: r.id, linked: true })
                                    : setUnlinking({ carte: c, restaurant: r })
                                }
                                slotProps={{ input: { 'aria-label': `Carte « ${c.nom} » pour ${r.nom}` } }}
                                sx={{ opacity: c.removed ? 0.55 : 1 }}
                              />
                              {busy && (
                                <CircularProgress size={18} aria-label="Enregistrement…" sx={{ position: 'absolute', top: '50%', left: '50%', mt: '-9px', ml: '-9px' }} />
                              )}
                            </Box>
                          </TableCell>
                        );
                      })}
                      <TableCell align="right" sx={{ pr: 2, whiteSpace: 'nowrap' }}>
                        <Button
                          size="small"
                          variant="text"
                          startIcon={<EuroRoundedIcon fontSize="small" />}
                          disabled={mine.length === 0}
                          onClick={() => setPricesFor(r)}
                          aria-label={`Prix personnalisés de ${r.nom}`}
                        >
                          Prix personnalisés
                        </Button>
                      </TableCell>
                    </TableRow>
                  );
                })}
              </TableBody>
            </Table>
          </TableContainer>
          <RestaurantPagination count={visible.length} page={page} rowsPerPage={rowsPerPage} onPage={setPage} onRowsPerPage={setRowsPerPage} />
        </>
      )}
      <PricesDialog restaurant={pricesFor} onClose={() => setPricesFor(null)} />
      <ConfirmDialog
        open={unlinking !== null}
        title="Supprimer la relation"
        tone="error"
        message={
          unlinking && (
            <>
              Êtes-vous sûr de vouloir supprimer la relation entre la carte « {unlinking.carte.nom} » et le restaurant «{' '}
              {unlinking.restaurant.nom} » ?
            </>
          )
        }
        warning="Le restaurant ne servira plus cette carte à son prochain déploiement."
        confirmLabel="Supprimer"
        onCancel={() => setUnlinking(null)}
        onConfirm={() => {
          if (unlinking) link.mutate({ campaignId: unlinking.carte.id, restaurantId: unlinking.restaurant.id, linked: false });
          setUnlinking(null);
        }}
      />
    </Card>
  );
}

function CarteHeader({ carte, count }: { carte: CarteRef; count: number }) {
  return (
    <TableCell align="center" sx={{ minWidth: 130, maxWidth: 180, verticalAlign: 'bottom', color: carte.removed ? 'text.disabled' : undefined }}>
      <Stack spacing={0.5} sx={{ alignItems: 'center' }}>
        <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', maxWidth: '100%' }}>
          {carte.isPrincipal && (
            <Tooltip title="Carte principale">
              <StarRoundedIcon fontSize="small" sx={{ color: 'warning.main' }} aria-label="Carte principale" />
            </Tooltip>
          )}
          <Typography variant="body2" noWrap title={carte.nom} sx={{ fontWeight: 600, color: 'inherit' }}>
            {carte.nom}
          </Typography>
        </Stack>
        {carte.removed ? (
          <Tooltip title="Carte désactivée : liée mais pas déployée">
            <Chip size="small" label="Désactivée" variant="outlined" sx={{ height: 20, fontSize: '0.7rem' }} />
          </Tooltip>
        ) : (
          <Typography variant="caption" sx={{ color: 'text.secondary' }}>
            {plural(count, 'restaurant')}
          </Typography>
        )}
      </Stack>
    </TableCell>
  );
}

function Legend() {
  return (
    <Stack direction="row" spacing={3} sx={{ px: 3, pb: 1.5, color: 'text.secondary', flexWrap: 'wrap', rowGap: 1 }}>
      <Stack direction="row" spacing={0.75} sx={{ alignItems: 'center' }}>
        <StarRoundedIcon fontSize="small" sx={{ color: 'warning.main' }} />
        <Typography variant="caption">Carte principale, fusionnée en premier</Typography>
      </Stack>
      <Stack direction="row" spacing={0.75} sx={{ alignItems: 'center' }}>
        <Chip size="small" label="Désactivée" variant="outlined" sx={{ height: 20, fontSize: '0.7rem' }} />
        <Typography variant="caption">liée mais pas déployée tant qu’elle est désactivée</Typography>
      </Stack>
      <Typography variant="caption">Chaque case s’enregistre aussitôt ; le changement part aux bornes au prochain déploiement.</Typography>
    </Stack>
  );
}
