import { forwardRef, useMemo } from 'react';
import { Autocomplete, Chip, TextField } from '@mui/material';
import type { CatalogueProduct } from '../types';

export interface TargetOption {
  /** idGlobal of the category or product. */
  id: string;
  label: string;
  /** Where it comes from: the carte (and category for a product). */
  group: string;
}

/** The categories of the franchise's cartes (by their idGlobal), each once, in carte order. */
export function categoryOptions(items: readonly CatalogueProduct[], carteName: (id: number) => string): TargetOption[] {
  const seen = new Map<string, TargetOption>();
  for (const p of items) {
    if (p.categoryIdGlobal && !seen.has(p.categoryIdGlobal)) {
      seen.set(p.categoryIdGlobal, { id: p.categoryIdGlobal, label: p.category, group: carteName(p.campaignId) });
    }
  }
  return [...seen.values()];
}

/** The products of the franchise's cartes, grouped by carte and category. */
export function productOptions(items: readonly CatalogueProduct[], carteName: (id: number) => string): TargetOption[] {
  const seen = new Map<string, TargetOption>();
  for (const p of items) {
    if (!seen.has(p.idGlobal)) seen.set(p.idGlobal, { id: p.idGlobal, label: p.name, group: `${carteName(p.campaignId)} · ${p.category}` });
  }
  return [...seen.values()];
}

export interface TargetPickerProps {
  kind: 'categories' | 'products';
  options: readonly TargetOption[];
  value: readonly string[];
  onChange: (ids: string[]) => void;
  loading?: boolean;
  error?: string | undefined;
}

/** Chooses the categories or products a discount applies to, searchable, grouped by carte. */
export const TargetPicker = forwardRef<HTMLInputElement, TargetPickerProps>(function TargetPicker({ kind, options, value, onChange, loading, error }, ref) {
  const byId = useMemo(() => new Map(options.map((o) => [o.id, o])), [options]);
  // A chosen id the cartes no longer have (a deleted product) stays chosen, shown as such.
  const chosen = value.map((id) => byId.get(id) ?? { id, label: `Introuvable (${id})`, group: 'Hors cartes' });
  const label = kind === 'categories' ? 'Catégories' : 'Produits';
  return (
    <Autocomplete
      multiple
      disableCloseOnSelect
      options={options as TargetOption[]}
      value={chosen}
      loading={loading ?? false}
      groupBy={(o) => o.group}
      getOptionLabel={(o) => o.label}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      onChange={(_, next) => onChange(next.map((o) => o.id))}
      noOptionsText={kind === 'categories' ? 'Aucune catégorie' : 'Aucun produit'}
      loadingText="Chargement des cartes…"
      renderValue={(list, getItemProps) =>
        list.map((o, index) => {
          const { key, ...props } = getItemProps({ index });
          return <Chip key={key} size="small" label={o.label} color={byId.has(o.id) ? 'default' : 'warning'} {...props} />;
        })
      }
      renderInput={(params) => (
        <TextField
          {...params}
          inputRef={ref}
          label={label}
          required
          placeholder={value.length === 0 ? (kind === 'categories' ? 'Rechercher une catégorie' : 'Rechercher un produit') : undefined}
          error={Boolean(error)}
          helperText={error ?? (kind === 'categories' ? 'Les lignes de ces catégories, dans toutes les cartes.' : 'Les lignes de ces produits, options comprises.')}
        />
      )}
    />
  );
});
