import { Box, Checkbox, FormControl, InputLabel, ListItemText, MenuItem, Select, TextField } from '@mui/material';
import type { Restaurant } from '../../../api/types';
import { restaurantName } from '../../../components/RestaurantSelector';
import type { Segment } from '../types';

export const MONTHS = ['janvier', 'février', 'mars', 'avril', 'mai', 'juin', 'juillet', 'août', 'septembre', 'octobre', 'novembre', 'décembre'];

type NumberKey = 'notSeenDays' | 'seenWithinDays' | 'minVisits' | 'minPoints';

const numberFields: { key: NumberKey; label: string; helper: string }[] = [
  { key: 'notSeenDays', label: 'Pas revenus depuis (jours)', helper: 'Ex. 30 : les clients à relancer' },
  { key: 'seenWithinDays', label: 'Venus dans les (jours)', helper: 'Ex. 7 : les clients de la semaine' },
  { key: 'minVisits', label: 'Visites au moins', helper: 'Ex. 3 : les habitués' },
  { key: 'minPoints', label: 'Points de fidélité au moins', helper: '' },
];

/** The filter of a segment; consent is implied by the channel, erased customers never count. */
export function SegmentFields({ value, onChange, restaurants, disabled }: { value: Segment; onChange: (s: Segment) => void; restaurants: Restaurant[]; disabled?: boolean }) {
  const ids = value.restaurantIds ?? [];
  const setNumber = (key: NumberKey, raw: string) => {
    const next = { ...value };
    const n = Number.parseInt(raw, 10);
    if (raw === '' || Number.isNaN(n)) delete next[key];
    else next[key] = Math.max(0, n);
    onChange(next);
  };
  const birth = value.birthMonth === undefined || value.birthMonth === null ? '' : String(value.birthMonth);
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))' } }}>
      <FormControl fullWidth disabled={disabled} sx={{ gridColumn: { md: '1 / -1' } }}>
        <InputLabel id="segment-restaurants" shrink>Restaurants</InputLabel>
        <Select
          labelId="segment-restaurants"
          label="Restaurants"
          notched
          multiple
          value={ids}
          onChange={(e) => onChange({ ...value, restaurantIds: (e.target.value as number[]).map(Number) })}
          renderValue={(sel) => (sel.length === 0 ? 'Tous les restaurants' : sel.map((id) => restaurantName(restaurants.find((r) => r.id === id) ?? ({ nom: `n° ${id}` } as Restaurant))).join(', '))}
          displayEmpty
        >
          {restaurants.map((r) => (
            <MenuItem key={r.id} value={r.id}>
              <Checkbox checked={ids.includes(r.id)} size="small" />
              <ListItemText primary={restaurantName(r)} />
            </MenuItem>
          ))}
        </Select>
      </FormControl>
      {numberFields.map((f) => (
        <TextField
          key={f.key}
          label={f.label}
          type="number"
          disabled={disabled}
          value={value[f.key] ?? ''}
          onChange={(e) => setNumber(f.key, e.target.value)}
          helperText={f.helper || ' '}
          slotProps={{ htmlInput: { min: f.key === 'minVisits' || f.key === 'minPoints' ? 0 : 1 } }}
        />
      ))}
      <TextField
        select
        label="Anniversaire"
        disabled={disabled}
        value={birth}
        onChange={(e) => {
          const next = { ...value };
          if (e.target.value === '') delete next.birthMonth;
          else next.birthMonth = Number(e.target.value);
          onChange(next);
        }}
      >
        <MenuItem value="">Peu importe</MenuItem>
        <MenuItem value="0">Le mois en cours</MenuItem>
        {MONTHS.map((m, i) => (
          <MenuItem key={m} value={String(i + 1)}>
            {m.charAt(0).toUpperCase() + m.slice(1)}
          </MenuItem>
        ))}
      </TextField>
    </Box>
  );
}

/** A segment in a sentence, for lists and tables. */
export function describeSegment(s: Segment, restaurants: Restaurant[]): string {
  const parts: string[] = [];
  const ids = s.restaurantIds ?? [];
  parts.push(ids.length === 0 ? 'tous les restaurants' : ids.map((id) => restaurantName(restaurants.find((r) => r.id === id) ?? ({ nom: `restaurant n° ${id}` } as Restaurant))).join(', '));
  if (s.notSeenDays) parts.push(`pas revenus depuis ${s.notSeenDays} jours`);
  if (s.seenWithinDays) parts.push(`venus dans les ${s.seenWithinDays} jours`);
  if (s.minVisits) parts.push(`${s.minVisits} visites au moins`);
  if (s.minPoints) parts.push(`${s.minPoints} points au moins`);
  if (s.birthMonth === 0) parts.push('anniversaire ce mois-ci');
  else if (s.birthMonth) parts.push(`anniversaire en ${MONTHS[s.birthMonth - 1]}`);
  return parts.join(' · ');
}
