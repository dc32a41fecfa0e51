import { useEffect, useMemo, useState, type KeyboardEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Box,
  Button,
  Chip,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  InputAdornment,
  List,
  ListItemButton,
  ListItemText,
  ListSubheader,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Tooltip,
  Typography,
} from '@mui/material';
import CloseRoundedIcon from '@mui/icons-material/CloseRounded';
import CheckCircleRoundedIcon from '@mui/icons-material/CheckCircleRounded';
import UndoRoundedIcon from '@mui/icons-material/UndoRounded';
import SellOutlinedIcon from '@mui/icons-material/SellOutlined';
import { SearchBar } from '../../../components/SearchBar';
import { LoadingPanel } from '../../../components/LoadingPanel';
import { ErrorBlock } from '../../../components/ErrorBlock';
import { EmptyState } from '../../../components/EmptyState';
import { priceMutation, priceSaved, pricesQuery, type PriceLine, type PricedElement, type RestaurantRef } from '../queries';
import { centsText, formatCents, orderTypeLabel, parseCents, plural } from '../format';
import { currencySymbol } from '../../reports/format';
import { useRestaurantCurrency } from '../../reports/components/useCurrency';
import { normalise } from '../search';
import type { ApiError } from '../../../api/client';

type Kind = PricedElement['kind'];
const elementKey = (e: Pick<PricedElement, 'kind' | 'idGlobal'>) => `${e.kind}:${e.idGlobal}`;
const customisedCount = (e: PricedElement) => (e.prices ?? []).filter((l) => l.customCents !== undefined).length;

/** A restaurant's own prices: every product and option of its cartes, carte price beside its price. */
export function PricesDialog({ restaurant, onClose }: { restaurant: RestaurantRef | null; onClose: () => void }) {
  return (
    <Dialog
      open={restaurant !== null}
      onClose={onClose}
      fullWidth
      maxWidth="lg"
      aria-labelledby="prices-title"
      slotProps={{ paper: { sx: { height: { md: '88vh' } } } }}
    >
      <DialogTitle id="prices-title" sx={{ pr: 7 }}>
        Prix personnalisés{restaurant ? ` — ${restaurant.nom}` : ''}
        <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5 }}>
          Un prix laissé vide suit la carte. Chaque prix s’enregistre dès que vous quittez le champ, et part aux bornes au prochain déploiement.
        </Typography>
        <IconButton aria-label="Fermer" onClick={onClose} sx={{ position: 'absolute', right: 12, top: 12 }}>
          <CloseRoundedIcon />
        </IconButton>
      </DialogTitle>
      <DialogContent dividers sx={{ p: 0, display: 'flex', minHeight: 0 }}>
        {restaurant && <PricesEditor restaurantId={restaurant.id} />}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Fermer</Button>
      </DialogActions>
    </Dialog>
  );
}

export function PricesEditor({ restaurantId }: { restaurantId: number }) {
  const list = useQuery(pricesQuery(restaurantId));
  const [kind, setKind] = useState<Kind>('product');
  const [query, setQuery] = useState('');
  const [selected, setSelected] = useState<string | null>(null);

  const elements = useMemo(() => list.data ?? [], [list.data]);
  const groups = useMemo(() => {
    const q = normalise(query);
    const m = new Map<string, PricedElement[]>();
    for (const e of elements) {
      if (e.kind !== kind) continue;
      if (q && !normalise(e.name).includes(q) && !normalise(e.group).includes(q)) continue;
      const g = e.group || (kind === 'product' ? 'Sans catégorie' : 'Sans groupe');
      m.set(g, [...(m.get(g) ?? []), e]);
    }
    return [...m.entries()];
  }, [elements, kind, query]);
  const flat = groups.flatMap(([, es]) => es);
  const current = flat.find((e) => elementKey(e) === selected) ?? flat[0];
  const counts = { product: elements.filter((e) => e.kind === 'product').length, option: elements.filter((e) => e.kind === 'option').length };

  if (list.isPending) return <LoadingPanel minHeight={360} />;
  if (list.isError)
    return (
      <Box sx={{ p: 3, flex: 1 }}>
        <ErrorBlock onRetry={() => void list.refetch()} retrying={list.isFetching} />
      </Box>
    );
  if (elements.length === 0)
    return (
      <Box sx={{ flex: 1 }}>
        <EmptyState icon={<SellOutlinedIcon />} title="Aucun prix" message="Les cartes de ce restaurant n’ont encore aucun produit ni option." />
      </Box>
    );

  return (
    <Box sx={{ display: 'flex', flex: 1, minHeight: 0, flexDirection: { xs: 'column', md: 'row' } }}>
      <Box sx={{ width: { md: 340 }, flexShrink: 0, borderRight: { md: 1 }, borderColor: { md: 'divider' }, display: 'flex', flexDirection: 'column', minHeight: 0 }}>
        <Stack spacing={1.5} sx={{ p: 2 }}>
          <ToggleButtonGroup
            exclusive
            fullWidth
            size="small"
            value={kind}
            onChange={(_, v: Kind | null) => {
              if (v) {
                setKind(v);
                setSelected(null);
              }
            }}
            aria-label="Type d’élément"
          >
            <ToggleButton value="product">Produits ({counts.product})</ToggleButton>
            <ToggleButton value="option">Options ({counts.option})</ToggleButton>
          </ToggleButtonGroup>
          <SearchBar thing={kind === 'product' ? 'un produit' : 'une option'} value={query} onChange={setQuery} />
        </Stack>
        <List dense aria-label={kind === 'product' ? 'Produits' : 'Options'} sx={{ overflowY: 'auto', flex: 1, pt: 0, maxHeight: { xs: 260, md: 'none' } }}>
          {groups.length === 0 && (
            <Typography variant="body2" sx={{ px: 2, py: 3, color: 'text.secondary' }}>
              Aucun données à afficher.
            </Typography>
          )}
          {groups.map(([group, es]) => (
            <li key={group}>
              <ul style={{ padding: 0 }}>
                <ListSubheader sx={{ lineHeight: '32px', fontWeight: 700, fontSize: '0.72rem', textTransform: 'uppercase', letterSpacing: '0.04em' }}>
                  {group}
                </ListSubheader>
                {es.map((e) => {
                  const n = customisedCount(e);
                  return (
                    <ListItemButton key={elementKey(e)} selected={current && elementKey(current) === elementKey(e)} onClick={() => setSelected(elementKey(e))} sx={{ pl: 2.5 }}>
                      <ListItemText primary={e.name} slotProps={{ primary: { noWrap: true } }} />
                      {n > 0 && <Chip size="small" color="primary" label={n} aria-label={`${plural(n, 'prix personnalisé', 'prix personnalisés')}`} sx={{ height: 20, ml: 1 }} />}
                    </ListItemButton>
                  );
                })}
              </ul>
            </li>
          ))}
        </List>
      </Box>
      <Box sx={{ flex: 1, minWidth: 0, overflowY: 'auto', p: { xs: 2, md: 3 } }}>
        {current ? <ElementPrices key={elementKey(current)} restaurantId={restaurantId} element={current} /> : <EmptyState />}
      </Box>
    </Box>
  );
}

function sortLines(lines: PriceLine[]): PriceLine[] {
  return [...lines].sort((a, b) => a.size - b.size || a.tariff - b.tariff || a.typeOrder - b.typeOrder);
}

function ElementPrices({ restaurantId, element }: { restaurantId: number; element: PricedElement }) {
  const lines = sortLines(element.prices ?? []);
  const sized = lines.some((l) => l.size > 0);
  const n = customisedCount(element);
  return (
    <Stack spacing={2}>
      <Box>
        <Typography variant="overline" sx={{ color: 'text.secondary' }}>
          {element.kind === 'product' ? 'Produit' : 'Option'} · {element.group || '—'}
        </Typography>
        <Typography variant="h6" component="h3">
          {element.name}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {n === 0 ? 'Tous les prix suivent la carte.' : `${plural(n, 'prix personnalisé', 'prix personnalisés')} pour ce restaurant.`}
        </Typography>
      </Box>
      <TableContainer sx={{ border: 1, borderColor: 'divider', borderRadius: 2 }}>
        <Table size="small" aria-label={`Prix de ${element.name}`}>
          <TableHead>
            <TableRow>
              <TableCell>Tarif</TableCell>
              <TableCell>Type de commande</TableCell>
              {sized && <TableCell>Taille</TableCell>}
              <TableCell align="right">Prix de la carte</TableCell>
              <TableCell sx={{ width: 300 }}>Prix du restaurant</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {lines.map((l) => (
              <PriceRow key={`${l.tariff}-${l.typeOrder}-${l.size}`} restaurantId={restaurantId} element={element} line={l} sized={sized} />
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </Stack>
  );
}

type RowState = { kind: 'idle' } | { kind: 'saved' } | { kind: 'error'; message: string };

/** The problem's French detail belongs on the field; a bare field error is the fallback. */
function fieldError(error: ApiError): string {
  return error.detail || error.errors.find((e) => (e.location ?? '').includes('price'))?.message || 'Une erreur est survenue';
}

function PriceRow({ restaurantId, element, line, sized }: { restaurantId: number; element: PricedElement; line: PriceLine; sized: boolean }) {
  const client = useQueryClient();
  // A restaurant's prices are in its own currency (a Geneva restaurant's in CHF).
  const currency = useRestaurantCurrency(restaurantId);
  const custom = line.customCents;
  const [text, setText] = useState(custom === undefined ? '' : centsText(custom));
  const [dirty, setDirty] = useState(false);
  const [state, setState] = useState<RowState>({ kind: 'idle' });
  const save = useMutation({
    ...priceMutation(),
    onSuccess: (_, vars) => {
      priceSaved(client, vars);
      setDirty(false);
      setState({ kind: 'saved' });
    },
    onError: (error) => setState({ kind: 'error', message: fieldError(error) }),
  });

  // Someone else changed this price (or it was reset): follow, unless the user is typing here.
  useEffect(() => {
    if (!dirty) setText(custom === undefined ? '' : centsText(custom));
  }, [custom, dirty]);

  const target = { kind: element.kind, idGlobal: element.idGlobal, tariff: line.tariff, typeOrder: line.typeOrder, size: line.size };
  const label = `Prix du restaurant, tarif ${line.tariff}, ${orderTypeLabel(line.typeOrder)}${line.size > 0 ? `, ${line.sizeLabel || `taille ${line.size}`}` : ''}`;

  const commit = () => {
    if (!dirty) return;
    const cents = parseCents(text);
    if (cents !== null && Number.isNaN(cents)) {
      setState({ kind: 'error', message: 'Saisissez un prix positif, par exemple 12,90.' });
      return;
    }
    if (cents === null) {
      if (custom === undefined) {
        setDirty(false);
        return;
      }
      save.mutate({ restaurantId, line: target, priceCents: null });
      return;
    }
    if (cents === custom) {
      setDirty(false);
      setText(centsText(cents));
      return;
    }
    save.mutate({ restaurantId, line: target, priceCents: cents });
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      commit();
    } else if (e.key === 'Escape' && dirty) {
      e.stopPropagation();
      setDirty(false);
      setState({ kind: 'idle' });
      setText(custom === undefined ? '' : centsText(custom));
    }
  };

  const differs = custom !== undefined && custom !== line.carteCents;
  return (
    <TableRow sx={{ '&:last-child td': { borderBottom: 0 } }}>
      <TableCell>Tarif {line.tariff}</TableCell>
      <TableCell>{orderTypeLabel(line.typeOrder)}</TableCell>
      {sized && <TableCell>{line.size > 0 ? line.sizeLabel || `Taille ${line.size}` : '—'}</TableCell>}
      <TableCell align="right" sx={{ whiteSpace: 'nowrap', color: differs ? 'text.secondary' : 'text.primary', textDecoration: differs ? 'line-through' : 'none' }}>
        {formatCents(line.carteCents, currency)}
      </TableCell>
      <TableCell>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
          <TextField
            size="small"
            value={text}
            placeholder={centsText(line.carteCents)}
            onChange={(e) => {
              setText(e.target.value);
              setDirty(true);
              if (state.kind !== 'idle') setState({ kind: 'idle' });
            }}
            onBlur={commit}
            onKeyDown={onKeyDown}
            disabled={save.isPending}
            error={state.kind === 'error'}
            helperText={state.kind === 'error' ? state.message : undefined}
            slotProps={{
              htmlInput: { inputMode: 'decimal', 'aria-label': label },
              input: {
                endAdornment: (
                  <InputAdornment position="end">
                    {save.isPending ? <CircularProgress size={14} /> : state.kind === 'saved' ? <CheckCircleRoundedIcon fontSize="small" color="success" aria-label="Enregistré" /> : currencySymbol(currency)}
                  </InputAdornment>
                ),
              },
              formHelperText: { sx: { mx: 0.5 } },
            }}
            sx={{
              width: 150,
              '& input': { textAlign: 'right', fontWeight: custom !== undefined ? 600 : 400 },
              '& .MuiOutlinedInput-root:not(.Mui-error) .MuiOutlinedInput-notchedOutline': custom !== undefined ? { borderColor: 'primary.main' } : undefined,
            }}
          />
          {custom !== undefined ? (
            <Tooltip title="Revenir au prix de la carte">
              <span>
                <IconButton
                  size="small"
                  aria-label={`Revenir au prix de la carte (${label})`}
                  disabled={save.isPending}
                  onClick={() => {
                    setDirty(false);
                    save.mutate({ restaurantId, line: target, priceCents: null });
                  }}
                  sx={{ mt: 0.5 }}
                >
                  <UndoRoundedIcon fontSize="small" />
                </IconButton>
              </span>
            </Tooltip>
          ) : (
            <Box sx={{ width: 34 }} />
          )}
          {custom !== undefined && <Chip size="small" color="primary" variant="outlined" label="Personnalisé" sx={{ mt: 0.75 }} />}
        </Stack>
      </TableCell>
    </TableRow>
  );
}
