import { useCallback, useMemo, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Box,
  Card,
  FormControl,
  FormControlLabel,
  InputLabel,
  LinearProgress,
  MenuItem,
  Select,
  Stack,
  Switch,
  TablePagination,
  Typography,
} from '@mui/material';
import GridViewRoundedIcon from '@mui/icons-material/GridViewRounded';
import RestaurantMenuRoundedIcon from '@mui/icons-material/RestaurantMenuRounded';
import SearchOffRoundedIcon from '@mui/icons-material/SearchOffRounded';
import type { AppRoute } from '../../../app/routeTable';
import { crumbsOf } from '../../../components/crumbs';
import { EmptyState } from '../../../components/EmptyState';
import { ErrorBlock } from '../../../components/ErrorBlock';
import { LoadingPanel } from '../../../components/LoadingPanel';
import { PageHeader } from '../../../components/PageHeader';
import { SearchBar } from '../../../components/SearchBar';
import { useToast } from '../../../components/Toast';
import { formatCount } from '../../deploy/format';
import { KindToggle } from '../components/KindToggle';
import type { KindFilter } from '../model';
import { bulkResultText, filterRows, linesOf, parseCellKey, rowGroups, summarise, toggleAll, toggleOne } from '../plan';
import { availabilityKeys, bulkAvailabilityMutation, planQuery } from '../queries';
import { PlanBulkBar, type BulkAction } from '../components/PlanBulkBar';
import { PlanMatrix, StateChip } from '../components/PlanMatrix';

export const NO_RESTAURANT_TEXT = "Aucun restaurant n'est visible avec ce compte.";
export const NO_ROWS_TEXT = "Aucune carte n'est encore déployée dans ces restaurants : déployez-en une pour planifier ses produits.";

const PAGE_SIZES = [10, 25, 50, 100];

/**
 * « Plan Produit » (issue 19): Gestion Produits across the network. Rows are the products and
 * options (by category), columns the restaurants (a page at a time), each cell whether the element
 * is on sale there, sold out (today or until a date) or absent from the restaurant's menu. Cells,
 * rows and columns are selected and changed in one request.
 */
export function PlanProduitPage({ route }: { route: AppRoute }) {
  const client = useQueryClient();
  const toast = useToast();
  const [campaignId, setCampaignId] = useState(0);
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(25);
  const [search, setSearch] = useState('');
  const [kind, setKind] = useState<KindFilter>('product');
  const [group, setGroup] = useState('');
  const [soldOutOnly, setSoldOutOnly] = useState(false);
  const [selection, setSelection] = useState<Set<string>>(() => new Set());

  const query = useQuery(planQuery({ campaignId, page, pageSize }));
  const data = query.data;
  const restaurants = useMemo(() => data?.restaurants ?? [], [data]);
  const allRows = useMemo(() => data?.rows ?? [], [data]);
  const groups = useMemo(() => rowGroups(allRows, kind), [allRows, kind]);
  const rows = useMemo(() => filterRows(allRows, { search, kind, group, soldOutOnly }), [allRows, search, kind, group, soldOutOnly]);
  const lines = useMemo(() => linesOf(rows), [rows]);
  const summary = useMemo(() => summarise(selection, allRows, restaurants), [selection, allRows, restaurants]);

  const bulk = useMutation({
    ...bulkAvailabilityMutation(),
    onSuccess: (res, v) => {
      toast.success(bulkResultText(v.action, res.changed, res.restaurants, res.unchanged));
      setSelection(new Set());
    },
    onError: (error) => toast.error(error.detail),
    onSettled: () => void client.invalidateQueries({ queryKey: availabilityKeys.all }),
  });

  const onToggleCell = useCallback((key: string) => setSelection((s) => toggleOne(s, key)), []);
  const onToggleKeys = useCallback((keys: string[]) => setSelection((s) => toggleAll(s, keys)), []);
  // A new page or carte: other cells, a new selection.
  const changeScope = (fn: () => void) => {
    fn();
    setSelection(new Set());
  };
  const apply = (a: BulkAction) => bulk.mutate({ ...a, cells: [...selection].map(parseCellKey) });

  const filters = (
    <Stack direction="row" useFlexGap spacing={1.5} sx={{ px: 2.5, py: 2, alignItems: 'center', flexWrap: 'wrap' }}>
      <Box sx={{ flex: '1 1 240px', maxWidth: 360 }}>
        <SearchBar thing="un produit ou une option" value={search} onChange={setSearch} />
      </Box>
      <FormControl size="small" sx={{ minWidth: 200, flex: '0 1 220px' }}>
        <InputLabel id="plan-carte" shrink>
          Carte
        </InputLabel>
        <Select
          labelId="plan-carte"
          label="Carte"
          notched
          displayEmpty
          value={campaignId}
          onChange={(e) => changeScope(() => setCampaignId(Number(e.target.value)))}
        >
          <MenuItem value={0}>Cartes déployées</MenuItem>
          {(data?.cartes ?? []).map((c) => (
            <MenuItem key={c.id} value={c.id}>
              {c.nom}
              {c.removed ? ' (désactivée)' : ''}
            </MenuItem>
          ))}
        </Select>
      </FormControl>
      <KindToggle
        value={kind}
        onChange={(v) => {
          setKind(v);
          setGroup('');
        }}
      />
      <FormControl size="small" sx={{ minWidth: 180, flex: '0 1 220px' }}>
        <InputLabel id="plan-group" shrink>
          {kind === 'option' ? 'Groupe' : 'Catégorie'}
        </InputLabel>
        <Select labelId="plan-group" label={kind === 'option' ? 'Groupe' : 'Catégorie'} notched displayEmpty value={group} onChange={(e) => setGroup(e.target.value)}>
          <MenuItem value="">{kind === 'option' ? 'Tous les groupes' : 'Toutes les catégories'}</MenuItem>
          {groups.map((g) => (
            <MenuItem key={g} value={g}>
              {g}
            </MenuItem>
          ))}
        </Select>
      </FormControl>
      <FormControlLabel
        control={<Switch size="small" checked={soldOutOnly} onChange={(_, on) => setSoldOutOnly(on)} />}
        label={<Typography variant="body2">Épuisés seulement</Typography>}
        sx={{ ml: 0.5 }}
      />
    </Stack>
  );

  const legend = (
    <Stack direction="row" useFlexGap spacing={1} sx={{ px: 2.5, pb: 1.5, alignItems: 'center', flexWrap: 'wrap' }} aria-label="Légende">
      <Typography variant="caption" sx={{ color: 'text.secondary', fontWeight: 600, mr: 0.5 }}>
        Légende
      </Typography>
      <StateChip state="onSale" label="En vente" />
      <StateChip state="today" label="Épuisé aujourd'hui" />
      <StateChip state="until" label="Épuisé jusqu'au 03/12" />
      <StateChip state="absent" label="Absent de la carte" />
      <Typography variant="caption" sx={{ color: 'text.secondary', ml: { md: 'auto' } }}>
        Cliquez sur des cases, ou cochez une ligne ou une colonne, puis choisissez l'action.
      </Typography>
    </Stack>
  );

  let body;
  if (query.isPending) body = <LoadingPanel minHeight={440} />;
  else if (query.isError || !data) body = <ErrorBlock onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  else if (data.total === 0)
    body = <EmptyState title="Aucun restaurant" message={NO_RESTAURANT_TEXT} icon={<GridViewRoundedIcon />} minHeight={360} />;
  else if (allRows.length === 0)
    body = <EmptyState title="Rien à planifier" message={NO_ROWS_TEXT} icon={<RestaurantMenuRoundedIcon />} minHeight={360} />;
  else if (rows.length === 0)
    body = (
      <EmptyState title="Aucun élément" message="Aucun produit ni option ne correspond à ces filtres." icon={<SearchOffRoundedIcon />} minHeight={360} />
    );
  else
    body = <PlanMatrix lines={lines} rows={rows} restaurants={restaurants} selection={selection} onToggleCell={onToggleCell} onToggleKeys={onToggleKeys} />;

  return (
    <PageHeader title={route.title} subtitle={route.description} breadcrumbs={crumbsOf(route)}>
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <Card sx={{ position: 'relative' }}>
          {query.isFetching && !query.isPending && (
            <LinearProgress aria-label="Mise à jour du plan" sx={{ position: 'absolute', top: 0, left: 0, right: 0, height: 2 }} />
          )}
          {filters}
          {legend}
          {body}
          {data && data.total > 0 && (
            <Box sx={{ display: 'flex', alignItems: 'center', borderTop: 1, borderColor: 'divider', pl: 2.5 }}>
              <Typography variant="caption" sx={{ color: 'text.secondary', flex: 1 }}>
                {formatCount(rows.length)} élément{rows.length > 1 ? 's' : ''} sur {formatCount(allRows.length)}
              </Typography>
              <TablePagination
                component="div"
                count={data.total}
                page={Math.min(page, Math.max(0, Math.ceil(data.total / pageSize) - 1))}
                onPageChange={(_, p) => changeScope(() => setPage(p))}
                rowsPerPage={pageSize}
                onRowsPerPageChange={(e) =>
                  changeScope(() => {
                    setPageSize(Number(e.target.value));
                    setPage(0);
                  })
                }
                rowsPerPageOptions={PAGE_SIZES}
                labelRowsPerPage="Restaurants par page"
                labelDisplayedRows={({ from, to, count: n }) => `Restaurants ${formatCount(from)}–${formatCount(to)} sur ${formatCount(n)}`}
              />
            </Box>
          )}
        </Card>
        <PlanBulkBar summary={summary} pending={bulk.isPending} onApply={apply} onClear={() => setSelection(new Set())} />
      </Box>
    </PageHeader>
  );
}
