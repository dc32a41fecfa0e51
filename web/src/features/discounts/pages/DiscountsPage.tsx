import { useMemo, useState } from 'react';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Box,
  Button,
  Card,
  IconButton,
  Link,
  Stack,
  Switch,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  ToggleButton,
  ToggleButtonGroup,
  Tooltip,
  Typography,
} from '@mui/material';
import AddRoundedIcon from '@mui/icons-material/AddRounded';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import DeleteOutlineRoundedIcon from '@mui/icons-material/DeleteOutlineRounded';
import LocalOfferOutlinedIcon from '@mui/icons-material/LocalOfferOutlined';
import { errorMessage } from '../../../api/client';
import type { AppRoute } from '../../../app/routeTable';
import { useSession } from '../../../app/session';
import { crumbsOf } from '../../../components/crumbs';
import { PageHeader } from '../../../components/PageHeader';
import { SearchBar } from '../../../components/SearchBar';
import { LoadingPanel } from '../../../components/LoadingPanel';
import { ErrorBlock } from '../../../components/ErrorBlock';
import { EmptyState } from '../../../components/EmptyState';
import { DeleteConfirmDialog } from '../../../components/DeleteConfirmDialog';
import { useToast } from '../../../components/Toast';
import { restaurantsQuery } from '../../restaurants/queries';
import { conditionsText, effectText } from '../amounts';
import { TriggerChip } from '../components/Chips';
import { editDiscountPath, familyOf, PROMO_CODES_PATH } from '../paths';
import { deleteDiscountMutation, discountsChanged, discountsQuery, updateDiscountMutation } from '../queries';
import type { Discount } from '../types';

export const EMPTY_DISCOUNTS_TEXT = 'Aucune réduction : créez la première.';

type ActiveFilter = 'all' | 'active' | 'inactive';
type TriggerFilter = 'all' | 'automatic' | 'code';

const normalise = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .trim();

/** Restaurant names by id, for the conditions and the owner column. */
export function useRestaurantNames(): (id: number) => string {
  const restaurants = useQuery(restaurantsQuery());
  return useMemo(() => {
    const names = new Map((restaurants.data ?? []).map((r) => [r.id, r.nom]));
    return (id: number) => names.get(id) ?? `Restaurant n° ${id}`;
  }, [restaurants.data]);
}

/** Guests read the discounts; every other login manages those its scope allows (the server checks). */
export function useCanManageDiscounts(): boolean {
  const session = useSession();
  return !session || session.roles !== 'guest';
}

/** « Configuration Réductions » and « Liste des réductions »: the franchise's discounts. */
export function DiscountsPage({ route }: { route: AppRoute }) {
  const { pathname } = useLocation();
  const family = familyOf(pathname);
  const navigate = useNavigate();
  const client = useQueryClient();
  const toast = useToast();
  const canManage = useCanManageDiscounts();
  const list = useQuery(discountsQuery());
  const restaurantName = useRestaurantNames();
  const [query, setQuery] = useState('');
  const [active, setActive] = useState<ActiveFilter>('all');
  const [trigger, setTrigger] = useState<TriggerFilter>('all');
  // The dialog keeps its discount while it closes, so its text does not change as it fades.
  const [toDelete, setToDelete] = useState<Discount | null>(null);
  const [deleteOpen, setDeleteOpen] = useState(false);

  const toggle = useMutation({
    ...updateDiscountMutation(),
    onSuccess: (d) => toast.success(d.active ? `« ${d.name} » est activée.` : `« ${d.name} » est désactivée.`),
    onError: (error) =>
      toast.error(error.status === 409 ? 'Cette réduction a été modifiée entre-temps : la liste est rechargée, recommencez.' : error.detail),
    onSettled: (d) => discountsChanged(client, d),
  });
  const remove = useMutation({
    ...deleteDiscountMutation(),
    onSuccess: () => toast.success(`La réduction « ${toDelete?.name ?? ''} » est supprimée.`),
    onError: (error) => toast.error(error.detail),
    onSettled: () => {
      discountsChanged(client);
      setDeleteOpen(false);
    },
  });

  const items = useMemo(() => [...(list.data ?? [])].sort((a, b) => a.name.localeCompare(b.name, 'fr', { sensitivity: 'base' })), [list.data]);
  const visible = useMemo(() => {
    const q = normalise(query);
    return items.filter(
      (d) =>
        (active === 'all' || d.active === (active === 'active')) &&
        (trigger === 'all' || Boolean(d.automatic) === (trigger === 'automatic')) &&
        (!q || [d.name, effectText(d), ...conditionsText(d, restaurantName)].some((f) => normalise(f).includes(q))),
    );
  }, [items, query, active, trigger, restaurantName]);

  const newButton = (variant: 'contained' | 'outlined') =>
    canManage ? (
      <Button variant={variant} startIcon={<AddRoundedIcon />} onClick={() => void navigate(editDiscountPath(family, 'new'))} sx={{ whiteSpace: 'nowrap' }}>
        Nouvelle réduction
      </Button>
    ) : undefined;
  const activeCount = items.filter((d) => d.active).length;
  const automaticCount = items.filter((d) => d.automatic).length;

  return (
    <PageHeader
      title={route.title}
      subtitle="Les réductions de votre franchise : ce qu'elles retirent, quand elles s'appliquent, automatiquement à la borne ou avec un code promo."
      breadcrumbs={crumbsOf(route)}
      actions={
        <Button component={RouterLink} to={PROMO_CODES_PATH} variant="outlined" startIcon={<LocalOfferOutlinedIcon />}>
          Codes promo
        </Button>
      }
    >
      <Card>
        <Stack direction={{ xs: 'column', xl: 'row' }} spacing={2} sx={{ alignItems: { xl: 'center' }, justifyContent: 'space-between', px: 3, py: 2.5 }}>
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="h6" component="h2">
              Réductions
            </Typography>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {list.isSuccess
                ? [
                    `${items.length} réduction${items.length > 1 ? 's' : ''}`,
                    `${activeCount} active${activeCount > 1 ? 's' : ''}`,
                    `${automaticCount} automatique${automaticCount > 1 ? 's' : ''}`,
                  ].join(' · ')
                : '\u00a0'}
            </Typography>
          </Box>
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={1.5} sx={{ alignItems: { md: 'center' }, '& .MuiToggleButton-root': { whiteSpace: 'nowrap' } }}>
            <Box sx={{ width: { xs: '100%', md: 260 } }}>
              <SearchBar thing="une réduction" value={query} onChange={setQuery} />
            </Box>
            <ToggleButtonGroup exclusive size="small" value={active} onChange={(_, v: ActiveFilter | null) => v && setActive(v)} aria-label="Filtrer par état">
              <ToggleButton value="all">Toutes</ToggleButton>
              <ToggleButton value="active">Actives</ToggleButton>
              <ToggleButton value="inactive">Inactives</ToggleButton>
            </ToggleButtonGroup>
            <ToggleButtonGroup exclusive size="small" value={trigger} onChange={(_, v: TriggerFilter | null) => v && setTrigger(v)} aria-label="Filtrer par déclenchement">
              <ToggleButton value="all">Tous</ToggleButton>
              <ToggleButton value="automatic">Automatiques</ToggleButton>
              <ToggleButton value="code">Par code</ToggleButton>
            </ToggleButtonGroup>
            {newButton('contained')}
          </Stack>
        </Stack>
        {list.isPending ? (
          <LoadingPanel />
        ) : list.isError ? (
          <Box sx={{ px: 3, pb: 3 }}>
            <ErrorBlock message={errorMessage(list.error)} onRetry={() => void list.refetch()} retrying={list.isFetching} />
          </Box>
        ) : items.length === 0 ? (
          <EmptyState icon={<LocalOfferOutlinedIcon />} title="Aucune réduction" message={EMPTY_DISCOUNTS_TEXT} action={newButton('outlined')} />
        ) : visible.length === 0 ? (
          <EmptyState
            icon={<LocalOfferOutlinedIcon />}
            message={query.trim() ? `Aucune réduction ne correspond à « ${query.trim()} » avec ces filtres.` : 'Aucune réduction avec ces filtres.'}
          />
        ) : (
          <TableContainer>
            <Table aria-label="Réductions">
              <TableHead>
                <TableRow>
                  <TableCell sx={{ pl: 3, minWidth: 240 }}>Réduction</TableCell>
                  <TableCell sx={{ minWidth: 260 }}>Conditions</TableCell>
                  <TableCell>Déclenchement</TableCell>
                  <TableCell align="right">Codes</TableCell>
                  <TableCell>Définie par</TableCell>
                  <TableCell align="center">Active</TableCell>
                  {canManage && (
                    <TableCell align="right" sx={{ pr: 3 }}>
                      Actions
                    </TableCell>
                  )}
                </TableRow>
              </TableHead>
              <TableBody>
                {visible.map((d) => (
                  <TableRow key={d.id} hover data-testid={`discount-row-${d.id}`} sx={{ '&:last-child td': { borderBottom: 0 }, opacity: d.active ? 1 : 0.7 }}>
                    <TableCell sx={{ pl: 3 }}>
                      {canManage ? (
                        <Link component={RouterLink} to={editDiscountPath(family, d.id ?? 0)} underline="hover" color="text.primary" sx={{ fontWeight: 600, fontSize: '0.875rem' }}>
                          {d.name}
                        </Link>
                      ) : (
                        <Typography variant="body2" sx={{ fontWeight: 600 }}>
                          {d.name}
                        </Typography>
                      )}
                      <Typography variant="body2" sx={{ color: 'primary.main', fontWeight: 500 }}>
                        {effectText(d)}
                      </Typography>
                      {d.stackable && (
                        <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                          Cumulable
                        </Typography>
                      )}
                    </TableCell>
                    <TableCell>
                      <Conditions list={conditionsText(d, restaurantName)} />
                    </TableCell>
                    <TableCell>
                      <TriggerChip automatic={d.automatic} />
                    </TableCell>
                    <TableCell align="right">
                      {d.codes > 0 ? (
                        <Link component={RouterLink} to={PROMO_CODES_PATH} underline="hover" sx={{ fontSize: '0.875rem' }} aria-label={`${d.codes} codes promo`}>
                          {d.codes}
                        </Link>
                      ) : (
                        <Typography variant="body2" component="span" sx={{ color: 'text.secondary' }}>
                          0
                        </Typography>
                      )}
                    </TableCell>
                    <TableCell>
                      <Typography variant="body2">{d.ownerRestaurantId ? restaurantName(d.ownerRestaurantId) : 'Franchise'}</Typography>
                    </TableCell>
                    <TableCell align="center">
                      <Switch
                        checked={Boolean(d.active)}
                        disabled={!canManage || (toggle.isPending && toggle.variables.id === d.id)}
                        onChange={(e) => d.id && toggle.mutate({ id: d.id, version: d.version, body: { ...d, active: e.target.checked } })}
                        slotProps={{ input: { 'aria-label': `Réduction « ${d.name} » active` } }}
                      />
                    </TableCell>
                    {canManage && (
                      <TableCell align="right" sx={{ pr: 2, whiteSpace: 'nowrap' }}>
                        <Tooltip title="Modifier">
                          <IconButton aria-label={`Modifier la réduction ${d.name}`} onClick={() => void navigate(editDiscountPath(family, d.id ?? 0))}>
                            <EditOutlinedIcon fontSize="small" />
                          </IconButton>
                        </Tooltip>
                        <Tooltip title="Supprimer">
                          <IconButton
                            aria-label={`Supprimer la réduction ${d.name}`}
                            onClick={() => {
                              setToDelete(d);
                              setDeleteOpen(true);
                            }}
                            sx={{ '&:hover': { color: 'error.main' } }}
                          >
                            <DeleteOutlineRoundedIcon fontSize="small" />
                          </IconButton>
                        </Tooltip>
                      </TableCell>
                    )}
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </Card>
      <DeleteConfirmDialog
        open={deleteOpen && toDelete !== null}
        kind="discount"
        names={[toDelete?.name ?? '']}
        pending={remove.isPending}
        warning={
          toDelete && toDelete.codes > 0
            ? `${toDelete.codes > 1 ? `Ses ${toDelete.codes} codes promo cessent` : 'Son code promo cesse'} aussitôt de fonctionner ; les commandes qui l'ont utilisée la gardent.`
            : "Les commandes qui l'ont utilisée la gardent dans leurs rapports."
        }
        onCancel={() => setDeleteOpen(false)}
        onConfirm={() => toDelete?.id && remove.mutate({ id: toDelete.id })}
      />
    </PageHeader>
  );
}

/** The conditions, one per line; none: « Sans condition ». */
function Conditions({ list }: { list: string[] }) {
  if (list.length === 0) {
    return (
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        Sans condition
      </Typography>
    );
  }
  return (
    <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none' }}>
      {list.map((c) => (
        <Typography key={c} component="li" variant="body2" sx={{ color: 'text.secondary', lineHeight: 1.55 }}>
          {c}
        </Typography>
      ))}
    </Box>
  );
}
