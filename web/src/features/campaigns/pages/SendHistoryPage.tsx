import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { MenuItem, Paper, Stack, Table, TableBody, TableCell, TableContainer, TableHead, TablePagination, TableRow, TextField } from '@mui/material';
import HistoryRoundedIcon from '@mui/icons-material/HistoryRounded';
import type { AppRoute } from '../../../app/routeTable';
import { crumbsOf } from '../../../components/crumbs';
import { EmptyState } from '../../../components/EmptyState';
import { ErrorBlock } from '../../../components/ErrorBlock';
import { LoadingPanel } from '../../../components/LoadingPanel';
import { PageHeader } from '../../../components/PageHeader';
import { StatusChip, channelLabel, dateTime } from '../components/StatusChip';
import { campaignsQuery, messagesQuery } from '../queries';
import type { Message } from '../types';

const MESSAGE_STATUS: Record<Message['status'], string> = {
  pending: 'À envoyer',
  sending: 'En cours',
  sent: 'Remis au fournisseur',
  delivered: 'Distribué',
  failed: 'Échec',
};

const PAGE_SIZE = 50;

/** Envoi SMS: the messages of a sent campaign, delivered or failed. */
export function SendHistoryPage({ route }: { route: AppRoute }) {
  const campaigns = useQuery(campaignsQuery());
  const sent = (campaigns.data ?? []).filter((c) => c.sentAt);
  const [chosen, setChosen] = useState<number | null>(null);
  const [status, setStatus] = useState('');
  const [page, setPage] = useState(0);
  const id = chosen ?? sent[0]?.id ?? 0;
  const messages = useQuery({ ...messagesQuery(id, status, page), enabled: id > 0 });
  const campaign = sent.find((c) => c.id === id);

  let body;
  if (campaigns.isPending) body = <LoadingPanel />;
  else if (campaigns.isError) body = <ErrorBlock onRetry={() => void campaigns.refetch()} retrying={campaigns.isFetching} />;
  else if (sent.length === 0) body = <EmptyState title="Aucun envoi" message="Les messages de vos campagnes apparaîtront ici une fois envoyées." icon={<HistoryRoundedIcon />} />;
  else
    body = (
      <Stack spacing={2}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField select label="Campagne" value={String(id)} onChange={(e) => { setChosen(Number(e.target.value)); setPage(0); }} sx={{ minWidth: 280 }}>
            {sent.map((c) => (
              <MenuItem key={c.id} value={String(c.id)}>
                {c.name} · {channelLabel(c.channel)} · {dateTime(c.sentAt)}
              </MenuItem>
            ))}
          </TextField>
          <TextField select label="Statut" value={status} onChange={(e) => { setStatus(e.target.value); setPage(0); }} sx={{ minWidth: 200 }}>
            <MenuItem value="">Tous</MenuItem>
            <MenuItem value="delivered">Distribués</MenuItem>
            <MenuItem value="sent">Remis au fournisseur</MenuItem>
            <MenuItem value="failed">Échecs</MenuItem>
          </TextField>
          {campaign && (
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <StatusChip status={campaign.status} />
            </Stack>
          )}
        </Stack>
        {campaign && (
          <Stack direction="row" spacing={3} sx={{ color: 'text.secondary', fontSize: 14 }} aria-label="Compteurs">
            <span>{campaign.recipients.toLocaleString('fr-FR')} destinataires</span>
            <span>{campaign.delivered.toLocaleString('fr-FR')} distribués</span>
            <span>{campaign.failed.toLocaleString('fr-FR')} échecs</span>
            <span>{campaign.optouts.toLocaleString('fr-FR')} désinscriptions</span>
          </Stack>
        )}
        {messages.isPending ? (
          <LoadingPanel />
        ) : messages.isError ? (
          <ErrorBlock onRetry={() => void messages.refetch()} retrying={messages.isFetching} />
        ) : (messages.data.items ?? []).length === 0 ? (
          <EmptyState message="Aucun message avec ce statut." />
        ) : (
          <TableContainer component={Paper} variant="outlined">
            <Table size="small" aria-label="Messages">
              <TableHead>
                <TableRow>
                  <TableCell>Client</TableCell>
                  <TableCell>Adresse</TableCell>
                  <TableCell>Statut</TableCell>
                  <TableCell>Erreur</TableCell>
                  <TableCell>Envoyé le</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {(messages.data.items ?? []).map((m, i) => (
                  <TableRow key={`${m.customer.id}-${i}`}>
                    <TableCell>{m.customer.name || `Client n° ${m.customer.id}`}</TableCell>
                    <TableCell>{m.address}</TableCell>
                    <TableCell>{MESSAGE_STATUS[m.status] ?? m.status}</TableCell>
                    <TableCell>{m.error || '—'}</TableCell>
                    <TableCell>{dateTime(m.sentAt)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
            <TablePagination
              component="div"
              count={messages.data.total}
              page={page}
              onPageChange={(_, p) => setPage(p)}
              rowsPerPage={PAGE_SIZE}
              rowsPerPageOptions={[PAGE_SIZE]}
              labelDisplayedRows={({ from, to, count }) => `${from}–${to} sur ${count.toLocaleString('fr-FR')}`}
            />
          </TableContainer>
        )}
      </Stack>
    );

  return (
    <PageHeader title={route.title} subtitle="L'historique des envois : chaque message, distribué ou en échec." breadcrumbs={crumbsOf(route)}>
      {body}
    </PageHeader>
  );
}
