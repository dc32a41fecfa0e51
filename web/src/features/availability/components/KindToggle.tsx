import { ToggleButton, ToggleButtonGroup } from '@mui/material';
import type { KindFilter } from '../model';

/** Products, options or both: the element filter of Gestion Produits and Plan Produit. */
export function KindToggle({ value, onChange }: { value: KindFilter; onChange: (kind: KindFilter) => void }) {
  return (
    <ToggleButtonGroup exclusive size="small" value={value} onChange={(_, v: KindFilter | null) => v && onChange(v)} aria-label="Type d'élément">
      <ToggleButton value="all">Tous</ToggleButton>
      <ToggleButton value="product">Produits</ToggleButton>
      <ToggleButton value="option">Options</ToggleButton>
    </ToggleButtonGroup>
  );
}
