import { useMemo, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Box,
  Button,
  Card,
  Chip,
  Divider,
  FormControl,
  InputLabel,
  MenuItem,
  Select,
  Stack,
  Switch,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import CheckCircleOutlineRoundedIcon from '@mui/icons-material/CheckCircleOutlineRounded';
import RemoveShoppingCartOutlinedIcon from '@mui/icons-material/RemoveShoppingCartOutlined';
import RestaurantMenuRoundedIcon from '@mui/icons-material/RestaurantMenuRounded';
import SearchOffRoundedIcon from '@mui/icons-material/SearchOffRounded';
import type { AvailabilityElement, SoldOut } from '../../../api/types';
import { EmptyState } from '../../../components/EmptyState';
import { ErrorBlock } from '../../../components/ErrorBlock';
import { LoadingPanel } from '../../../components/LoadingPanel';
import { SearchBar } from '../../../components/SearchBar';
import { useToast } from '../../../components/Toast';
import { KindToggle } from './KindToggle';
import { filterElements, groupsOf, soldOutText, type KindFilter } from '../model';
import { availabilityChanged, availabilityQuery, clearSoldOutMutation } from '../queries';
import { SoldOutDialog } from './SoldOutDialog';

export const NOT_DEPLOYED_TEXT = "Aucune carte n'a encore été déployée pour ce restaurant : déployez-la pour gérer ses produits.";

const kindLabel = (kind: string) => (kind === 'option' ? 'Option' : 'Produit');

/** The products and options of a restaurant's deployed menu, each with its « Épuisé » switch. */
export function ProductsPanel({ restaurantId }: { restaurantId: number }) {
  const query = useQuery(availabilityQuery(restaurantId));
  const client = useQueryClient();
  const toast = useToast();
  const [search, setSearch] = useState('');
  const [kind, setKind] = useState<KindFilter>('all');
  const [group, setGroup] = useState('');
  const [marking, setMarking] = useState<AvailabilityElement | null>(null);

  const clear = useMutation({
    ...clearSoldOutMutation(restaurantId),
    onSuccess: (_, v) => toast.success(`« ${v.name} » est remis en vente.`),
    onError: (error) => toast.error(error.detail),
    onSettled: () => void availabilityChanged(client),
  });

  const data = query.data;
  const elements = useMemo(() => data?.elements ?? [], [data]);
  const groups = useMemo(() => groupsOf(elements, kind), [elements, kind]);
  const shown = useMemo(() => filterElements(elements, { search, group, kind }), [elements, search, group, kind]);

  if (query.isPending) return <LoadingPanel minHeight={360} />;
  if (query.isError || !data) return <ErrorBlock onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  if (!data.deployed) {
    return (
      <Card>
        <EmptyState title="Pas encore de carte" message={NOT_DEPLOYED_TEXT} icon={<RestaurantMenuRoundedIcon />} minHeight={320} />
      </Card>
    );
  }
  const soldOut = data.soldOut ?? [];
  const clearing = (kindOf: string, id: string) => clear.isPending && clear.variables?.kind === kindOf && clear.variables.idGlobal === id;
  const putBack = (s: Pick<SoldOut, 'kind' | 'idGlobal' | 'name'>) => clear.mutate({ kind: s.kind, idGlobal: s.idGlobal, name: s.name });

  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', lg: 'minmax(0, 1fr) 360px' }, gap: 3, alignItems: 'start' }}>
      <Card component="section" aria-labelledby="elements-title">
        <Box sx={{ px: 3, pt: 2.5, pb: 2 }}>
          <Typography id="elements-title" variant="h6" component="h2">
            Carte déployée
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            Marquez un produit ou une option épuisé : les bornes du restaurant le retirent dans la seconde, sans redéploiement.
          </Typography>
        </Box>
        <Stack direction="row" useFlexGap spacing={1.5} sx={{ px: 3, pb: 2, alignItems: 'center', flexWrap: 'wrap' }}>
          <Box sx={{ flex: '1 1 220px' }}>
            <SearchBar thing="un produit ou une option" value={search} onChange={setSearch} />
          </Box>
          <KindToggle
            value={kind}
            onChange={(v) => {
              setKind(v);
              setGroup('');
            }}
          />
          <FormControl size="small" sx={{ minWidth: 180, flex: '0 1 200px' }}>
            <InputLabel id="group-filter" shrink>
              {kind === 'option' ? 'Groupe' : 'Catégorie'}
            </InputLabel>
            <Select
              labelId="group-filter"
              label={kind === 'option' ? 'Groupe' : 'Catégorie'}
              notched
              displayEmpty
              value={group}
              onChange={(e) => setGroup(e.target.value)}
            >
              <MenuItem value="">Toutes les catégories</MenuItem>
              {groups.map((g) => (
                <MenuItem key={g} value={g}>
                  {g}
                </MenuItem>
              ))}
            </Select>
          </FormControl>
        </Stack>
        <Divider />
        {shown.length === 0 ? (
          <EmptyState title="Aucun élément" message="Aucun produit ni option ne correspond à ces filtres." icon={<SearchOffRoundedIcon />} />
        ) : (
          <TableContainer sx={{ maxHeight: 640 }}>
            <Table stickyHeader size="small" aria-label="Produits et options">
              <TableHead>
                <TableRow>
                  <TableCell>Élément</TableCell>
                  <TableCell>Catégorie</TableCell>
                  <TableCell>Disponibilité</TableCell>
                  <TableCell align="right">Épuisé</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {shown.map((e) => (
                  <TableRow key={`${e.kind}-${e.idGlobal}`} hover sx={e.soldOut ? { bgcolor: 'action.hover' } : undefined}>
                    <TableCell>
                      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                        <Typography variant="body2" sx={{ fontWeight: 500 }}>
                          {e.name}
                        </Typography>
                        <Chip size="small" variant="outlined" label={kindLabel(e.kind)} sx={{ height: 20, fontSize: '0.7rem' }} />
                      </Stack>
                    </TableCell>
                    <TableCell sx={{ color: 'text.secondary' }}>{e.group}</TableCell>
                    <TableCell>
                      {e.soldOut ? (
                        <Stack spacing={0.25}>
                          <Chip size="small" color="error" label="Épuisé" sx={{ alignSelf: 'flex-start', height: 22 }} />
                          <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                            {soldOutText(e.soldOut, data.timeZone)}
                          </Typography>
                        </Stack>
                      ) : (
                        <Chip size="small" color="success" variant="outlined" label="En vente" sx={{ height: 22 }} />
                      )}
                    </TableCell>
                    <TableCell align="right">
                      <Switch
                        checked={Boolean(e.soldOut)}
                        disabled={clearing(e.kind, e.idGlobal)}
                        onChange={(_, on) => (on ? setMarking(e) : putBack(e))}
                        slotProps={{ input: { 'aria-label': `Épuisé : ${e.name}` } }}
                        color="error"
                      />
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
        <Box sx={{ px: 3, py: 1.25, borderTop: 1, borderColor: 'divider' }}>
          <Typography variant="caption" sx={{ color: 'text.secondary' }}>
            {shown.length} élément{shown.length > 1 ? 's' : ''} sur {elements.length}
          </Typography>
        </Box>
      </Card>

      <Card component="section" aria-labelledby="soldout-title" sx={{ position: { lg: 'sticky' }, top: { lg: 90 } }}>
        <Stack direction="row" spacing={1} sx={{ px: 2.5, pt: 2.5, pb: 1.5, alignItems: 'center' }}>
          <RemoveShoppingCartOutlinedIcon sx={{ color: soldOut.length ? 'error.main' : 'text.secondary' }} />
          <Typography id="soldout-title" variant="h6" component="h2" sx={{ flex: 1 }}>
            Épuisés maintenant
          </Typography>
          <Chip size="small" label={soldOut.length} color={soldOut.length ? 'error' : 'default'} />
        </Stack>
        <Divider />
        {soldOut.length === 0 ? (
          <Stack spacing={1} sx={{ alignItems: 'center', textAlign: 'center', px: 3, py: 5 }}>
            <CheckCircleOutlineRoundedIcon sx={{ color: 'success.main', fontSize: 36 }} />
            <Typography variant="body2" sx={{ fontWeight: 500 }}>
              Tout est en vente.
            </Typography>
            <Typography variant="caption" sx={{ color: 'text.secondary' }}>
              Un élément épuisé revient en vente de lui-même à la fin de sa période.
            </Typography>
          </Stack>
        ) : (
          <Box component="ul" aria-label="Épuisés maintenant" sx={{ listStyle: 'none', m: 0, p: 0 }}>
            {soldOut.map((s) => (
              <Box component="li" key={`${s.kind}-${s.idGlobal}`} sx={{ px: 2.5, py: 1.5, borderBottom: 1, borderColor: 'divider', '&:last-child': { borderBottom: 0 } }}>
                <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
                  <Box sx={{ flex: 1, minWidth: 0 }}>
                    <Typography variant="body2" sx={{ fontWeight: 600 }} noWrap>
                      {s.name}
                    </Typography>
                    <Typography variant="caption" component="div" sx={{ color: 'text.secondary' }}>
                      {kindLabel(s.kind)} · {s.group}
                    </Typography>
                    <Typography variant="caption" component="div" sx={{ color: 'error.main' }}>
                      {soldOutText(s, data.timeZone)}
                    </Typography>
                    {s.setBy && (
                      <Typography variant="caption" component="div" sx={{ color: 'text.disabled' }}>
                        par {s.setBy}
                      </Typography>
                    )}
                  </Box>
                  <Button size="small" variant="outlined" loading={clearing(s.kind, s.idGlobal)} onClick={() => putBack(s)}>
                    Remettre en vente
                  </Button>
                </Stack>
              </Box>
            ))}
          </Box>
        )}
      </Card>

      {marking && (
        <SoldOutDialog
          restaurantId={restaurantId}
          element={marking}
          today={data.today}
          endOfToday={data.endOfToday}
          timeZone={data.timeZone}
          onClose={() => setMarking(null)}
        />
      )}
    </Box>
  );
}
