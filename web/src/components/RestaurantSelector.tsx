import { useMemo, useState, type ReactNode } from 'react';
import {
  Box,
  Button,
  Divider,
  Drawer,
  IconButton,
  List,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  Stack,
  Tooltip,
  Typography,
} from '@mui/material';
import { alpha } from '@mui/material/styles';
import StorefrontOutlinedIcon from '@mui/icons-material/StorefrontOutlined';
import ClearRoundedIcon from '@mui/icons-material/ClearRounded';
import CheckRoundedIcon from '@mui/icons-material/CheckRounded';
import CloseRoundedIcon from '@mui/icons-material/CloseRounded';
import KeyboardArrowDownRoundedIcon from '@mui/icons-material/KeyboardArrowDownRounded';
import LayersOutlinedIcon from '@mui/icons-material/LayersOutlined';
import type { Restaurant } from '../api/types';
import { SearchBar } from './SearchBar';
import { LoadingPanel } from './LoadingPanel';
import { ErrorBlock } from './ErrorBlock';

export type RestaurantId = Restaurant['id'];
/** null: nothing chosen yet; 0: all restaurants (admins only); otherwise a restaurant id. */
export type RestaurantChoice = RestaurantId | 0 | null;

export const SELECT_LABEL = 'Selectionner Restaurant';
export const ALL_RESTAURANTS_LABEL = 'All restaurants';
export const NO_DATA_TEXT = 'Pas de donnees a afficher';

export function selectorLabel(count: number): string {
  return count > 0 ? `${SELECT_LABEL} (${count})` : SELECT_LABEL;
}

export function restaurantName(r: Restaurant): string {
  return r.nom || r.pseudo || r.siret;
}

function normalise(text: string): string {
  return text.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLowerCase().trim();
}

export interface RestaurantSelectorProps {
  restaurants: readonly Restaurant[];
  value: RestaurantChoice;
  onChange: (value: RestaurantChoice) => void;
  /** The 'All restaurants' entry: admins only. */
  allowAll: boolean;
  loading?: boolean;
  error?: boolean;
  onRetry?: () => void;
}

export function RestaurantSelector({ restaurants, value, onChange, allowAll, loading, error, onRetry }: RestaurantSelectorProps) {
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');

  const sorted = useMemo(
    () => [...restaurants].sort((a, b) => restaurantName(a).localeCompare(restaurantName(b), 'fr', { sensitivity: 'base' })),
    [restaurants],
  );
  const visible = useMemo(() => {
    const q = normalise(query);
    if (!q) return sorted;
    return sorted.filter((r) => [r.nom, r.pseudo, r.ville, r.siret].some((field) => field && normalise(field).includes(q)));
  }, [sorted, query]);

  const chosen = value === null || value === 0 ? undefined : restaurants.find((r) => r.id === value);
  const showAll = allowAll && (!query || normalise(ALL_RESTAURANTS_LABEL).includes(normalise(query)));

  const close = () => {
    setOpen(false);
    setQuery('');
  };
  const choose = (next: RestaurantChoice) => {
    onChange(next);
    close();
  };

  const label =
    value === 0 && allowAll ? ALL_RESTAURANTS_LABEL : chosen ? restaurantName(chosen) : selectorLabel(restaurants.length);
  const hasChoice = (value === 0 && allowAll) || chosen !== undefined;

  return (
    <>
      <Box
        sx={(theme) => ({
          display: 'inline-flex',
          alignItems: 'center',
          borderRadius: 2,
          border: `1px solid ${hasChoice ? alpha(theme.palette.primary.main, 0.5) : theme.palette.divider}`,
          backgroundColor: hasChoice ? alpha(theme.palette.primary.main, 0.06) : 'background.paper',
          maxWidth: 360,
        })}
      >
        <Button
          color={hasChoice ? 'primary' : 'inherit'}
          onClick={() => setOpen(true)}
          startIcon={value === 0 && allowAll ? <LayersOutlinedIcon /> : <StorefrontOutlinedIcon />}
          endIcon={hasChoice ? undefined : <KeyboardArrowDownRoundedIcon />}
          aria-haspopup="dialog"
          sx={{ minWidth: 0, py: 0.875, px: 1.75, '& .label': { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' } }}
        >
          <span className="label">{label}</span>
        </Button>
        {hasChoice && (
          <Tooltip title="Désélectionner">
            <IconButton size="small" aria-label="Désélectionner le restaurant" onClick={() => onChange(null)} sx={{ mr: 0.5 }}>
              <ClearRoundedIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        )}
      </Box>

      <Drawer
        anchor="right"
        open={open}
        onClose={close}
        slotProps={{ paper: { sx: { width: { xs: '100%', sm: 400 }, display: 'flex' }, role: 'dialog', 'aria-label': SELECT_LABEL } }}
      >
        <Stack direction="row" sx={{ alignItems: 'center', px: 3, pt: 2.5, pb: 1.5, gap: 1 }}>
          <Box sx={{ flex: 1 }}>
            <Typography variant="h6" component="h2">
              {SELECT_LABEL}
            </Typography>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {restaurants.length > 0
                ? `${restaurants.length} restaurant${restaurants.length > 1 ? 's' : ''} disponible${restaurants.length > 1 ? 's' : ''}`
                : 'Aucun restaurant disponible'}
            </Typography>
          </Box>
          <IconButton aria-label="Fermer" onClick={close}>
            <CloseRoundedIcon />
          </IconButton>
        </Stack>
        <Box sx={{ px: 3, pb: 2 }}>
          <SearchBar thing="un restaurant" value={query} onChange={setQuery} autoFocus />
        </Box>
        <Divider />
        <Box sx={{ flex: 1, overflowY: 'auto', px: 1.5, py: 1 }}>
          {loading ? (
            <LoadingPanel />
          ) : error ? (
            <Box sx={{ p: 1.5 }}>
              <ErrorBlock onRetry={onRetry} />
            </Box>
          ) : (
            <List aria-label="Restaurants" disablePadding>
              {showAll && (
                <Choice
                  selected={value === 0}
                  onClick={() => choose(0)}
                  primary={ALL_RESTAURANTS_LABEL}
                  secondary={`${restaurants.length} restaurant${restaurants.length > 1 ? 's' : ''}`}
                  icon={<LayersOutlinedIcon />}
                />
              )}
              {visible.map((r) => (
                <Choice
                  key={r.id}
                  selected={value === r.id}
                  onClick={() => choose(r.id)}
                  primary={restaurantName(r)}
                  secondary={[r.ville, r.siret && `SIRET ${r.siret}`].filter(Boolean).join(' · ')}
                  icon={<StorefrontOutlinedIcon />}
                />
              ))}
              {visible.length === 0 && !showAll && (
                <Typography variant="body2" sx={{ color: 'text.secondary', textAlign: 'center', py: 6 }}>
                  {NO_DATA_TEXT}
                </Typography>
              )}
            </List>
          )}
        </Box>
        <Divider />
        <Stack direction="row" sx={{ justifyContent: 'flex-end', px: 3, py: 2 }}>
          <Button variant="outlined" color="inherit" onClick={close}>
            Annuler
          </Button>
        </Stack>
      </Drawer>
    </>
  );
}

interface ChoiceProps {
  primary: string;
  secondary?: string;
  selected: boolean;
  onClick: () => void;
  icon: ReactNode;
}

function Choice({ primary, secondary, selected, onClick, icon }: ChoiceProps) {
  return (
    <ListItemButton
      selected={selected}
      onClick={onClick}
      sx={(theme) => ({
        my: 0.25,
        py: 1,
        '&.Mui-selected': { backgroundColor: alpha(theme.palette.primary.main, 0.1) },
      })}
    >
      <ListItemIcon sx={{ color: selected ? 'primary.main' : 'text.secondary' }}>{icon}</ListItemIcon>
      <ListItemText
        primary={primary}
        secondary={secondary || undefined}
        slotProps={{ primary: { sx: { fontWeight: selected ? 600 : 500 } }, secondary: { sx: { fontSize: '0.75rem' } } }}
      />
      {selected && <CheckRoundedIcon fontSize="small" sx={{ color: 'primary.main' }} />}
    </ListItemButton>
  );
}
