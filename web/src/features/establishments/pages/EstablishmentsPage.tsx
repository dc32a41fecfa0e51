import { useMemo, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  Avatar,
  Box,
  Button,
  Card,
  Chip,
  Link,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { alpha } from '@mui/material/styles';
import AddRoundedIcon from '@mui/icons-material/AddRounded';
import ChevronRightRoundedIcon from '@mui/icons-material/ChevronRightRounded';
import StorefrontOutlinedIcon from '@mui/icons-material/StorefrontOutlined';
import type { Restaurant } from '../../../api/types';
import { PageHeader } from '../../../components/PageHeader';
import { SearchBar } from '../../../components/SearchBar';
import { Toggle } from '../../../components/Toggle';
import { LoadingPanel } from '../../../components/LoadingPanel';
import { ErrorBlock } from '../../../components/ErrorBlock';
import { EmptyState } from '../../../components/EmptyState';
import { useSession } from '../../../app/session';
import { errorMessage } from '../../../api/client';
import { restaurantListQuery } from '../../restaurants/queries';
import { countryLabel } from '../countries';
import { NewRestaurantDialog } from '../components/NewRestaurantDialog';
import { establishmentCrumbs, restaurantPath } from '../paths';

function normalise(text: string): string {
  return text.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLowerCase().trim();
}

function plural(n: number, one: string, many: string): string {
  return `${n} ${n > 1 ? many : one}`;
}

/** 'Mes Établissements': the franchise's restaurants; admins add new ones from here. */
export function EstablishmentsPage() {
  const session = useSession();
  const isAdmin = session?.roles === 'admin';
  const navigate = useNavigate();
  const [query, setQuery] = useState('');
  const [includeArchived, setIncludeArchived] = useState(false);
  const [adding, setAdding] = useState(false);
  const list = useQuery({ ...restaurantListQuery({ includeArchived }), placeholderData: keepPreviousData });

  const items = useMemo(
    () => [...(list.data?.items ?? [])].sort((a, b) => a.nom.localeCompare(b.nom, 'fr', { sensitivity: 'base' })),
    [list.data],
  );
  const visible = useMemo(() => {
    const q = normalise(query);
    if (!q) return items;
    return items.filter((r) =>
      [r.nom, r.pseudo, r.ville, r.siret, countryLabel(r.countryCode)].some((field) => field && normalise(field).includes(q)),
    );
  }, [items, query]);
  const archived = items.filter((r) => r.archived).length;

  const count = !list.isSuccess
    ? ' '
    : query
      ? `${plural(visible.length, 'restaurant trouvé', 'restaurants trouvés')} sur ${items.length}`
      : [plural(items.length - archived, 'restaurant actif', 'restaurants actifs'), archived > 0 && plural(archived, 'archivé', 'archivés')]
          .filter(Boolean)
          .join(' · ');

  return (
    <PageHeader
      title="Mes Établissements"
      subtitle="Les restaurants de votre franchise, leurs caisses et leurs bornes."
      breadcrumbs={establishmentCrumbs(session?.roles)}
      actions={
        isAdmin && (
          <Button variant="contained" startIcon={<AddRoundedIcon />} onClick={() => setAdding(true)}>
            Ajouter un restaurant
          </Button>
        )
      }
    >
      <Card>
        <Stack
          direction={{ xs: 'column', md: 'row' }}
          spacing={2}
          sx={{ alignItems: { md: 'center' }, justifyContent: 'space-between', px: 3, py: 2.5 }}
        >
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="h6" component="h2">
              Liste des restaurants
            </Typography>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {count}
            </Typography>
          </Box>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
            <Toggle label="Afficher les archivés" showLabel checked={includeArchived} onChange={setIncludeArchived} />
            <Box sx={{ width: { xs: '100%', sm: 320 } }}>
              <SearchBar thing="un restaurant" value={query} onChange={setQuery} />
            </Box>
          </Stack>
        </Stack>
        {list.isPending ? (
          <LoadingPanel />
        ) : list.isError ? (
          <Box sx={{ px: 3, pb: 3 }}>
            <ErrorBlock message={errorMessage(list.error)} onRetry={() => void list.refetch()} retrying={list.isFetching} />
          </Box>
        ) : visible.length === 0 ? (
          <EmptyState
            icon={<StorefrontOutlinedIcon />}
            title={items.length === 0 ? 'Aucun restaurant' : undefined}
            message={
              items.length === 0
                ? isAdmin
                  ? 'Ajoutez votre premier restaurant pour enregistrer ses caisses et ses bornes.'
                  : 'Aucun restaurant ne vous est attribué.'
                : `Aucun restaurant ne correspond à « ${query.trim()} ».`
            }
            action={
              items.length === 0 && isAdmin ? (
                <Button variant="contained" startIcon={<AddRoundedIcon />} onClick={() => setAdding(true)}>
                  Ajouter un restaurant
                </Button>
              ) : undefined
            }
          />
        ) : (
          <TableContainer sx={{ opacity: list.isPlaceholderData ? 0.6 : 1, transition: 'opacity 120ms' }}>
            <Table aria-label="Restaurants">
              <TableHead>
                <TableRow>
                  <TableCell sx={{ pl: 3 }}>Restaurant</TableCell>
                  <TableCell>Ville</TableCell>
                  <TableCell>Pays</TableCell>
                  <TableCell>SIRET / immatriculation</TableCell>
                  <TableCell>Statut</TableCell>
                  <TableCell align="right" sx={{ pr: 3, width: 48 }}>
                    <Box component="span" sx={visuallyHidden}>
                      Ouvrir
                    </Box>
                  </TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {visible.map((r) => (
                  <RestaurantRow key={r.id} restaurant={r} onOpen={() => void navigate(restaurantPath(r.id))} />
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </Card>
      {isAdmin && adding && <NewRestaurantDialog open={adding} onClose={() => setAdding(false)} />}
    </PageHeader>
  );
}

const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

function RestaurantRow({ restaurant: r, onOpen }: { restaurant: Restaurant; onOpen: () => void }) {
  return (
    <TableRow
      hover
      onClick={onOpen}
      data-testid={`restaurant-row-${r.id}`}
      sx={{ cursor: 'pointer', '&:last-child td': { borderBottom: 0 }, opacity: r.archived ? 0.72 : 1 }}
    >
      <TableCell sx={{ pl: 3 }}>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', minWidth: 0 }}>
          <Avatar
            variant="rounded"
            sx={(theme) => ({
              width: 36,
              height: 36,
              fontSize: '0.875rem',
              fontWeight: 700,
              borderRadius: '10px',
              color: r.archived ? 'text.secondary' : 'primary.main',
              bgcolor: alpha(r.archived ? theme.palette.text.secondary : theme.palette.primary.main, 0.1),
            })}
          >
            {r.nom.slice(0, 1).toUpperCase()}
          </Avatar>
          <Box sx={{ minWidth: 0 }}>
            <Link
              component={RouterLink}
              to={restaurantPath(r.id)}
              onClick={(e) => e.stopPropagation()}
              underline="hover"
              color="text.primary"
              sx={{ fontWeight: 600, fontSize: '0.875rem', display: 'block' }}
            >
              {r.nom}
            </Link>
            <Typography variant="caption" sx={{ color: 'text.secondary' }}>
              {r.pseudo || '—'}
            </Typography>
          </Box>
        </Stack>
      </TableCell>
      <TableCell>{r.ville || '—'}</TableCell>
      <TableCell>{countryLabel(r.countryCode)}</TableCell>
      <TableCell sx={{ fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace', fontSize: '0.8125rem', letterSpacing: '0.02em' }}>
        {r.siret}
      </TableCell>
      <TableCell>
        {r.archived ? (
          <Chip size="small" label="Archivé" variant="outlined" />
        ) : (
          <Chip size="small" label="Actif" color="success" variant="outlined" />
        )}
      </TableCell>
      <TableCell align="right" sx={{ pr: 2 }}>
        <ChevronRightRoundedIcon sx={{ color: 'text.secondary', verticalAlign: 'middle' }} />
      </TableCell>
    </TableRow>
  );
}
