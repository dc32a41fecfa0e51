import { useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Box,
  Button,
  Card,
  CardActionArea,
  Chip,
  IconButton,
  ListItemIcon,
  Menu,
  MenuItem,
  Stack,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import AddRoundedIcon from '@mui/icons-material/AddRounded';
import MoreVertRoundedIcon from '@mui/icons-material/MoreVertRounded';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import DeleteOutlineRoundedIcon from '@mui/icons-material/DeleteOutlineRounded';
import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import RefreshRoundedIcon from '@mui/icons-material/RefreshRounded';
import MenuBookOutlinedIcon from '@mui/icons-material/MenuBookOutlined';
import LocalOfferOutlinedIcon from '@mui/icons-material/LocalOfferOutlined';
import ScheduleRoundedIcon from '@mui/icons-material/ScheduleRounded';
import { ApiError, errorMessage } from '../../../api/client';
import { PageHeader } from '../../../components/PageHeader';
import { LoadingPanel } from '../../../components/LoadingPanel';
import { ErrorBlock } from '../../../components/ErrorBlock';
import { EmptyState } from '../../../components/EmptyState';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { useToast } from '../../../components/Toast';
import { toastSaveError } from '../../../components/saveError';
import { campaignsQuery, documentQuery, documentSaved, menuKeys, saveDocumentMutation } from '../../menus/queries';
import { SAVE_FAILED } from '../../menus/texts';
import { useCanEdit } from '../../menus/useCanEdit';
import { TagImage } from '../components/TagImageField';
import { tagDetailsPath } from '../paths';
import { TAG_IMAGES_ZIP, downloadTagImages, saveFile } from '../queries';
import { activeTags, deleteTag, enabledOrderTypes, orderTypeLabel, scheduleSummary, weekOf, type MenuTag } from '../tagEdits';

export const SELECT_CARTE_TEXT = 'Veuillez sélectionner une carte pour afficher ses tags.';
export const NO_TAG_TEXT = 'Aucun tag dans cette carte.';
export const deleteTagQuestion = (name: string) => `Êtes-vous sûr de vouloir supprimer le tag « ${name} » ?`;

/** 'Mes Tags': the tags of one carte, as cards; the carte chosen stays in the address (?carte=). */
export function MesTagsPage() {
  const navigate = useNavigate();
  const toast = useToast();
  const canEdit = useCanEdit();
  const campaigns = useQuery(campaignsQuery());
  const [search, setSearch] = useSearchParams();
  const chosen = Number(search.get('carte'));
  const campaignId = Number.isInteger(chosen) && chosen > 0 ? chosen : null;
  const [downloading, setDownloading] = useState(false);

  const choose = (id: number | null) => setSearch(id ? { carte: String(id) } : {}, { replace: true });

  const download = async () => {
    if (!campaignId) return;
    setDownloading(true);
    try {
      saveFile(await downloadTagImages(campaignId), TAG_IMAGES_ZIP);
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setDownloading(false);
    }
  };

  return (
    <PageHeader
      title="Mes Tags"
      subtitle="Les tags d’une carte : leurs logos, leurs types de commande et leurs horaires de la semaine."
      breadcrumbs={[{ label: 'Accueil', to: '/' }, { label: 'Configuration' }, { label: 'Mes Tags' }]}
      actions={
        <>
          <TextField
            select
            label="Mes Cartes"
            value={campaignId && campaigns.data?.some((c) => c.id === campaignId) ? campaignId : ''}
            onChange={(e) => choose(e.target.value === '' ? null : Number(e.target.value))}
            size="small"
            sx={{ minWidth: 260 }}
            disabled={!campaigns.isSuccess}
            helperText={campaigns.isError ? 'Impossible de charger vos cartes.' : undefined}
            error={campaigns.isError}
          >
            {(campaigns.data ?? []).map((c) => (
              <MenuItem key={c.id} value={c.id}>
                {c.nom}
                {c.removed ? ' (désactivée)' : ''}
              </MenuItem>
            ))}
          </TextField>
          <Button variant="outlined" startIcon={<FileDownloadOutlinedIcon />} disabled={!campaignId} loading={downloading} onClick={() => void download()}>
            Télécharger les images
          </Button>
          {canEdit && (
            <Button variant="contained" startIcon={<AddRoundedIcon />} disabled={!campaignId} onClick={() => campaignId && void navigate(tagDetailsPath(campaignId, 'new'))}>
              Nouveau tag
            </Button>
          )}
        </>
      }
    >
      {campaignId === null ? (
        <Card>
          {campaigns.isError ? (
            <Box sx={{ p: 3 }}>
              <ErrorBlock onRetry={() => void campaigns.refetch()} retrying={campaigns.isFetching} />
            </Box>
          ) : (
            <EmptyState icon={<MenuBookOutlinedIcon />} message={SELECT_CARTE_TEXT} minHeight={320} />
          )}
        </Card>
      ) : (
        <CarteTags key={campaignId} campaignId={campaignId} />
      )}
    </PageHeader>
  );
}

function CarteTags({ campaignId }: { campaignId: number }) {
  const client = useQueryClient();
  const toast = useToast();
  const navigate = useNavigate();
  const canEdit = useCanEdit();
  const doc = useQuery(documentQuery(campaignId));
  const save = useMutation(saveDocumentMutation());
  const [toDelete, setToDelete] = useState<MenuTag | null>(null);
  const [stale, setStale] = useState<string | null>(null);
  const tags = useMemo(() => (doc.data ? activeTags(doc.data.document) : []), [doc.data]);

  const confirmDelete = async () => {
    if (!doc.data || !toDelete) return;
    const next = deleteTag(doc.data.document, toDelete.idGlobal);
    try {
      const saved = await save.mutateAsync({ campaignId, version: doc.data.version, document: next });
      documentSaved(client, saved, next);
      setStale(null);
      toast.success(`Le tag « ${toDelete.name_tag} » est supprimé.`);
    } catch (error) {
      toastSaveError(toast, error, SAVE_FAILED, setStale);
    } finally {
      setToDelete(null);
    }
  };

  if (doc.isPending) return <LoadingPanel minHeight={320} />;
  if (!doc.data) {
    return (
      <Card sx={{ p: 3 }}>
        <ErrorBlock
          message={doc.error instanceof ApiError && doc.error.status === 404 ? doc.error.detail : undefined}
          onRetry={() => void doc.refetch()}
          retrying={doc.isFetching}
        />
      </Card>
    );
  }

  return (
    <Stack spacing={2}>
      {stale && (
        <Alert
          severity="warning"
          action={
            <Button
              color="inherit"
              size="small"
              startIcon={<RefreshRoundedIcon />}
              onClick={() => void client.invalidateQueries({ queryKey: menuKeys.document(campaignId) }).then(() => setStale(null))}
            >
              Recharger
            </Button>
          }
        >
          {stale}
        </Alert>
      )}
      {tags.length === 0 ? (
        <Card>
          <EmptyState
            icon={<LocalOfferOutlinedIcon />}
            message={NO_TAG_TEXT}
            minHeight={320}
            action={
              canEdit ? (
                <Button variant="outlined" startIcon={<AddRoundedIcon />} onClick={() => void navigate(tagDetailsPath(campaignId, 'new'))}>
                  Créer un tag
                </Button>
              ) : undefined
            }
          />
        </Card>
      ) : (
        <Box
          role="list"
          aria-label="Tags de la carte"
          sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)', xl: 'repeat(4, 1fr)' } }}
        >
          {tags.map((tag) => (
            <TagCard
              key={tag.idGlobal}
              tag={tag}
              canEdit={canEdit}
              onOpen={() => void navigate(tagDetailsPath(campaignId, tag.idTag))}
              onDelete={() => setToDelete(tag)}
            />
          ))}
        </Box>
      )}
      <ConfirmDialog
        open={toDelete !== null}
        title="Confirmer la suppression"
        message={deleteTagQuestion(toDelete?.name_tag ?? '')}
        warning="Le tag n’apparaît plus dans les listes ni dans les cartes générées."
        confirmLabel="Supprimer"
        tone="error"
        icon={<DeleteOutlineRoundedIcon />}
        pending={save.isPending}
        onCancel={() => setToDelete(null)}
        onConfirm={() => void confirmDelete()}
      />
    </Stack>
  );
}

function TagCard({ tag, canEdit, onOpen, onDelete }: { tag: MenuTag; canEdit: boolean; onOpen: () => void; onDelete: () => void }) {
  const [menu, setMenu] = useState<HTMLElement | null>(null);
  const name = tag.name_tag || 'Sans nom';
  const summary = scheduleSummary(weekOf(tag));
  const types = enabledOrderTypes(tag);
  return (
    <Card role="listitem" aria-label={name} sx={{ position: 'relative', display: 'flex' }}>
      <CardActionArea onClick={onOpen} aria-label={`Ouvrir le tag ${name}`} sx={{ p: 2, display: 'flex', alignItems: 'flex-start', gap: 2, justifyContent: 'flex-start' }}>
        <Box
          sx={{
            width: 64,
            height: 64,
            flexShrink: 0,
            borderRadius: 2,
            border: 1,
            borderColor: 'divider',
            bgcolor: 'background.default',
            display: 'grid',
            placeItems: 'center',
            overflow: 'hidden',
          }}
        >
          <TagImage path={tag.logo_tag ?? ''} alt={`Logo ${name}`} size={20} />
        </Box>
        <Box sx={{ minWidth: 0, flex: 1, pr: 4 }}>
          <Typography variant="subtitle1" noWrap sx={{ fontWeight: 600 }}>
            {name}
          </Typography>
          <Typography variant="caption" sx={{ color: 'text.secondary' }}>
            {typeof tag.number_tag === 'number' ? `N° ${tag.number_tag}` : 'Sans numéro'}
          </Typography>
          <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap', mt: 1 }}>
            {types.length === 0 ? (
              <Chip size="small" variant="outlined" label="Aucun type de commande" />
            ) : (
              types.map((o) => <Chip key={o} size="small" color="primary" variant="outlined" label={orderTypeLabel(o)} sx={{ height: 22, fontSize: '0.72rem' }} />)
            )}
          </Stack>
          <Tooltip title={summary}>
            <Stack direction="row" spacing={0.75} sx={{ alignItems: 'center', mt: 1, color: 'text.secondary', minWidth: 0 }}>
              <ScheduleRoundedIcon sx={{ fontSize: 16 }} />
              <Typography variant="body2" noWrap>
                {summary}
              </Typography>
            </Stack>
          </Tooltip>
        </Box>
      </CardActionArea>
      <IconButton aria-label={`Actions du tag ${name}`} onClick={(e) => setMenu(e.currentTarget)} sx={{ position: 'absolute', top: 8, right: 8 }}>
        <MoreVertRoundedIcon fontSize="small" />
      </IconButton>
      <Menu anchorEl={menu} open={menu !== null} onClose={() => setMenu(null)}>
        <MenuItem
          onClick={() => {
            setMenu(null);
            onOpen();
          }}
        >
          <ListItemIcon>
            <EditOutlinedIcon fontSize="small" />
          </ListItemIcon>
          {canEdit ? 'Modifier' : 'Consulter'}
        </MenuItem>
        {canEdit && (
          <MenuItem
            onClick={() => {
              setMenu(null);
              onDelete();
            }}
            sx={{ color: 'error.main' }}
          >
            <ListItemIcon sx={{ color: 'inherit' }}>
              <DeleteOutlineRoundedIcon fontSize="small" />
            </ListItemIcon>
            Supprimer
          </MenuItem>
        )}
      </Menu>
    </Card>
  );
}
