import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import { Box, Button, IconButton, LinearProgress, Paper, Stack, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Tooltip, Typography } from '@mui/material';
import AddRoundedIcon from '@mui/icons-material/AddRounded';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import DeleteOutlineRoundedIcon from '@mui/icons-material/DeleteOutlineRounded';
import EventBusyOutlinedIcon from '@mui/icons-material/EventBusyOutlined';
import CampaignOutlinedIcon from '@mui/icons-material/CampaignOutlined';
import type { AppRoute } from '../../../app/routeTable';
import { useSession } from '../../../app/session';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { crumbsOf } from '../../../components/crumbs';
import { EmptyState } from '../../../components/EmptyState';
import { ErrorBlock } from '../../../components/ErrorBlock';
import { LoadingPanel } from '../../../components/LoadingPanel';
import { PageHeader } from '../../../components/PageHeader';
import { toastSaveError } from '../../../components/saveError';
import { useToast } from '../../../components/Toast';
import { StatusChip, channelLabel, dateTime } from '../components/StatusChip';
import { cancelCampaignMutation, campaignsQuery, deleteCampaignMutation, marketingChanged } from '../queries';
import { formatMoney } from '../sms';
import type { Campaign } from '../types';

/** Franchise admins and moderators write campaigns; guests and restaurants read them. */
export function useCanWriteCampaigns(): boolean {
  const session = useSession();
  return session?.roles === 'admin' || session?.roles === 'moderator' || session?.roles === 'superadmin';
}

const n = (v: number) => v.toLocaleString('fr-FR');
const editable = (c: Campaign) => c.status === 'draft' || c.status === 'scheduled';

/** Campagnes SMS: every campaign with its status, counters and the orders its promo code brought. */
export function CampaignsPage({ route }: { route: AppRoute }) {
  const canWrite = useCanWriteCampaigns();
  const client = useQueryClient();
  const toast = useToast();
  const list = useQuery(campaignsQuery());
  const [confirm, setConfirm] = useState<{ kind: 'cancel' | 'delete'; campaign: Campaign } | null>(null);
  const done = (message: string) => {
    toast.success(message);
    setConfirm(null);
    marketingChanged(client);
  };
  const cancel = useMutation({
    ...cancelCampaignMutation(),
    onSuccess: () => done(`Campagne « ${confirm?.campaign.name ?? ''} » annulée.`),
    onError: (e) => toastSaveError(toast, e, "La campagne n'a pas pu être annulée."),
  });
  const remove = useMutation({
    ...deleteCampaignMutation(),
    onSuccess: () => done(`Campagne « ${confirm?.campaign.name ?? ''} » supprimée.`),
    onError: (e) => toastSaveError(toast, e, "La campagne n'a pas pu être supprimée."),
  });

  const add = canWrite ? (
    <Button variant="contained" startIcon={<AddRoundedIcon />} component={RouterLink} to="/mesClients/CreateEnvoi">
      Nouvel envoi
    </Button>
  ) : undefined;
  const campaigns = list.data ?? [];

  let body;
  if (list.isPending) body = <LoadingPanel />;
  else if (list.isError) body = <ErrorBlock onRetry={() => void list.refetch()} retrying={list.isFetching} />;
  else if (campaigns.length === 0)
    body = <EmptyState title="Aucune campagne" message="Créez un envoi SMS ou e-mail pour vos clients qui ont accepté vos offres." icon={<CampaignOutlinedIcon />} action={add} />;
  else
    body = (
      <TableContainer component={Paper} variant="outlined">
        <Table size="small" aria-label="Campagnes">
          <TableHead>
            <TableRow>
              <TableCell>Campagne</TableCell>
              <TableCell>Statut</TableCell>
              <TableCell>Date</TableCell>
              <TableCell align="right">Destinataires</TableCell>
              <TableCell align="right">Distribués</TableCell>
              <TableCell align="right">Échecs</TableCell>
              <TableCell align="right">Désinscriptions</TableCell>
              <TableCell align="right">Utilisations du code</TableCell>
              <TableCell align="right">Coût estimé</TableCell>
              {canWrite && <TableCell align="right">Actions</TableCell>}
            </TableRow>
          </TableHead>
          <TableBody>
            {campaigns.map((c) => {
              const progress = c.recipients > 0 ? Math.round(((c.delivered + c.failed) / c.recipients) * 100) : 0;
              return (
                <TableRow key={c.id} hover>
                  <TableCell>
                    <Typography variant="body2" sx={{ fontWeight: 600 }}>
                      {c.name}
                    </Typography>
                    <Typography variant="caption" color="text.secondary">
                      {channelLabel(c.channel)}
                      {c.promoCode ? ` · code ${c.promoCode}` : ''}
                    </Typography>
                  </TableCell>
                  <TableCell>
                    <StatusChip status={c.status} />
                    {c.status === 'sending' && <LinearProgress variant="determinate" value={progress} sx={{ mt: 1 }} aria-label={`Progression ${progress} %`} />}
                  </TableCell>
                  <TableCell>{c.sentAt ? dateTime(c.sentAt) : c.scheduledAt ? `Le ${dateTime(c.scheduledAt)}` : '—'}</TableCell>
                  <TableCell align="right">{n(c.sentAt ? c.recipients : c.estimate.recipients)}</TableCell>
                  <TableCell align="right">{c.sentAt ? n(c.delivered) : '—'}</TableCell>
                  <TableCell align="right">{c.sentAt ? n(c.failed) : '—'}</TableCell>
                  <TableCell align="right">{c.sentAt ? n(c.optouts) : '—'}</TableCell>
                  <TableCell align="right">{c.promoCode ? n(c.redemptions) : '—'}</TableCell>
                  <TableCell align="right">{c.channel === 'sms' ? formatMoney(c.estimate.cost.cents, c.estimate.cost.currency) : '—'}</TableCell>
                  {canWrite && (
                    <TableCell align="right">
                      <Box sx={{ display: 'inline-flex' }}>
                        {editable(c) && (
                          <Tooltip title="Modifier">
                            <IconButton size="small" component={RouterLink} to={`/mesClients/EditEnvoi/${c.id}`} aria-label={`Modifier ${c.name}`}>
                              <EditOutlinedIcon fontSize="small" />
                            </IconButton>
                          </Tooltip>
                        )}
                        {c.status === 'scheduled' && (
                          <Tooltip title="Annuler l'envoi programmé">
                            <IconButton size="small" onClick={() => setConfirm({ kind: 'cancel', campaign: c })} aria-label={`Annuler ${c.name}`}>
                              <EventBusyOutlinedIcon fontSize="small" />
                            </IconButton>
                          </Tooltip>
                        )}
                        {(editable(c) || c.status === 'cancelled') && (
                          <Tooltip title="Supprimer">
                            <IconButton size="small" color="error" onClick={() => setConfirm({ kind: 'delete', campaign: c })} aria-label={`Supprimer ${c.name}`}>
                              <DeleteOutlineRoundedIcon fontSize="small" />
                            </IconButton>
                          </Tooltip>
                        )}
                      </Box>
                    </TableCell>
                  )}
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </TableContainer>
    );

  return (
    <PageHeader title={route.title} subtitle={route.description ?? 'Vos campagnes SMS et e-mail : statut, messages distribués, désinscriptions et commandes avec le code promo.'} breadcrumbs={crumbsOf(route)} actions={campaigns.length > 0 ? add : undefined}>
      <Stack spacing={2}>{body}</Stack>
      <ConfirmDialog
        open={confirm !== null}
        title={confirm?.kind === 'cancel' ? "Annuler l'envoi" : 'Supprimer la campagne'}
        message={confirm ? (confirm.kind === 'cancel' ? `Annuler l'envoi programmé de « ${confirm.campaign.name} » ?` : `Supprimer la campagne « ${confirm.campaign.name} » ?`) : ''}
        confirmLabel={confirm?.kind === 'cancel' ? "Annuler l'envoi" : 'Supprimer'}
        cancelLabel="Retour"
        tone={confirm?.kind === 'delete' ? 'error' : 'warning'}
        pending={cancel.isPending || remove.isPending}
        onCancel={() => setConfirm(null)}
        onConfirm={() => {
          if (!confirm) return;
          if (confirm.kind === 'cancel') cancel.mutate({ id: confirm.campaign.id });
          else remove.mutate({ id: confirm.campaign.id });
        }}
      />
    </PageHeader>
  );
}
