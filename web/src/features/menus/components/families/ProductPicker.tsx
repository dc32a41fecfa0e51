import { memo, useCallback, useDeferredValue, useMemo, useState } from 'react';
import {
  Box,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  List,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  ListSubheader,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { SearchBar } from '../../../../components/SearchBar';
import { isActive, type MenuCategory, type MenuDocument, type MenuProduct } from '../../documentTypes';

/** An active product with the label of its category ('Burgers › Classiques'), in carte order. */
export interface PickableProduct {
  id: number;
  name: string;
  idCat: number;
  category: string;
  search: string;
}

function normalise(text: string): string {
  return text.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLowerCase().trim();
}

/** The active categories depth first (each followed by its sub-categories), with their full label. */
export function categoryOrder(categories: readonly MenuCategory[]): { idCat: number; label: string }[] {
  const active = categories.filter(isActive);
  const out: { idCat: number; label: string }[] = [];
  const walk = (parent: number, prefix: string, depth: number) => {
    if (depth > 8) return;
    for (const c of active.filter((x) => x.parent_id === parent).sort((a, b) => a.position - b.position)) {
      const label = prefix ? `${prefix} › ${c.name}` : c.name;
      out.push({ idCat: c.idCat, label });
      walk(c.idCat, label, depth + 1);
    }
  };
  walk(-1, '', 0);
  return out;
}

/** Every active product the pickers offer, grouped by category in carte order. */
export function pickableProducts(doc: MenuDocument): PickableProduct[] {
  const order = categoryOrder(doc.categories);
  const rank = new Map(order.map((c, i) => [c.idCat, i]));
  const label = new Map(order.map((c) => [c.idCat, c.label]));
  return doc.items
    .filter(isActive)
    .map((p: MenuProduct) => ({ p, r: rank.get(p.idCat) ?? order.length }))
    .sort((a, b) => a.r - b.r || a.p.position - b.p.position)
    .map(({ p }) => {
      const category = label.get(p.idCat) ?? 'Sans catégorie';
      return { id: p.id, name: p.name, idCat: p.idCat, category, search: normalise(`${p.name} ${p.alias_product ?? ''}`) };
    });
}

export interface ProductPickerProps {
  open: boolean;
  title: string;
  products: readonly PickableProduct[];
  /** Checked when the dialog opens. */
  initial: readonly number[];
  /** Shown checked and locked (e.g. already in the family). */
  locked?: ReadonlySet<number>;
  confirmLabel: string;
  onClose: () => void;
  onConfirm: (ids: number[]) => void;
}

/** A searchable, multi-select product list by category; mounts its state only while open. */
export function ProductPicker(props: ProductPickerProps) {
  return (
    <Dialog open={props.open} onClose={props.onClose} fullWidth maxWidth="sm" aria-labelledby="product-picker-title">
      {props.open && <PickerBody {...props} />}
    </Dialog>
  );
}

const ALL = 'all';

function PickerBody({ title, products, initial, locked, confirmLabel, onClose, onConfirm }: ProductPickerProps) {
  const [chosen, setChosen] = useState<ReadonlySet<number>>(() => new Set(initial));
  const [query, setQuery] = useState('');
  const [category, setCategory] = useState<string>(ALL);
  const deferred = useDeferredValue(query);

  const categories = useMemo(() => {
    const seen = new Map<number, string>();
    for (const p of products) if (!seen.has(p.idCat)) seen.set(p.idCat, p.category);
    return [...seen].map(([idCat, label]) => ({ value: String(idCat), label }));
  }, [products]);

  const groups = useMemo(() => {
    const q = normalise(deferred);
    const out: { label: string; items: PickableProduct[] }[] = [];
    for (const p of products) {
      if (category !== ALL && String(p.idCat) !== category) continue;
      if (q && !p.search.includes(q)) continue;
      const last = out[out.length - 1];
      if (last && last.label === p.category) last.items.push(p);
      else out.push({ label: p.category, items: [p] });
    }
    return out;
  }, [products, deferred, category]);

  const toggle = useCallback((id: number) => {
    setChosen((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  }, []);

  const visibleIds = groups.flatMap((g) => g.items.map((p) => p.id)).filter((id) => !locked?.has(id));
  const allVisible = visibleIds.length > 0 && visibleIds.every((id) => chosen.has(id));
  const toggleVisible = () =>
    setChosen((prev) => {
      const next = new Set(prev);
      for (const id of visibleIds) {
        if (allVisible) next.delete(id);
        else next.add(id);
      }
      return next;
    });

  const count = [...chosen].filter((id) => !locked?.has(id)).length;

  return (
    <>
      <DialogTitle id="product-picker-title">{title}</DialogTitle>
      <DialogContent dividers sx={{ p: 0, display: 'flex', flexDirection: 'column', height: 'min(70vh, 640px)' }}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ p: 2, pb: 1 }}>
          <SearchBar thing="un produit" value={query} onChange={setQuery} autoFocus />
          <TextField
            select
            size="small"
            label="Catégorie"
            value={category}
            onChange={(e) => setCategory(e.target.value)}
            sx={{ minWidth: { sm: 220 } }}
          >
            <MenuItem value={ALL}>Toutes les catégories</MenuItem>
            {categories.map((c) => (
              <MenuItem key={c.value} value={c.value}>
                {c.label}
              </MenuItem>
            ))}
          </TextField>
        </Stack>
        <Stack direction="row" sx={{ alignItems: 'center', px: 2, pb: 1 }}>
          <Typography variant="caption" sx={{ color: 'text.secondary', flex: 1 }} aria-live="polite">
            {count === 0 ? 'Aucun produit sélectionné' : `${count} produit${count > 1 ? 's' : ''} sélectionné${count > 1 ? 's' : ''}`}
          </Typography>
          <Button size="small" onClick={toggleVisible} disabled={visibleIds.length === 0}>
            {allVisible ? 'Tout désélectionner' : 'Tout sélectionner'}
          </Button>
        </Stack>
        <Box sx={{ flex: 1, minHeight: 0, overflowY: 'auto', borderTop: 1, borderColor: 'divider' }}>
          {groups.length === 0 ? (
            <Typography variant="body2" sx={{ color: 'text.secondary', p: 3 }}>
              {products.length === 0 ? "La carte n'a aucun produit actif." : 'Aucun produit ne correspond à la recherche.'}
            </Typography>
          ) : (
            <List dense disablePadding aria-label="Produits" sx={{ '& ul': { p: 0 } }}>
              {groups.map((g) => (
                <li key={g.label}>
                  <ul>
                    <ListSubheader sx={{ lineHeight: '32px', bgcolor: 'background.paper' }}>{g.label}</ListSubheader>
                    {g.items.map((p) => (
                      <PickerRow key={p.id} product={p} checked={chosen.has(p.id) || Boolean(locked?.has(p.id))} locked={Boolean(locked?.has(p.id))} onToggle={toggle} />
                    ))}
                  </ul>
                </li>
              ))}
            </List>
          )}
        </Box>
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 1.5 }}>
        <Button onClick={onClose}>Annuler</Button>
        <Button variant="contained" onClick={() => onConfirm(products.filter((p) => chosen.has(p.id) && !locked?.has(p.id)).map((p) => p.id))}>
          {confirmLabel}
        </Button>
      </DialogActions>
    </>
  );
}

const PickerRow = memo(function PickerRow({
  product,
  checked,
  locked,
  onToggle,
}: {
  product: PickableProduct;
  checked: boolean;
  locked: boolean;
  onToggle: (id: number) => void;
}) {
  return (
    <ListItemButton dense disabled={locked} onClick={() => onToggle(product.id)} sx={{ py: 0.25 }}>
      <ListItemIcon sx={{ minWidth: 36 }}>
        <Checkbox edge="start" size="small" checked={checked} tabIndex={-1} disableRipple slotProps={{ input: { 'aria-label': product.name } }} />
      </ListItemIcon>
      <ListItemText primary={product.name || 'Sans nom'} secondary={locked ? 'Déjà dans la famille' : undefined} />
    </ListItemButton>
  );
});
