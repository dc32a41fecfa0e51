import { memo, useMemo } from 'react';
import { Box, Chip, List, ListItemButton, ListItemIcon, ListItemText } from '@mui/material';
import FolderOutlinedIcon from '@mui/icons-material/FolderOutlined';
import SubdirectoryArrowRightRoundedIcon from '@mui/icons-material/SubdirectoryArrowRightRounded';
import { isActive, type MenuCategory, type MenuProduct } from '../documentTypes';

import type { EditorViewProps } from '../editorView';

export interface CategoryTreeProps {
  /** The editor's document and save, for the category actions (absent while loading). */
  editor?: EditorViewProps;
  categories: readonly MenuCategory[];
  products: readonly MenuProduct[];
  selected: number | null;
  onSelect: (idCat: number) => void;
}

/** Categories and their sub-categories (by parent_id), with their count of active products. */
export const CategoryTree = memo(function CategoryTree({ categories, products, selected, onSelect }: CategoryTreeProps) {
  const counts = useMemo(() => {
    const m = new Map<number, number>();
    for (const p of products) if (isActive(p)) m.set(p.idCat, (m.get(p.idCat) ?? 0) + 1);
    return m;
  }, [products]);
  const active = categories.filter(isActive).sort((a, b) => a.position - b.position);
  const roots = active.filter((c) => c.parent_id === -1 || !active.some((p) => p.idCat === c.parent_id));

  const item = (c: MenuCategory, depth: number) => (
    <ListItemButton
      key={c.idGlobal}
      selected={selected === c.idCat}
      onClick={() => onSelect(c.idCat)}
      sx={{ pl: 1.5 + depth * 2.5, py: 0.75, borderRadius: 2, mx: 1, my: 0.25 }}
    >
      <ListItemIcon sx={{ minWidth: 32, color: selected === c.idCat ? 'primary.main' : 'text.secondary' }}>
        {depth === 0 ? <FolderOutlinedIcon fontSize="small" /> : <SubdirectoryArrowRightRoundedIcon fontSize="small" />}
      </ListItemIcon>
      <ListItemText primary={c.name} slotProps={{ primary: { noWrap: true, sx: { fontWeight: selected === c.idCat ? 600 : 500, fontSize: '0.875rem' } } }} />
      <Chip size="small" label={counts.get(c.idCat) ?? 0} sx={{ height: 20, fontSize: '0.7rem', ml: 1 }} aria-label={`${counts.get(c.idCat) ?? 0} produits`} />
    </ListItemButton>
  );

  return (
    <Box component="nav" aria-label="Catégories">
      <List disablePadding>
        {roots.flatMap((c) => [item(c, 0), ...active.filter((s) => s.parent_id === c.idCat && s.idCat !== c.idCat).map((s) => item(s, 1))])}
      </List>
    </Box>
  );
});
