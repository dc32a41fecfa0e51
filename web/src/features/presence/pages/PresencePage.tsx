import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import {
  Avatar,
  Box,
  Card,
  Chip,
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
import { homePath, useSession } from '../../../app/session';
import { PageHeader } from '../../../components/PageHeader';
import { LoadingPanel } from '../../../components/LoadingPanel';
import { ErrorBlock } from '../../../components/ErrorBlock';
import { EmptyState } from '../../../components/EmptyState';
import { absoluteTime, pageTitle, PRESENCE_TITLE, presenceRoleLabel, relativeTime } from '../format';
import { presenceListQuery } from '../queries';
import { useNow } from '../useNow';
import { initials, sortPresence } from '../view';

export type PresenceFilter = 'online' | 'all';

export const ADMIN_ONLY_TEXT = 'Cette page est réservée à l’administrateur de la franchise.';
export const NOBODY_ONLINE_PAGE_TEXT = 'Personne n’est en ligne pour le moment.';

/** Everyone seen in the franchise during the last 24 hours, online first (admins only). */
export function PresencePage() {
  const session = useSession();
  const breadcrumbs = [{ label: 'Accueil', to: homePath(session) }, { label: PRESENCE_TITLE }];
  if (session?.roles !== 'admin') {
    return (
      <PageHeader title={PRESENCE_TITLE} breadcrumbs={breadcrumbs}>
        <Card variant="outlined">
          <EmptyState message={ADMIN_ONLY_TEXT} />
        </Card>
      </PageHeader>
    );
  }
  return <AdminPresencePage selfId={session.id} breadcrumbs={breadcrumbs} />;
}

function AdminPresencePage({ selfId, breadcrumbs }: { selfId: number; breadcrumbs: { label: string; to?: string }[] }) {
  const [filter, setFilter] = useState<PresenceFilter>('all');
  const presence = useQuery(presenceListQuery());
  const now = useNow();
  const everyone = sortPresence(presence.data ?? []);
  const onlineCount = everyone.filter((e) => e.online).length;
  const shown = filter === 'online' ? everyone.filter((e) => e.online) : everyone;

  return (
    <PageHeader
      title={PRESENCE_TITLE}
      subtitle="Les personnes de la franchise vues ces dernières 24 heures, et la page qu’elles consultent."
      breadcrumbs={breadcrumbs}
      actions={
        <ToggleButtonGroup
          exclusive
          size="small"
          value={filter}
          onChange={(_, value: PresenceFilter | null) => value && setFilter(value)}
          aria-label="Filtrer"
        >
          <ToggleButton value="online" sx={{ textTransform: 'none', px: 2 }}>
            En ligne{presence.isSuccess ? ` (${onlineCount})` : ''}
          </ToggleButton>
          <ToggleButton value="all" sx={{ textTransform: 'none', px: 2 }}>
            Tous{presence.isSuccess ? ` (${everyone.length})` : ''}
          </ToggleButton>
        </ToggleButtonGroup>
      }
    >
      <Card variant="outlined">
        {presence.isPending ? (
          <LoadingPanel />
        ) : presence.isError ? (
          <Box sx={{ p: 2 }}>
            <ErrorBlock onRetry={() => void presence.refetch()} retrying={presence.isFetching} />
          </Box>
        ) : shown.length === 0 ? (
          <EmptyState message={filter === 'online' ? NOBODY_ONLINE_PAGE_TEXT : undefined} />
        ) : (
          <TableContainer>
            <Table aria-label={PRESENCE_TITLE}>
              <TableHead>
                <TableRow>
                  <TableCell>Utilisateur</TableCell>
                  <TableCell>Rôle</TableCell>
                  <TableCell>Page</TableCell>
                  <TableCell>Statut</TableCell>
                  <TableCell>Dernière activité</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {shown.map((entry) => (
                  <TableRow key={entry.userId} hover sx={{ opacity: entry.online ? 1 : 0.6 }}>
                    <TableCell>
                      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
                        <Avatar aria-hidden sx={{ width: 30, height: 30, fontSize: '0.75rem', fontWeight: 700 }}>{initials(entry.userName)}</Avatar>
                        <Typography variant="body2" sx={{ fontWeight: 600 }}>
                          {entry.userName}
                        </Typography>
                        {entry.userId === selfId && <Chip size="small" label="Vous" variant="outlined" />}
                        {entry.source === 'SuperAdmin' && <Chip size="small" label="super-admin" color="warning" variant="outlined" />}
                      </Stack>
                    </TableCell>
                    <TableCell>{presenceRoleLabel(entry.role)}</TableCell>
                    <TableCell>
                      <Tooltip title={entry.page}>
                        <span>{pageTitle(entry.page)}</span>
                      </Tooltip>
                    </TableCell>
                    <TableCell>
                      <Chip
                        size="small"
                        label={entry.online ? 'En ligne' : 'Hors ligne'}
                        color={entry.online ? 'success' : 'default'}
                        variant={entry.online ? 'filled' : 'outlined'}
                      />
                    </TableCell>
                    <TableCell>
                      <Tooltip title={absoluteTime(entry.lastActive)}>
                        <span>{relativeTime(entry.lastActive, now)}</span>
                      </Tooltip>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </Card>
    </PageHeader>
  );
}
