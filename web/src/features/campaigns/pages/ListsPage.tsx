import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { Box, Button, IconButton, Paper, Stack, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, TextField, Tooltip, Typography } from '@mui/material';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import DeleteOutlineRoundedIcon from '@mui/icons-material/DeleteOutlineRounded';
import type { AppRoute } from '../../../app/routeTable';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { crumbsOf } from '../../../components/crumbs';
import { EmptyState } from '../../../components/EmptyState';
import { ErrorBlock } from '../../../components/ErrorBlock';
import { LoadingPanel } from '../../../components/LoadingPanel';
import { PageHeader } from '../../../components/PageHeader';
import { toastSaveError } from '../../../components/saveError';
import { useToast } from '../../../components/Toast';
import { restaurantsQuery } from '../../restaurants/queries';
import { SegmentFields, describeSegment } from '../components/SegmentFields';
import { createListMutation, deleteListMutation, estimateQuery, listQuery, listsQuery, marketingChanged, updateListMutation } from '../queries';
import type { MarketingList, Segment } from '../types';
import { useCanWriteCampaigns } from './CampaignsPage';

/** Nouvelle liste de diffusion / Modifier la liste: a saved segment, and every list with its counts. */
export function ListsPage({ route }: { route: AppRoute }) {
  const params = useParams();
  const id = params.id ? Number(params.id) : 0;
  const existing = useQuery({ ...listQuery(id), enabled: id > 0 });
  let editor;
  if (id > 0 && existing.isPending) editor = <LoadingPanel />;
  else if (id > 0 && existing.isError) editor = <ErrorBlock onRetry={() => void existing.refetch()} retrying={existing.isFetching} />;
  else editor = <ListEditor key={existing.data?.id ?? 0} list={existing.data} />;
  return (
    <PageHeader title={route.title} subtitle="Une liste de diffusion enregistre un filtre de clients, recalculé à chaque envoi." breadcrumbs={crumbsOf(route)}>
      <Stack spacing={3}>
        {editor}
        <SavedLists />
      </Stack>
    </PageHeader>
  );
}

function ListEditor({ list }: { list?: MarketingList }) {
  const canWrite = useCanWriteCampaigns();
  const client = useQueryClient();
  const toast = useToast();
  const navigate = useNavigate();
  const restaurants = useQuery(restaurantsQuery());
  const [name, setName] = useState(list?.name ?? '');
  const [segment, setSegment] = useState<Segment>(list?.segment ?? { restaurantIds: [] });
  const [error, setError] = useState('');
  const sms = useQuery(estimateQuery({ channel: 'sms', segment, body: '' }));
  const email = useQuery(estimateQuery({ channel: 'email', segment, body: '' }));
  const create = useMutation(createListMutation());
  const update = useMutation(updateListMutation());

  async function save() {
    setError('');
    if (!name.trim()) {
      setError('Le nom de la liste est obligatoire.');
      return;
    }
    try {
      const saved = list ? await update.mutateAsync({ id: list.id, version: list.version, body: { name, segment } }) : await create.mutateAsync({ name, segment });
      marketingChanged(client);
      toast.success(`Liste « ${saved.name} » enregistrée.`);
      navigate(`/mesClients/EditDiffusionList/${saved.id}`);
    } catch (e) {
      toastSaveError(toast, e, "La liste n'a pas pu être enregistrée.");
    }
  }

  return (
    <Paper variant="outlined" sx={{ p: 3 }}>
      <Stack spacing={2}>
        <TextField label="Nom de la liste" value={name} onChange={(e) => setName(e.target.value)} disabled={!canWrite} required error={!!error} helperText={error || ' '} />
        <SegmentFields value={segment} onChange={setSegment} restaurants={restaurants.data ?? []} disabled={!canWrite} />
        <Typography aria-label="Destinataires de la liste" aria-live="polite">
          {sms.data && email.data
            ? `${sms.data.recipients.toLocaleString('fr-FR')} clients joignables par SMS · ${email.data.recipients.toLocaleString('fr-FR')} par e-mail`
            : 'Calcul des destinataires…'}
        </Typography>
        {canWrite && (
          <Box>
            <Button variant="contained" onClick={() => void save()} disabled={create.isPending || update.isPending}>
              Enregistrer la liste
            </Button>
          </Box>
        )}
      </Stack>
    </Paper>
  );
}

function SavedLists() {
  const canWrite = useCanWriteCampaigns();
  const client = useQueryClient();
  const toast = useToast();
  const lists = useQuery(listsQuery());
  const restaurants = useQuery(restaurantsQuery());
  const [deleting, setDeleting] = useState<MarketingList | null>(null);
  const remove = useMutation({
    ...deleteListMutation(),
    onSuccess: () => {
      toast.success(`Liste « ${deleting?.name ?? ''} » supprimée.`);
      setDeleting(null);
      marketingChanged(client);
    },
    onError: (e) => toastSaveError(toast, e, "La liste n'a pas pu être supprimée."),
  });
  if (lists.isPending) return <LoadingPanel />;
  if (lists.isError) return <ErrorBlock onRetry={() => void lists.refetch()} retrying={lists.isFetching} />;
  const items = lists.data ?? [];
  if (items.length === 0) return <EmptyState title="Aucune liste enregistrée" message="Enregistrez un filtre pour le réutiliser dans vos envois." />;
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" aria-label="Listes de diffusion">
        <TableHead>
          <TableRow>
            <TableCell>Liste</TableCell>
            <TableCell>Filtre</TableCell>
            <TableCell align="right">SMS</TableCell>
            <TableCell align="right">E-mail</TableCell>
            {canWrite && <TableCell align="right">Actions</TableCell>}
          </TableRow>
        </TableHead>
        <TableBody>
          {items.map((l) => (
            <TableRow key={l.id} hover>
              <TableCell sx={{ fontWeight: 600 }}>{l.name}</TableCell>
              <TableCell>{describeSegment(l.segment, restaurants.data ?? [])}</TableCell>
              <TableCell align="right">{l.recipients.sms.toLocaleString('fr-FR')}</TableCell>
              <TableCell align="right">{l.recipients.email.toLocaleString('fr-FR')}</TableCell>
              {canWrite && (
                <TableCell align="right">
                  <Tooltip title="Modifier">
                    <IconButton size="small" component={RouterLink} to={`/mesClients/EditDiffusionList/${l.id}`} aria-label={`Modifier ${l.name}`}>
                      <EditOutlinedIcon fontSize="small" />
                    </IconButton>
                  </Tooltip>
                  <Tooltip title="Supprimer">
                    <IconButton size="small" color="error" onClick={() => setDeleting(l)} aria-label={`Supprimer ${l.name}`}>
                      <DeleteOutlineRoundedIcon fontSize="small" />
                    </IconButton>
                  </Tooltip>
                </TableCell>
              )}
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <ConfirmDialog
        open={deleting !== null}
        title="Supprimer la liste"
        message={`Supprimer la liste « ${deleting?.name ?? ''} » ?`}
        warning="Les campagnes qui l'ont utilisée gardent leur propre filtre."
        confirmLabel="Supprimer"
        tone="error"
        pending={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate({ id: deleting.id })}
      />
    </TableContainer>
  );
}
