import { useMemo, useState } from 'react';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Avatar,
  Box,
  Button,
  Card,
  IconButton,
  Link,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  ToggleButton,
  ToggleButtonGroup,
  Tooltip,
  Typography,
} from '@mui/material';
import { alpha } from '@mui/material/styles';
import AddRoundedIcon from '@mui/icons-material/AddRounded';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import BlockRoundedIcon from '@mui/icons-material/BlockRounded';
import LockOpenRoundedIcon from '@mui/icons-material/LockOpenRounded';
import KeyRoundedIcon from '@mui/icons-material/KeyRounded';
import GroupOutlinedIcon from '@mui/icons-material/GroupOutlined';
import { ApiError, errorMessage } from '../../../api/client';
import type { Restaurant } from '../../../api/types';
import { useSession } from '../../../app/session';
import { PageHeader } from '../../../components/PageHeader';
import { SearchBar } from '../../../components/SearchBar';
import { LoadingPanel } from '../../../components/LoadingPanel';
import { ErrorBlock } from '../../../components/ErrorBlock';
import { EmptyState } from '../../../components/EmptyState';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { useToast } from '../../../components/Toast';
import { restaurantsQuery } from '../../restaurants/queries';
import { PasswordDialog } from '../components/PasswordDialog';
import { PeopleForbidden } from '../components/PeopleForbidden';
import { RoleChip, StatusChip } from '../components/RoleChip';
import { editPersonPath, peopleCrumbs, type FromListState } from '../paths';
import { peopleQuery, personSaved, setBlockedMutation } from '../queries';
import { personName, personRestaurantIds, personRoles, roleLabels } from '../roles';
import { normalise } from '../text';
import type { Person, PersonRole } from '../types';

export const EMPTY_PEOPLE_TEXT = 'Aucun compte : créez le premier.';

type RoleFilter = PersonRole | 'all';

/** The restaurants' names by id, for the table and the search. */
function useRestaurantNames(enabled: boolean): Map<number, string> {
  const restaurants = useQuery({ ...restaurantsQuery(), enabled });
  return useMemo(() => new Map((restaurants.data ?? []).map((r: Restaurant) => [r.id, r.nom])), [restaurants.data]);
}

function restaurantNames(p: Person, names: Map<number, string>): string[] {
  return personRestaurantIds(p).map((id) => names.get(id) ?? `Restaurant n° ${id}`);
}

/**
 * 'Employés': the franchise's logins (moderators, guests, restaurant logins), managed by its admin.
 * The same screen answers /config/Employee and /brigade/GestionUtilisateurs.
 */
export function PeoplePage() {
  const session = useSession();
  // Only the admin may list accounts: others are told so without asking the server.
  const allowed = !session || session.roles === 'admin';
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const client = useQueryClient();
  const toast = useToast();
  const list = useQuery({ ...peopleQuery(), enabled: allowed });
  const names = useRestaurantNames(allowed);
  const [query, setQuery] = useState('');
  const [role, setRole] = useState<RoleFilter>('all');
  // The dialogs keep their account while they close, so their text does not change as they fade.
  const [toBlock, setToBlock] = useState<Person | null>(null);
  const [blockOpen, setBlockOpen] = useState(false);
  const [toReset, setToReset] = useState<Person | null>(null);
  const [resetOpen, setResetOpen] = useState(false);
  const fromList: FromListState = { from: pathname };

  const block = useMutation({
    ...setBlockedMutation(),
    onSuccess: (person) => {
      toast.success(person.blocked ? `Le compte « ${person.login} » est bloqué.` : `Le compte « ${person.login} » est débloqué.`);
    },
    onError: (error) => toast.error(error.detail),
    onSettled: (person) => {
      personSaved(client, person);
      setBlockOpen(false);
    },
  });

  const items = useMemo(
    () =>
      [...(list.data ?? [])].sort(
        (a, b) => personName(a).localeCompare(personName(b), 'fr', { sensitivity: 'base' }) || a.login.localeCompare(b.login, 'fr'),
      ),
    [list.data],
  );
  const visible = useMemo(() => {
    const q = normalise(query);
    return items.filter(
      (p) =>
        (role === 'all' || p.role === role) &&
        (!q || [p.prenom, p.nom, personName(p), p.login, p.email, ...restaurantNames(p, names)].some((f) => f && normalise(f).includes(q))),
    );
  }, [items, query, role, names]);

  const newButton = (variant: 'contained' | 'outlined') => (
    <Button variant={variant} startIcon={<AddRoundedIcon />} onClick={() => void navigate(editPersonPath('new'), { state: fromList })}>
      Nouveau compte
    </Button>
  );
  const forbidden = !allowed || (list.error instanceof ApiError && list.error.status === 403);
  const blocked = items.filter((p) => p.blocked).length;

  return (
    <PageHeader
      title="Employés"
      subtitle="Les comptes de votre franchise : modérateurs, invités et comptes restaurant, leurs restaurants et leur accès."
      breadcrumbs={peopleCrumbs(pathname)}
    >
      {forbidden ? (
        <PeopleForbidden />
      ) : (
        <Card>
          <Stack
            direction={{ xs: 'column', lg: 'row' }}
            spacing={2}
            sx={{ alignItems: { lg: 'center' }, justifyContent: 'space-between', px: 3, py: 2.5 }}
          >
            <Box sx={{ minWidth: 0 }}>
              <Typography variant="h6" component="h2">
                Comptes
              </Typography>
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                {list.isSuccess
                  ? [`${items.length} compte${items.length > 1 ? 's' : ''}`, blocked > 0 && `${blocked} bloqué${blocked > 1 ? 's' : ''}`]
                      .filter(Boolean)
                      .join(' · ')
                  : ' '}
              </Typography>
            </Box>
            <Stack direction={{ xs: 'column', md: 'row' }} spacing={1.5} sx={{ alignItems: { md: 'center' } }}>
              <Box sx={{ width: { xs: '100%', md: 280 } }}>
                <SearchBar thing="un compte" value={query} onChange={setQuery} />
              </Box>
              <ToggleButtonGroup
                exclusive
                size="small"
                value={role}
                onChange={(_, next: RoleFilter | null) => next && setRole(next)}
                aria-label="Filtrer par rôle"
                sx={{ flexWrap: 'wrap' }}
              >
                <ToggleButton value="all">Tous</ToggleButton>
                {personRoles.map((r) => (
                  <ToggleButton key={r} value={r}>
                    {roleLabels[r].many}
                  </ToggleButton>
                ))}
              </ToggleButtonGroup>
              {newButton('contained')}
            </Stack>
          </Stack>
          {list.isPending ? (
            <LoadingPanel />
          ) : list.isError ? (
            <Box sx={{ px: 3, pb: 3 }}>
              <ErrorBlock message={errorMessage(list.error)} onRetry={() => void list.refetch()} retrying={list.isFetching} />
            </Box>
          ) : items.length === 0 ? (
            <EmptyState icon={<GroupOutlinedIcon />} title="Aucun compte" message={EMPTY_PEOPLE_TEXT} action={newButton('outlined')} />
          ) : visible.length === 0 ? (
            <EmptyState
              icon={<GroupOutlinedIcon />}
              message={
                query.trim()
                  ? `Aucun compte ne correspond à « ${query.trim()} »${role === 'all' ? '' : ` parmi les ${roleLabels[role].many.toLowerCase()}`}.`
                  : `Aucun compte parmi les ${role === 'all' ? 'comptes' : roleLabels[role].many.toLowerCase()}.`
              }
            />
          ) : (
            <TableContainer>
              <Table aria-label="Comptes">
                <TableHead>
                  <TableRow>
                    <TableCell sx={{ pl: 3, minWidth: 220 }}>Nom</TableCell>
                    <TableCell>Rôle</TableCell>
                    <TableCell>Restaurants</TableCell>
                    <TableCell>E-mail</TableCell>
                    <TableCell>Statut</TableCell>
                    <TableCell align="right" sx={{ pr: 3 }}>
                      Actions
                    </TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {visible.map((p) => (
                    <PersonRow
                      key={p.id}
                      person={p}
                      restaurants={restaurantNames(p, names)}
                      fromList={fromList}
                      busy={block.isPending && block.variables.id === p.id}
                      onBlock={() => {
                        setToBlock(p);
                        setBlockOpen(true);
                      }}
                      onResetPassword={() => {
                        setToReset(p);
                        setResetOpen(true);
                      }}
                    />
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
          )}
        </Card>
      )}
      <ConfirmDialog
        open={blockOpen && toBlock !== null}
        title={toBlock?.blocked ? 'Débloquer le compte' : 'Bloquer le compte'}
        icon={toBlock?.blocked ? <LockOpenRoundedIcon /> : <BlockRoundedIcon />}
        tone={toBlock?.blocked ? 'primary' : 'error'}
        message={
          toBlock?.blocked
            ? `Débloquer le compte « ${toBlock.login} » ? Il pourra de nouveau se connecter.`
            : `Bloquer le compte « ${toBlock?.login ?? ''} » ? Il ne pourra plus se connecter.`
        }
        warning={toBlock?.blocked ? undefined : 'Ses sessions ouvertes sont fermées au contrôle suivant. Vous pourrez le débloquer à tout moment.'}
        confirmLabel={toBlock?.blocked ? 'Débloquer' : 'Bloquer'}
        pending={block.isPending}
        onCancel={() => setBlockOpen(false)}
        onConfirm={() => toBlock && block.mutate({ id: toBlock.id, blocked: !toBlock.blocked })}
      />
      <PasswordDialog open={resetOpen} person={toReset} onClose={() => setResetOpen(false)} />
    </PageHeader>
  );
}

interface PersonRowProps {
  person: Person;
  restaurants: string[];
  fromList: FromListState;
  busy: boolean;
  onBlock: () => void;
  onResetPassword: () => void;
}

function PersonRow({ person: p, restaurants, fromList, busy, onBlock, onResetPassword }: PersonRowProps) {
  const navigate = useNavigate();
  const name = personName(p);
  return (
    <TableRow hover data-testid={`person-row-${p.id}`} sx={{ '&:last-child td': { borderBottom: 0 }, opacity: p.blocked ? 0.72 : 1 }}>
      <TableCell sx={{ pl: 3 }}>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', minWidth: 0 }}>
          <Avatar
            sx={(theme) => ({
              width: 36,
              height: 36,
              fontSize: '0.8125rem',
              fontWeight: 700,
              color: p.blocked ? 'text.secondary' : 'primary.main',
              bgcolor: alpha(p.blocked ? theme.palette.text.secondary : theme.palette.primary.main, 0.1),
            })}
          >
            {initials(p)}
          </Avatar>
          <Box sx={{ minWidth: 0 }}>
            <Link
              component={RouterLink}
              to={editPersonPath(p.id)}
              state={fromList}
              underline="hover"
              color="text.primary"
              sx={{ fontWeight: 600, fontSize: '0.875rem', display: 'block' }}
            >
              {name}
            </Link>
            <Typography variant="caption" sx={{ color: 'text.secondary', fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace' }}>
              {p.login}
            </Typography>
          </Box>
        </Stack>
      </TableCell>
      <TableCell>
        <RoleChip role={p.role} />
      </TableCell>
      <TableCell>
        <RestaurantsCell names={restaurants} />
      </TableCell>
      <TableCell sx={{ maxWidth: 240, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
        {p.email ? (
          <Link href={`mailto:${p.email}`} underline="hover" color="inherit" sx={{ fontSize: '0.875rem' }}>
            {p.email}
          </Link>
        ) : (
          <Typography variant="body2" component="span" sx={{ color: 'text.secondary' }}>
            —
          </Typography>
        )}
      </TableCell>
      <TableCell>
        <StatusChip blocked={p.blocked} />
      </TableCell>
      <TableCell align="right" sx={{ pr: 2, whiteSpace: 'nowrap' }}>
        <Tooltip title="Modifier">
          <IconButton aria-label={`Modifier le compte ${p.login}`} onClick={() => void navigate(editPersonPath(p.id), { state: fromList })}>
            <EditOutlinedIcon fontSize="small" />
          </IconButton>
        </Tooltip>
        <Tooltip title={p.blocked ? 'Débloquer' : 'Bloquer'}>
          <span>
            <IconButton
              aria-label={`${p.blocked ? 'Débloquer' : 'Bloquer'} le compte ${p.login}`}
              disabled={busy}
              onClick={onBlock}
              sx={p.blocked ? undefined : { '&:hover': { color: 'error.main' } }}
            >
              {p.blocked ? <LockOpenRoundedIcon fontSize="small" /> : <BlockRoundedIcon fontSize="small" />}
            </IconButton>
          </span>
        </Tooltip>
        <Tooltip title="Réinitialiser le mot de passe">
          <IconButton aria-label={`Réinitialiser le mot de passe de ${p.login}`} onClick={onResetPassword}>
            <KeyRoundedIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      </TableCell>
    </TableRow>
  );
}

/** Up to two names in full; beyond that, the count with the names in a tooltip. */
function RestaurantsCell({ names }: { names: string[] }) {
  if (names.length === 0) {
    return (
      <Typography variant="body2" component="span" sx={{ color: 'text.secondary' }}>
        —
      </Typography>
    );
  }
  if (names.length <= 2) return <Typography variant="body2">{names.join(', ')}</Typography>;
  return (
    <Tooltip
      title={
        <Box component="ul" sx={{ m: 0, pl: 2 }}>
          {names.map((n, i) => (
            <li key={`${n}-${i}`}>{n}</li>
          ))}
        </Box>
      }
    >
      <Typography variant="body2" tabIndex={0} aria-label={`${names.length} restaurants : ${names.join(', ')}`} sx={{ textDecoration: 'underline dotted', cursor: 'help', display: 'inline' }}>
        {names.length} restaurants
      </Typography>
    </Tooltip>
  );
}

function initials(p: Person): string {
  const letters = [p.prenom, p.nom].map((s) => s.trim().charAt(0)).join('');
  return (letters || p.login.charAt(0)).toUpperCase();
}
