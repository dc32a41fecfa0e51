import { forwardRef, useId, useMemo, useState } from 'react';
import { Box, Checkbox, FormControlLabel, FormHelperText, Stack, Typography } from '@mui/material';
import type { Restaurant } from '../../../api/types';
import { SearchBar } from '../../../components/SearchBar';
import { normalise } from '../text';

export interface RestaurantChecklistProps {
  restaurants: readonly Restaurant[];
  value: readonly number[];
  onChange: (ids: number[]) => void;
  error?: string | undefined;
}

/**
 * The restaurants of a guest or a restaurant login: a searchable list of checkboxes, with
 * 'Tout sélectionner' acting on the restaurants the search shows. Chosen ids the list does not
 * show (an archived restaurant) are kept as they are.
 */
export const RestaurantChecklist = forwardRef<HTMLFieldSetElement, RestaurantChecklistProps>(function RestaurantChecklist(
  { restaurants, value, onChange, error },
  ref,
) {
  const id = useId();
  const [query, setQuery] = useState('');
  const chosen = useMemo(() => new Set(value), [value]);
  const visible = useMemo(() => {
    const q = normalise(query);
    return q ? restaurants.filter((r) => [r.nom, r.pseudo, r.ville].some((f) => f && normalise(f).includes(q))) : restaurants;
  }, [restaurants, query]);
  const visibleChosen = visible.filter((r) => chosen.has(r.id)).length;
  const all = visible.length > 0 && visibleChosen === visible.length;

  const toggle = (rid: number, on: boolean) => onChange(on ? [...value, rid] : value.filter((v) => v !== rid));
  const toggleAll = (on: boolean) => {
    const ids = new Set(visible.map((r) => r.id));
    onChange(on ? [...value.filter((v) => !ids.has(v)), ...ids] : value.filter((v) => !ids.has(v)));
  };

  return (
    <Box component="fieldset" ref={ref} tabIndex={-1} aria-labelledby={`${id}-title`} aria-describedby={error ? `${id}-error` : undefined} sx={{ border: 0, p: 0, m: 0, minWidth: 0, outline: 'none' }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between', mb: 1 }}>
        <Box>
          <Typography id={`${id}-title`} variant="subtitle2">
            Restaurants
          </Typography>
          <Typography variant="caption" sx={{ color: 'text.secondary' }}>
            {value.length === 0 ? 'Aucun restaurant choisi' : `${value.length} restaurant${value.length > 1 ? 's' : ''} choisi${value.length > 1 ? 's' : ''}`}
          </Typography>
        </Box>
        <Box sx={{ width: { xs: '100%', sm: 280 } }}>
          <SearchBar thing="un restaurant" value={query} onChange={setQuery} />
        </Box>
      </Stack>
      <Box
        sx={(theme) => ({
          border: `1px solid ${error ? theme.palette.error.main : theme.palette.divider}`,
          borderRadius: 3,
          overflow: 'hidden',
        })}
      >
        <Box sx={{ px: 2, py: 0.5, borderBottom: 1, borderColor: 'divider', bgcolor: 'action.hover' }}>
          <FormControlLabel
            disabled={visible.length === 0}
            control={<Checkbox checked={all} indeterminate={visibleChosen > 0 && !all} onChange={(e) => toggleAll(e.target.checked)} />}
            label={<Typography variant="body2" sx={{ fontWeight: 600 }}>Tout sélectionner</Typography>}
          />
        </Box>
        <Box role="group" aria-label="Restaurants de la franchise" sx={{ maxHeight: 320, overflowY: 'auto', px: 2, py: 0.5, display: 'grid', gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))' } }}>
          {visible.length === 0 ? (
            <Typography variant="body2" sx={{ color: 'text.secondary', py: 1.5 }}>
              {restaurants.length === 0 ? "La franchise n'a aucun restaurant." : `Aucun restaurant ne correspond à « ${query.trim()} ».`}
            </Typography>
          ) : (
            visible.map((r) => (
              <FormControlLabel
                key={r.id}
                control={<Checkbox checked={chosen.has(r.id)} onChange={(e) => toggle(r.id, e.target.checked)} />}
                label={
                  <Box sx={{ minWidth: 0 }}>
                    <Typography variant="body2" sx={{ fontWeight: 500 }}>
                      {r.nom}
                    </Typography>
                    {r.ville && (
                      <Typography variant="caption" sx={{ color: 'text.secondary', display: 'block' }}>
                        {r.ville}
                      </Typography>
                    )}
                  </Box>
                }
                sx={{ mr: 0, alignItems: 'center' }}
              />
            ))
          )}
        </Box>
      </Box>
      {error && (
        <FormHelperText id={`${id}-error`} error>
          {error}
        </FormHelperText>
      )}
    </Box>
  );
});
