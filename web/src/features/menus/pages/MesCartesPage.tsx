import { useMemo, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Box,
  Button,
  Card,
  Chip,
  IconButton,
  Link,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Tooltip,
  Typography,
} from '@mui/material';
import { alpha } from '@mui/material/styles';
import AddRoundedIcon from '@mui/icons-material/AddRounded';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import DriveFileRenameOutlineRoundedIcon from '@mui/icons-material/DriveFileRenameOutlineRounded';
import ContentCopyRoundedIcon from '@mui/icons-material/ContentCopyRounded';
import DeleteOutlineRoundedIcon from '@mui/icons-material/DeleteOutlineRounded';
import StarRoundedIcon from '@mui/icons-material/StarRounded';
import StarBorderRoundedIcon from '@mui/icons-material/StarBorderRounded';
import MenuBookOutlinedIcon from '@mui/icons-material/MenuBookOutlined';
import EventRepeatRoundedIcon from '@mui/icons-material/EventRepeatRounded';
import type { ApiError } from '../../../api/client';
import { PageHeader } from '../../../components/PageHeader';
import { SearchBar } from '../../../components/SearchBar';
import { LoadingPanel } from '../../../components/LoadingPanel';
import { ErrorBlock } from '../../../components/ErrorBlock';
import { EmptyState } from '../../../components/EmptyState';
import { Toggle } from '../../../components/Toggle';
import { DeleteConfirmDialog } from '../../../components/DeleteConfirmDialog';
import { useToast } from '../../../components/Toast';
import { CampaignDialog } from '../components/CampaignDialog';
import { formatDateTime, formatDay } from '../format';
import { editorPath } from '../paths';
import {
  campaignSaved,
  campaignsQuery,
  createCampaignMutation,
  deleteCampaignMutation,
  duplicateCampaignMutation,
  menuKeys,
  updateCampaignMutation,
} from '../queries';
import type { CampaignForm } from '../schemas';
import { CARTE_DELETED, CARTE_DELETE_FAILED } from '../texts';
import type { Campaign } from '../types';
import { useCanEdit } from '../useCanEdit';

function normalise(text: string): string {
  return text.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLowerCase().trim();
}

export function periodText(c: Campaign): string {
  if (c.dateDebut && c.dateFin) return `Du ${formatDay(c.dateDebut)} au ${formatDay(c.dateFin)}`;
  if (c.dateDebut) return `À partir du ${formatDay(c.dateDebut)}`;
  if (c.dateFin) return `Jusqu’au ${formatDay(c.dateFin)}`;
  return 'Toute l’année';
}

/** 'Mes Cartes': the franchise's cartes, their state, and the way into the editor. */
export function MesCartesPage() {
  const client = useQueryClient();
  const toast = useToast();
  const navigate = useNavigate();
  const canEdit = useCanEdit();
  const list = useQuery(campaignsQuery());
  const [query, setQuery] = useState('');
  const [dialog, setDialog] = useState<{ campaign: Campaign | null } | null>(null);
  const [toDelete, setToDelete] = useState<Campaign | null>(null);

  const conflict = (error: ApiError) => {
    toast.error(error.detail);
    if (error.status === 409 || error.status === 404) void client.invalidateQueries({ queryKey: menuKeys.list() });
  };

  const create = useMutation({
    ...createCampaignMutation(),
    onSuccess: (campaign) => {
      campaignSaved(client, campaign);
      toast.success(`La carte « ${campaign.nom} » est créée.`);
      setDialog(null);
      void navigate(editorPath(campaign.id));
    },
  });
  const update = useMutation({
    ...updateCampaignMutation(),
    onSuccess: (campaign, { patch }) => {
      campaignSaved(client, campaign);
      if (patch.nom !== undefined) {
        toast.success(`La carte s’appelle maintenant « ${campaign.nom} ».`);
        setDialog(null);
      } else if (patch.removed !== undefined) {
        toast.success(campaign.removed ? `La carte « ${campaign.nom} » est désactivée.` : `La carte « ${campaign.nom} » est activée.`);
      } else if (patch.isPrincipal) {
        toast.success(`« ${campaign.nom} » est maintenant la carte principale.`);
      }
    },
    onError: (error, { patch }) => {
      // A rename error stays in its dialog, next to what was typed.
      if (patch.nom === undefined) conflict(error);
    },
  });
  const duplicate = useMutation({
    ...duplicateCampaignMutation(),
    onSuccess: (campaign) => {
      campaignSaved(client, campaign);
      toast.success(`La carte « ${campaign.nom} » est créée.`);
    },
    onError: conflict,
  });
  const remove = useMutation({
    ...deleteCampaignMutation(),
    onSuccess: (_, { campaignId }) => {
      toast.success(CARTE_DELETED);
      setToDelete(null);
      client.removeQueries({ queryKey: menuKeys.campaign(campaignId) });
    },
    onError: () => {
      toast.error(CARTE_DELETE_FAILED);
      setToDelete(null);
    },
    // Deleted, or already gone (404): either way the list is asked for again.
    onSettled: () => client.invalidateQueries({ queryKey: menuKeys.list() }),
  });

  const items = useMemo(() => list.data ?? [], [list.data]);
  const visible = useMemo(() => {
    const q = normalise(query);
    const sorted = [...items].sort((a, b) => Number(b.isPrincipal) - Number(a.isPrincipal) || a.nom.localeCompare(b.nom, 'fr'));
    return q ? sorted.filter((c) => normalise(c.nom).includes(q)) : sorted;
  }, [items, query]);

  const submit = (values: CampaignForm) => {
    if (dialog?.campaign) {
      update.mutate({ campaign: dialog.campaign, patch: { nom: values.nom, dateDebut: values.dateDebut, dateFin: values.dateFin } });
    } else {
      create.mutate({ nom: values.nom, dateDebut: values.dateDebut, dateFin: values.dateFin, isPeriodic: false });
    }
  };
  const dialogMutation = dialog?.campaign ? update : create;
  const busy = (c: Campaign) => update.isPending && update.variables.campaign.id === c.id;

  return (
    <PageHeader
      title="Mes Cartes"
      subtitle="Les cartes de votre franchise : créez-les, activez-les, et ouvrez l’éditeur pour composer catégories, produits et prix."
      breadcrumbs={[{ label: 'Accueil', to: '/' }, { label: 'Cartes' }, { label: 'Mes Cartes' }]}
      actions={
        canEdit ? (
          <Button variant="contained" startIcon={<AddRoundedIcon />} onClick={() => setDialog({ campaign: null })}>
            Nouvelle carte
          </Button>
        ) : undefined
      }
    >
      <Card>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={2}
          sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between', px: 3, py: 2.5 }}
        >
          <Box>
            <Typography variant="h6" component="h2">
              Cartes
            </Typography>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {list.isSuccess
                ? `${items.length} carte${items.length > 1 ? 's' : ''} · ${items.filter((c) => !c.removed).length} active${items.filter((c) => !c.removed).length > 1 ? 's' : ''}`
                : ' '}
            </Typography>
          </Box>
          <Box sx={{ width: { xs: '100%', sm: 320 } }}>
            <SearchBar thing="une carte" value={query} onChange={setQuery} />
          </Box>
        </Stack>
        {list.isPending ? (
          <LoadingPanel />
        ) : list.isError ? (
          <Box sx={{ px: 3, pb: 3 }}>
            <ErrorBlock onRetry={() => void list.refetch()} retrying={list.isFetching} />
          </Box>
        ) : visible.length === 0 ? (
          <EmptyState
            icon={<MenuBookOutlinedIcon />}
            action={
              canEdit && items.length === 0 ? (
                <Button variant="outlined" startIcon={<AddRoundedIcon />} onClick={() => setDialog({ campaign: null })}>
                  Créer ma première carte
                </Button>
              ) : undefined
            }
          />
        ) : (
          <TableContainer>
            <Table aria-label="Cartes">
              <TableHead>
                <TableRow>
                  <TableCell sx={{ pl: 3, minWidth: 280 }}>Carte</TableCell>
                  <TableCell>Période</TableCell>
                  <TableCell>État</TableCell>
                  <TableCell>Dernière modification</TableCell>
                  <TableCell align="right" sx={{ pr: 3 }}>
                    Actions
                  </TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {visible.map((c) => (
                  <TableRow key={c.id} hover sx={{ opacity: c.removed ? 0.72 : 1 }}>
                    <TableCell sx={{ pl: 3 }}>
                      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
                        <Box
                          aria-hidden
                          sx={(theme) => ({
                            width: 40,
                            height: 40,
                            borderRadius: '12px',
                            display: 'grid',
                            placeItems: 'center',
                            flexShrink: 0,
                            color: c.isPrincipal ? 'warning.main' : 'primary.main',
                            backgroundColor: alpha(c.isPrincipal ? theme.palette.warning.main : theme.palette.primary.main, 0.1),
                          })}
                        >
                          {c.isPrincipal ? <StarRoundedIcon /> : <MenuBookOutlinedIcon />}
                        </Box>
                        <Box sx={{ minWidth: 0 }}>
                          <Link component={RouterLink} to={editorPath(c.id)} underline="hover" sx={{ fontWeight: 600, color: 'text.primary', display: 'block' }}>
                            {c.nom}
                          </Link>
                          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mt: 0.25 }}>
                            {c.isPrincipal && (
                              <Chip size="small" color="warning" variant="outlined" label="Principale" sx={{ height: 20, fontSize: '0.7rem', fontWeight: 600 }} />
                            )}
                            <Typography variant="caption" noWrap sx={{ color: 'text.secondary' }}>
                              {c.url}
                            </Typography>
                          </Stack>
                        </Box>
                      </Stack>
                    </TableCell>
                    <TableCell>
                      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                        {c.isPeriodic && (
                          <Tooltip title="Carte périodique : ses dates sont reportées chaque mois">
                            <EventRepeatRoundedIcon fontSize="small" sx={{ color: 'info.main' }} aria-label="Périodique" />
                          </Tooltip>
                        )}
                        <Typography variant="body2">{periodText(c)}</Typography>
                      </Stack>
                    </TableCell>
                    <TableCell>
                      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                        <Toggle
                          label={`Carte « ${c.nom} » active`}
                          checked={!c.removed}
                          disabled={!canEdit || busy(c)}
                          onChange={(active) => update.mutate({ campaign: c, patch: { removed: !active } })}
                        />
                        <Chip
                          size="small"
                          label={c.removed ? 'Désactivée' : 'Active'}
                          color={c.removed ? 'default' : 'success'}
                          variant={c.removed ? 'outlined' : 'filled'}
                          sx={{ fontWeight: 600 }}
                        />
                      </Stack>
                    </TableCell>
                    <TableCell>
                      <Typography variant="body2">{formatDateTime(c.updatedAt)}</Typography>
                      <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                        par {c.updatedBy || '—'}
                      </Typography>
                    </TableCell>
                    <TableCell align="right" sx={{ pr: 2, whiteSpace: 'nowrap' }}>
                      <Tooltip title={canEdit ? 'Ouvrir l’éditeur' : 'Consulter'}>
                        <IconButton aria-label={`Ouvrir la carte ${c.nom}`} onClick={() => void navigate(editorPath(c.id))}>
                          <EditOutlinedIcon fontSize="small" />
                        </IconButton>
                      </Tooltip>
                      {canEdit && (
                        <>
                          <Tooltip title={c.isPrincipal ? 'Carte principale' : 'Définir comme carte principale'}>
                            <span>
                              <IconButton
                                aria-label={`Définir ${c.nom} comme carte principale`}
                                disabled={c.isPrincipal || busy(c)}
                                onClick={() => update.mutate({ campaign: c, patch: { isPrincipal: true } })}
                              >
                                {c.isPrincipal ? <StarRoundedIcon fontSize="small" /> : <StarBorderRoundedIcon fontSize="small" />}
                              </IconButton>
                            </span>
                          </Tooltip>
                          <Tooltip title="Renommer">
                            <IconButton aria-label={`Renommer la carte ${c.nom}`} onClick={() => setDialog({ campaign: c })}>
                              <DriveFileRenameOutlineRoundedIcon fontSize="small" />
                            </IconButton>
                          </Tooltip>
                          <Tooltip title="Dupliquer">
                            <span>
                              <IconButton
                                aria-label={`Dupliquer la carte ${c.nom}`}
                                disabled={duplicate.isPending}
                                onClick={() => duplicate.mutate({ campaignId: c.id })}
                              >
                                <ContentCopyRoundedIcon fontSize="small" />
                              </IconButton>
                            </span>
                          </Tooltip>
                          <Tooltip title="Supprimer">
                            <IconButton aria-label={`Supprimer la carte ${c.nom}`} onClick={() => setToDelete(c)} sx={{ '&:hover': { color: 'error.main' } }}>
                              <DeleteOutlineRoundedIcon fontSize="small" />
                            </IconButton>
                          </Tooltip>
                        </>
                      )}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </Card>

      <CampaignDialog
        open={dialog !== null}
        campaign={dialog?.campaign ?? null}
        pending={dialogMutation.isPending}
        error={dialogMutation.error}
        onCancel={() => {
          create.reset();
          update.reset();
          setDialog(null);
        }}
        onSubmit={submit}
      />
      <DeleteConfirmDialog
        open={toDelete !== null}
        kind="carte"
        names={[toDelete?.nom ?? '']}
        pending={remove.isPending}
        warning="La carte, ses liens avec les restaurants et son fichier sont supprimés."
        onCancel={() => setToDelete(null)}
        onConfirm={() => toDelete && remove.mutate({ campaignId: toDelete.id })}
      />
    </PageHeader>
  );
}

