import { memo, useMemo, useState } from 'react';
import { Box, Button, Chip, List, ListItemButton, ListItemText, Stack, Typography } from '@mui/material';
import AddRoundedIcon from '@mui/icons-material/AddRounded';
import { SearchBar } from '../../../../components/SearchBar';
import { isActive } from '../../documentTypes';
import type { OptionGroupView } from '../../optionTypes';

const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

export interface GroupListProps {
  groups: readonly OptionGroupView[];
  selected: string | null;
  canEdit: boolean;
  onSelect: (idGlobal: string) => void;
  onAdd: () => void;
}

/** The active option groups, by position, with a search and their count of active items. */
export const GroupList = memo(function GroupList({ groups, selected, canEdit, onSelect, onAdd }: GroupListProps) {
  const [search, setSearch] = useState('');
  const shown = useMemo(() => {
    const q = fold(search.trim());
    return q ? groups.filter((g) => fold(g.name ?? '').includes(q)) : groups;
  }, [groups, search]);
  return (
    <Stack sx={{ height: '100%', minHeight: 0 }}>
      <Stack spacing={1} sx={{ p: 1.5, borderBottom: 1, borderColor: 'divider' }}>
        <SearchBar thing="une catégorie d'options" value={search} onChange={setSearch} />
        {canEdit && (
          <Button size="small" variant="outlined" startIcon={<AddRoundedIcon />} onClick={onAdd}>
            Ajouter une catégorie d'options
          </Button>
        )}
      </Stack>
      <Box sx={{ overflowY: 'auto', flex: 1, minHeight: 0 }}>
        {shown.length === 0 ? (
          <Typography variant="body2" sx={{ color: 'text.secondary', p: 2.5, textAlign: 'center' }}>
            {search.trim() ? 'Aucune catégorie d\'options ne correspond à la recherche.' : "Aucune catégorie d'options."}
          </Typography>
        ) : (
          <List disablePadding aria-label="Catégories d'options">
            {shown.map((g) => {
              const count = g.items.filter(isActive).length;
              const ingredient = g.is_ingredient === true;
              return (
                <ListItemButton key={g.idGlobal} selected={selected === g.idGlobal} onClick={() => onSelect(g.idGlobal)} sx={{ mx: 1, my: 0.25, borderRadius: 2 }}>
                  <ListItemText
                    primary={g.name || 'Sans nom'}
                    secondary={`${count} ${ingredient ? `ingrédient${count > 1 ? 's' : ''}` : `option${count > 1 ? 's' : ''}`}`}
                    slotProps={{ primary: { noWrap: true, sx: { fontWeight: selected === g.idGlobal ? 600 : 500, fontSize: '0.875rem' } } }}
                  />
                  {ingredient && <Chip size="small" variant="outlined" label="Ingrédients" sx={{ ml: 1, height: 20, fontSize: '0.7rem' }} />}
                </ListItemButton>
              );
            })}
          </List>
        )}
      </Box>
    </Stack>
  );
});
