import { memo } from 'react';
import { Box, Card, Chip, Divider, List, ListItem, Stack, Typography } from '@mui/material';
import TuneRoundedIcon from '@mui/icons-material/TuneRounded';
import { EmptyState } from '../../../components/EmptyState';
import { isActive } from '../documentTypes';
import { formatPrice } from '../format';
import type { EditorViewProps } from '../editorView';

/** 'Catégories d'options': each active option group with its options (name and price). */
export const OptionGroupsView = memo(function OptionGroupsView({ document }: EditorViewProps) {
  const active = document.options.filter(isActive);
  if (active.length === 0) return <EmptyState icon={<TuneRoundedIcon />} />;
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: 'repeat(2, 1fr)', xl: 'repeat(3, 1fr)' }, gap: 2 }}>
      {active.map((g) => {
        const options = g.items.filter(isActive);
        return (
          <Card key={g.idGlobal} component="section" aria-label={g.name} variant="outlined">
            <Box sx={{ px: 2.5, py: 2 }}>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, flex: 1 }} noWrap>
                  {g.name || 'Sans nom'}
                </Typography>
                {g.is_ingredient && <Chip size="small" label="Ingrédients" variant="outlined" />}
              </Stack>
              <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                {`Choix : ${g.min_items ?? 0} à ${g.max_items ?? 0} · ${g.number_click ?? 1} clic${(g.number_click ?? 1) > 1 ? 's' : ''}`}
                {g.print_black_background ? ' · impression fond noir' : ''}
              </Typography>
            </Box>
            <Divider />
            {options.length === 0 ? (
              <Typography variant="body2" sx={{ color: 'text.secondary', px: 2.5, py: 2 }}>
                Aucune option.
              </Typography>
            ) : (
              <List dense disablePadding>
                {options.map((o) => (
                  <ListItem key={o.idGlobal} divider sx={{ px: 2.5, justifyContent: 'space-between' }}>
                    <Typography variant="body2">{o.name}</Typography>
                    <Typography variant="body2" sx={{ fontVariantNumeric: 'tabular-nums', color: Number(o.price ?? 0) ? 'text.primary' : 'text.secondary' }}>
                      {Number(o.price ?? 0) ? `+ ${formatPrice(o.price)}` : 'Inclus'}
                    </Typography>
                  </ListItem>
                ))}
              </List>
            )}
          </Card>
        );
      })}
    </Box>
  );
});
