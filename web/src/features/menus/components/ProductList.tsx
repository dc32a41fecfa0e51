import { memo, useMemo, useState } from 'react';
import { Avatar, Box, Button, Checkbox, List, ListItem, ListItemButton, ListItemText, Stack, Typography } from '@mui/material';
import FastfoodOutlinedIcon from '@mui/icons-material/FastfoodOutlined';
import DeleteOutlineRoundedIcon from '@mui/icons-material/DeleteOutlineRounded';
import AddRoundedIcon from '@mui/icons-material/AddRounded';
import { SearchBar } from '../../../components/SearchBar';
import type { MenuProduct } from '../documentTypes';
import { formatPrice } from '../format';
import { useFranchiseCurrency } from '../../reports/components/useCurrency';
import { useImageUrl } from '../productImages';
import { useRowWindow } from '../../../components/useRowWindow';

const ROW_HEIGHT = 64;

/** The product's picture, fetched only while its row is rendered. */
const ProductThumb = memo(function ProductThumb({ path }: { path: string }) {
  const { url } = useImageUrl('products', path);
  return (
    <Avatar variant="rounded" src={url ?? undefined} alt="" sx={{ width: 40, height: 40, mr: 1.5, bgcolor: 'action.hover', color: 'text.secondary' }}>
      <FastfoodOutlinedIcon fontSize="small" />
    </Avatar>
  );
});

function normalise(text: string): string {
  return text.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLowerCase().trim();
}

function basePrice(p: MenuProduct): unknown {
  return (p.prices ?? []).find((e) => e.tariff === 1 && e.type_order === 1)?.price ?? p.price ?? 0;
}

export interface ProductListProps {
  products: readonly MenuProduct[];
  selected: string | null;
  checked: ReadonlySet<string>;
  canEdit: boolean;
  onSelect: (idGlobal: string) => void;
  onCheck: (next: ReadonlySet<string>) => void;
  onAdd: () => void;
  onDelete: () => void;
}

/** The selected category's products: search, multi-select and bulk delete. */
export const ProductList = memo(function ProductList({ products, selected, checked, canEdit, onSelect, onCheck, onAdd, onDelete }: ProductListProps) {
  const [query, setQuery] = useState('');
  const currency = useFranchiseCurrency();
  const visible = useMemo(() => {
    const q = normalise(query);
    return q ? products.filter((p) => normalise(`${p.name} ${p.description ?? ''}`).includes(q)) : products;
  }, [products, query]);
  const rows = useRowWindow(visible.length, ROW_HEIGHT, 0);
  const chosen = products.filter((p) => checked.has(p.idGlobal)).length;
  const allChecked = visible.length > 0 && visible.every((p) => checked.has(p.idGlobal));

  const toggle = (id: string, on: boolean) => {
    const next = new Set(checked);
    if (on) next.add(id);
    else next.delete(id);
    onCheck(next);
  };

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0 }}>
      <Stack spacing={1.5} sx={{ p: 2, pb: 1 }}>
        <SearchBar thing="un produit" value={query} onChange={setQuery} />
        {canEdit && (
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <Checkbox
              size="small"
              checked={allChecked}
              indeterminate={chosen > 0 && !allChecked}
              disabled={visible.length === 0}
              onChange={(e) => onCheck(e.target.checked ? new Set([...checked, ...visible.map((p) => p.idGlobal)]) : new Set())}
              slotProps={{ input: { 'aria-label': 'Sélectionner tous les produits' } }}
              sx={{ ml: -0.5 }}
            />
            <Box sx={{ flex: 1 }} />
            {chosen > 0 ? (
              <Button size="small" color="error" startIcon={<DeleteOutlineRoundedIcon />} onClick={onDelete}>
                Supprimer ({chosen})
              </Button>
            ) : (
              <Button size="small" startIcon={<AddRoundedIcon />} onClick={onAdd}>
                Ajouter un produit
              </Button>
            )}
          </Stack>
        )}
      </Stack>
      <Box ref={rows.ref} onScroll={rows.onScroll} sx={{ flex: 1, overflowY: 'auto', minHeight: 0 }}>
        {visible.length === 0 ? (
          <Typography variant="body2" sx={{ color: 'text.secondary', textAlign: 'center', py: 6, px: 2 }}>
            {products.length === 0 ? 'Aucun produit dans cette catégorie.' : 'Aucun produit ne correspond à la recherche.'}
          </Typography>
        ) : (
          <List aria-label="Produits" disablePadding sx={{ pt: `${rows.padTop}px`, pb: `${rows.padBottom}px` }}>
            {visible.slice(rows.start, rows.end).map((p) => (
              <ListItem key={p.idGlobal} disablePadding sx={{ pl: canEdit ? 1 : 0, height: ROW_HEIGHT }}>
                {canEdit && (
                  <Checkbox
                    size="small"
                    checked={checked.has(p.idGlobal)}
                    onChange={(e) => toggle(p.idGlobal, e.target.checked)}
                    slotProps={{ input: { 'aria-label': `Sélectionner ${p.name}` } }}
                  />
                )}
                <ListItemButton selected={selected === p.idGlobal} onClick={() => onSelect(p.idGlobal)} sx={{ py: 0.75, borderRadius: 2, mr: 1, height: ROW_HEIGHT - 4 }}>
                  {p.path ? <ProductThumb path={String(p.path)} /> : <Avatar variant="rounded" sx={{ width: 40, height: 40, mr: 1.5, bgcolor: 'action.hover', color: 'text.secondary' }}><FastfoodOutlinedIcon fontSize="small" /></Avatar>}
                  <ListItemText
                    primary={p.name || 'Sans nom'}
                    secondary={p.description || undefined}
                    slotProps={{
                      primary: { noWrap: true, sx: { fontWeight: 500, fontSize: '0.875rem' } },
                      secondary: { noWrap: true, sx: { fontSize: '0.75rem' } },
                    }}
                  />
                  <Typography variant="body2" sx={{ fontVariantNumeric: 'tabular-nums', fontWeight: 600, ml: 1.5, flexShrink: 0 }}>
                    {formatPrice(basePrice(p), currency)}
                  </Typography>
                </ListItemButton>
              </ListItem>
            ))}
          </List>
        )}
      </Box>
    </Box>
  );
});
