import { useCallback, useMemo, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Box,
  Button,
  Card,
  Checkbox,
  ListItemText,
  MenuItem,
  Skeleton,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { alpha } from '@mui/material/styles';
import EuroRoundedIcon from '@mui/icons-material/EuroRounded';
import FlagOutlinedIcon from '@mui/icons-material/FlagOutlined';
import SelectAllRoundedIcon from '@mui/icons-material/SelectAllRounded';
import CloseRoundedIcon from '@mui/icons-material/CloseRounded';
import Inventory2OutlinedIcon from '@mui/icons-material/Inventory2Outlined';
import { ApiError, errorMessage } from '../../../api/client';
import { PageHeader } from '../../../components/PageHeader';
import { SearchBar } from '../../../components/SearchBar';
import { ErrorBlock } from '../../../components/ErrorBlock';
import { EmptyState } from '../../../components/EmptyState';
import { useToast } from '../../../components/Toast';
import { TARIFFS } from '../documentTypes';
import {
  applyPrice,
  categoriesOf,
  DEFAULT_FLAG_COLUMNS,
  filterProducts,
  flagBody,
  flagLabel,
  groupTargets,
  parseAmount,
  priceBody,
  priceOf,
  productKey,
  singlePriceBody,
  type PriceChange,
} from '../catalogue';
import { parsePriceText } from '../format';
import { bulkProductsMutation, catalogueQuery, menuKeys, productsChanged } from '../queries';
import type { BulkResult, Catalogue, CatalogueProduct } from '../types';
import { useCanEdit } from '../useCanEdit';
import { ProductsTable } from '../components/products-table/ProductsTable';
import { BulkPriceDialog } from '../components/products-table/BulkPriceDialog';
import { BulkFlagsDialog } from '../components/products-table/BulkFlagsDialog';

export const READ_ONLY_NOTE = "Consultation seule : seul l'administrateur de la franchise modifie les prix et les indicateurs.";

const changedCount = (result: BulkResult) => (result.campaigns ?? []).reduce((n, c) => n + c.changed, 0);

/** The cached catalogue after a save: the cartes' new versions (so the next edit is not a conflict) and the edited values. */
function patchCatalogue(
  data: Catalogue | undefined,
  result: BulkResult,
  edit: (p: CatalogueProduct) => CatalogueProduct,
  keys: ReadonlySet<string>,
): Catalogue | undefined {
  if (!data) return data;
  const versions = new Map((result.campaigns ?? []).map((c) => [c.campaignId, c.version]));
  return {
    ...data,
    campaigns: (data.campaigns ?? []).map((c) => (versions.has(c.id) ? { ...c, version: versions.get(c.id) ?? c.version } : c)),
    items: (data.items ?? []).map((p) => (keys.has(productKey(p)) ? edit(p) : p)),
  };
}

function withPrice(p: CatalogueProduct, tariff: number, typeOrder: number, price: number): CatalogueProduct {
  const prices = p.prices ?? [];
  const known = prices.some((e) => e.tariff === tariff && e.typeOrder === typeOrder);
  return {
    ...p,
    prices: known ? prices.map((e) => (e.tariff === tariff && e.typeOrder === typeOrder ? { ...e, price } : e)) : [...prices, { tariff, typeOrder, price }],
  };
}

/** 'Mes Produits': every product of every carte, with inline and bulk edits of prices and flags. */
export function MesProduitsPage() {
  const client = useQueryClient();
  const toast = useToast();
  const canEdit = useCanEdit();
  const catalogue = useQuery(catalogueQuery());
  // The dialogs' saves, and the table's one-cell saves (several may run at once).
  const bulk = useMutation(bulkProductsMutation());
  const { mutateAsync } = useMutation(bulkProductsMutation());
  const { reset } = bulk;

  const [query, setQuery] = useState('');
  const [campaignId, setCampaignId] = useState(0);
  const [category, setCategory] = useState('');
  const [tariff, setTariff] = useState(1);
  const [flagColumns, setFlagColumns] = useState<string[]>([...DEFAULT_FLAG_COLUMNS]);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [dialog, setDialog] = useState<'prices' | 'flags' | null>(null);
  const [conflict, setConflict] = useState<string | null>(null);

  const campaigns = useMemo(() => catalogue.data?.campaigns ?? [], [catalogue.data]);
  const items = useMemo(() => catalogue.data?.items ?? [], [catalogue.data]);
  const flagNames = useMemo(() => catalogue.data?.flagNames ?? [], [catalogue.data]);
  // The chosen flag columns the server knows, in its display order.
  const shownFlags = useMemo(() => flagNames.filter((f) => flagColumns.includes(f)), [flagNames, flagColumns]);
  const campaignNames = useMemo(() => new Map(campaigns.map((c) => [c.id, c.nom])), [campaigns]);
  const categories = useMemo(() => categoriesOf(items, campaignId), [items, campaignId]);
  const rows = useMemo(() => filterProducts(items, { query, campaignId, category }), [items, query, campaignId, category]);
  const selection = useMemo(() => items.filter((p) => selected.has(productKey(p))), [items, selected]);

  const reload = useCallback(() => {
    setConflict(null);
    reset();
    void client.invalidateQueries({ queryKey: menuKeys.products() });
  }, [reset, client]);

  /** Reports a failed save: a conflict gets the banner with 'Recharger', everything else a toast. */
  const failed = useCallback(
    (error: unknown) => {
      if (error instanceof ApiError && error.status === 409) setConflict(error.detail);
      const messages = error instanceof ApiError && error.errors.length > 0 ? error.errors.map((e) => e.message).filter(Boolean) : [errorMessage(error)];
      toast.error(messages.join(' '));
    },
    [toast],
  );

  const saved = useCallback(
    (result: BulkResult, products: readonly CatalogueProduct[], edit: (p: CatalogueProduct) => CatalogueProduct) => {
      const keys = new Set(products.map(productKey));
      client.setQueryData<Catalogue>(menuKeys.products(), (data) => patchCatalogue(data, result, edit, keys));
      productsChanged(client);
    },
    [client],
  );

  const onSavePrice = useCallback(
    async (product: CatalogueProduct, typeOrder: number, text: string) => {
      try {
        const result = await mutateAsync(singlePriceBody(product, campaigns, tariff, typeOrder, text));
        saved(result, [product], (p) => withPrice(p, tariff, typeOrder, parsePriceText(text)));
        return true;
      } catch (error) {
        failed(error);
        return false;
      }
    },
    [mutateAsync, campaigns, tariff, saved, failed],
  );

  const onToggleFlag = useCallback(
    async (product: CatalogueProduct, flag: string, on: boolean) => {
      try {
        const result = await mutateAsync(flagBody([product], campaigns, flag, on));
        saved(result, [product], (p) => ({ ...p, flags: { ...p.flags, [flag]: on } }));
        return true;
      } catch (error) {
        failed(error);
        return false;
      }
    },
    [mutateAsync, campaigns, saved, failed],
  );

  const applyPrices = (change: PriceChange) => {
    bulk.mutate(priceBody(selection, campaigns, change), {
      onSuccess: (result) => {
        const value = parseAmount(change.value);
        saved(result, selection, (p) => {
          let next = p;
          for (const t of change.tariffs) for (const o of change.orderTypes) next = withPrice(next, t, o, applyPrice(priceOf(p, t, o), change.mode, value));
          return next;
        });
        toast.success(`${changedCount(result)} produit(s) modifié(s).`);
        setDialog(null);
        reset();
      },
      onError: (error) => {
        if (error.status === 409) setConflict(error.detail);
      },
    });
  };

  const applyFlags = (flags: Record<string, boolean>) => {
    bulk.mutate(
      { targets: groupTargets(selection, campaigns), flags },
      {
        onSuccess: (result) => {
          saved(result, selection, (p) => ({ ...p, flags: { ...p.flags, ...flags } }));
          toast.success(`${changedCount(result)} produit(s) modifié(s).`);
          setDialog(null);
          reset();
        },
        onError: (error) => {
          if (error.status === 409) setConflict(error.detail);
        },
      },
    );
  };

  const onSelect = useCallback((key: string, on: boolean) => {
    setSelected((s) => {
      const next = new Set(s);
      if (on) next.add(key);
      else next.delete(key);
      return next;
    });
  }, []);
  const selectAll = useCallback(
    (on: boolean) =>
      setSelected((s) => {
        const next = new Set(s);
        for (const p of rows) {
          if (on) next.add(productKey(p));
          else next.delete(productKey(p));
        }
        return next;
      }),
    [rows],
  );

  const closeDialog = () => {
    setDialog(null);
    reset();
  };
  const dialogError = dialog && bulk.error instanceof ApiError ? bulk.error : null;

  return (
    <PageHeader
      title="Mes Produits"
      subtitle="Tous les produits de vos cartes : modifiez un prix ou un indicateur d’un clic, ou toute une sélection en une fois."
      breadcrumbs={[{ label: 'Accueil', to: '/' }, { label: 'Cartes' }, { label: 'Mes Produits' }]}
    >
      {!canEdit && <Alert severity="info">{READ_ONLY_NOTE}</Alert>}
      {conflict && (
        <Alert
          severity="warning"
          action={
            <Button color="inherit" size="small" onClick={reload}>
              Recharger
            </Button>
          }
        >
          {conflict}
        </Alert>
      )}
      <Card>
        <Stack direction={{ xs: 'column', lg: 'row' }} spacing={2} sx={{ px: 3, py: 2.5, alignItems: { lg: 'center' } }}>
          <Box sx={{ width: { xs: '100%', lg: 300 } }}>
            <SearchBar thing="un produit" value={query} onChange={setQuery} />
          </Box>
          <TextField
            select
            size="small"
            label="Carte"
            value={campaignId}
            onChange={(e) => {
              setCampaignId(Number(e.target.value));
              setCategory('');
            }}
            sx={{ minWidth: 190 }}
          >
            <MenuItem value={0}>Toutes les cartes</MenuItem>
            {campaigns.map((c) => (
              <MenuItem key={c.id} value={c.id}>
                {c.nom}
                {c.removed ? ' (désactivée)' : ''}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            size="small"
            label="Catégorie"
            value={category}
            onChange={(e) => setCategory(e.target.value)}
            sx={{ minWidth: 190 }}
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          >
            <MenuItem value="">Toutes les catégories</MenuItem>
            {categories.map((c) => (
              <MenuItem key={c} value={c}>
                {c}
              </MenuItem>
            ))}
          </TextField>
          <TextField select size="small" label="Tarif" value={tariff} onChange={(e) => setTariff(Number(e.target.value))} sx={{ minWidth: 96 }}>
            {TARIFFS.map((t) => (
              <MenuItem key={t} value={t}>
                T{t}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            size="small"
            label="Indicateurs affichés"
            value={shownFlags}
            onChange={(e) => {
              const v = e.target.value as unknown;
              const chosen = typeof v === 'string' ? v.split(',') : (v as string[]);
              // Keep the server's display order.
              setFlagColumns(flagNames.filter((f) => chosen.includes(f)));
            }}
            sx={{ minWidth: 210, maxWidth: 260 }}
            slotProps={{
              select: {
                multiple: true,
                renderValue: (v) => {
                  const list = v as string[];
                  return list.length === 0 ? 'Aucun' : list.map(flagLabel).join(', ');
                },
              },
            }}
          >
            {flagNames.map((f) => (
              <MenuItem key={f} value={f} dense>
                <Checkbox size="small" checked={flagColumns.includes(f)} sx={{ p: 0.5, mr: 1 }} />
                <ListItemText primary={flagLabel(f)} />
              </MenuItem>
            ))}
          </TextField>
          <Box sx={{ flex: 1 }} />
          <Typography variant="body2" sx={{ color: 'text.secondary', whiteSpace: 'nowrap' }}>
            {catalogue.isSuccess ? `${rows.length} produit${rows.length > 1 ? 's' : ''}${rows.length !== items.length ? ` sur ${items.length}` : ''}` : ' '}
          </Typography>
        </Stack>

        {canEdit && catalogue.isSuccess && (
          <Stack
            direction="row"
            spacing={1}
            role="toolbar"
            aria-label="Actions sur la sélection"
            sx={(theme) => ({
              px: 3,
              py: 1,
              minHeight: 52,
              alignItems: 'center',
              flexWrap: 'wrap',
              borderTop: 1,
              borderColor: 'divider',
              backgroundColor: selection.length > 0 ? alpha(theme.palette.primary.main, 0.06) : 'transparent',
            })}
          >
            {selection.length > 0 ? (
              <>
                <Typography variant="body2" sx={{ fontWeight: 600, mr: 1 }}>
                  {selection.length} produit(s) sélectionné(s)
                </Typography>
                <Button size="small" variant="contained" startIcon={<EuroRoundedIcon />} onClick={() => setDialog('prices')}>
                  Modifier les prix
                </Button>
                <Button size="small" variant="outlined" startIcon={<FlagOutlinedIcon />} onClick={() => setDialog('flags')}>
                  Indicateurs
                </Button>
                <Button size="small" color="inherit" startIcon={<CloseRoundedIcon />} onClick={() => setSelected(new Set())}>
                  Désélectionner
                </Button>
              </>
            ) : (
              <Typography variant="body2" sx={{ color: 'text.secondary', mr: 1 }}>
                Cochez des produits pour modifier leurs prix ou indicateurs en une fois.
              </Typography>
            )}
            <Box sx={{ flex: 1 }} />
            <Button size="small" startIcon={<SelectAllRoundedIcon />} disabled={rows.length === 0} onClick={() => selectAll(true)}>
              Selectionner tous
            </Button>
          </Stack>
        )}

        {catalogue.isPending ? (
          <Box aria-busy="true" aria-label="Chargement des produits" sx={{ px: 3, pb: 3 }}>
            {Array.from({ length: 10 }, (_, i) => (
              <Skeleton key={i} variant="rounded" height={32} sx={{ my: 1 }} />
            ))}
          </Box>
        ) : catalogue.isError ? (
          <Box sx={{ px: 3, pb: 3 }}>
            <ErrorBlock onRetry={() => void catalogue.refetch()} retrying={catalogue.isFetching} />
          </Box>
        ) : rows.length === 0 ? (
          <EmptyState icon={<Inventory2OutlinedIcon />} />
        ) : (
          <ProductsTable
            rows={rows}
            tariff={tariff}
            flagColumns={shownFlags}
            campaignNames={campaignNames}
            selected={selected}
            canEdit={canEdit}
            onSelect={onSelect}
            onSelectAll={selectAll}
            onSavePrice={onSavePrice}
            onToggleFlag={onToggleFlag}
          />
        )}
      </Card>

      <BulkPriceDialog
        open={dialog === 'prices'}
        products={selection}
        tariff={tariff}
        pending={bulk.isPending}
        error={dialog === 'prices' ? dialogError : null}
        onCancel={closeDialog}
        onReload={() => {
          closeDialog();
          reload();
        }}
        onApply={applyPrices}
      />
      <BulkFlagsDialog
        open={dialog === 'flags'}
        count={selection.length}
        flagNames={flagNames}
        pending={bulk.isPending}
        error={dialog === 'flags' ? dialogError : null}
        onCancel={closeDialog}
        onReload={() => {
          closeDialog();
          reload();
        }}
        onApply={applyFlags}
      />
    </PageHeader>
  );
}
