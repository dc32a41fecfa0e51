import { useEffect, useMemo, useState, type DragEvent } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Box,
  Button,
  Card,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  Link,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
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
import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import FileUploadOutlinedIcon from '@mui/icons-material/FileUploadOutlined';
import UploadFileOutlinedIcon from '@mui/icons-material/UploadFileOutlined';
import { errorMessage, type ApiError } from '../../../api/client';
import { PageHeader } from '../../../components/PageHeader';
import { SearchBar } from '../../../components/SearchBar';
import { LoadingPanel } from '../../../components/LoadingPanel';
import { ErrorBlock } from '../../../components/ErrorBlock';
import { EmptyState } from '../../../components/EmptyState';
import { Toggle } from '../../../components/Toggle';
import { DeleteConfirmDialog } from '../../../components/DeleteConfirmDialog';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { useToast } from '../../../components/Toast';
import { CampaignDialog, type CampaignDialogValues } from '../components/CampaignDialog';
import { exportedName } from '../catalogue';
import { formatDateTime } from '../format';
import { duplicateNameWarning, periodText } from '../campaignRules';
import { editorPath } from '../paths';
import {
  campaignSaved,
  campaignsQuery,
  createCampaignMutation,
  deleteCampaignMutation,
  duplicateCampaignMutation,
  exportCampaign,
  importCampaignMutation,
  menuKeys,
  updateCampaignMutation,
} from '../queries';
import { CARTE_DELETED, CARTE_DELETE_FAILED } from '../texts';
import type { Campaign } from '../types';
import { useCanEdit } from '../useCanEdit';

function normalise(text: string): string {
  return text.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLowerCase().trim();
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
  // Another active carte has the name asked for: the server's warning, and the same call with the confirmation.
  const [sameName, setSameName] = useState<{ message: string; keep: () => void } | null>(null);

  const conflict = (error: ApiError) => {
    toast.error(error.detail);
    if (error.status === 409 || error.status === 404) void client.invalidateQueries({ queryKey: menuKeys.list() });
  };

  const create = useMutation({
    ...createCampaignMutation(),
    onSuccess: (campaign) => {
      campaignSaved(client, campaign);
      toast.success(`La carte « ${campaign.nom} » est créée.`);
      setSameName(null);
      setDialog(null);
      void navigate(editorPath(campaign.id));
    },
    onError: (error, body) => {
      const warning = duplicateNameWarning(error);
      if (warning) setSameName({ message: warning, keep: () => create.mutate({ ...body, confirmDuplicateName: true }) });
    },
  });
  const update = useMutation({
    ...updateCampaignMutation(),
    onSuccess: (campaign, { patch }) => {
      campaignSaved(client, campaign);
      setSameName(null);
      if (patch.nom !== undefined) {
        toast.success(
          dialog?.campaign && dialog.campaign.nom !== campaign.nom
            ? `La carte s’appelle maintenant « ${campaign.nom} ».`
            : `La carte « ${campaign.nom} » est enregistrée.`,
        );
        setDialog(null);
      } else if (patch.removed !== undefined) {
        toast.success(campaign.removed ? `La carte « ${campaign.nom} » est désactivée.` : `La carte « ${campaign.nom} » est activée.`);
      } else if (patch.isPrincipal) {
        toast.success(`« ${campaign.nom} » est maintenant la carte principale.`);
      }
    },
    onError: (error, { campaign, patch }) => {
      const warning = duplicateNameWarning(error);
      if (warning) {
        setSameName({ message: warning, keep: () => update.mutate({ campaign, patch: { ...patch, confirmDuplicateName: true } }) });
        return;
      }
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

  const submit = (values: CampaignDialogValues) => {
    const fields = {
      nom: values.nom,
      dateDebut: values.dateDebut,
      dateFin: values.dateFin,
      isPeriodic: values.isPeriodic,
      campagneDates: values.campagneDates,
    };
    if (dialog?.campaign) update.mutate({ campaign: dialog.campaign, patch: fields });
    else create.mutate(fields);
  };

  const [exporting, setExporting] = useState<number | null>(null);
  const download = async (c: Campaign) => {
    setExporting(c.id);
    try {
      const { blob, fileName } = await exportCampaign(c);
      saveFile(blob, fileName);
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setExporting(null);
    }
  };
  const [importing, setImporting] = useState(false);
  const dialogMutation = dialog?.campaign ? update : create;
  const busy = (c: Campaign) => update.isPending && update.variables.campaign.id === c.id;

  return (
    <PageHeader
      title="Mes Cartes"
      subtitle="Les cartes de votre franchise : créez-les, activez-les, et ouvrez l’éditeur pour composer catégories, produits et prix."
      breadcrumbs={[{ label: 'Accueil', to: '/' }, { label: 'Cartes' }, { label: 'Mes Cartes' }]}
      actions={
        canEdit ? (
          <Stack direction="row" spacing={1}>
            <Button variant="outlined" startIcon={<FileUploadOutlinedIcon />} onClick={() => setImporting(true)}>
              Importer une carte
            </Button>
            <Button variant="contained" startIcon={<AddRoundedIcon />} onClick={() => setDialog({ campaign: null })}>
              Nouvelle carte
            </Button>
          </Stack>
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
                      <Tooltip title="Exporter">
                        <span>
                          <IconButton aria-label={`Exporter la carte ${c.nom}`} disabled={exporting === c.id} onClick={() => void download(c)}>
                            <FileDownloadOutlinedIcon fontSize="small" />
                          </IconButton>
                        </span>
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
                          <Tooltip title="Modifier (nom, période, dates)">
                            <IconButton aria-label={`Modifier la carte ${c.nom}`} onClick={() => setDialog({ campaign: c })}>
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
        // The same-name warning is asked below, over the dialog, which keeps what was typed.
        error={duplicateNameWarning(dialogMutation.error) ? null : dialogMutation.error}
        onCancel={() => {
          create.reset();
          update.reset();
          setDialog(null);
        }}
        onSubmit={submit}
      />
      <ImportCarteDialog
        open={importing}
        onClose={() => setImporting(false)}
        onImported={(campaign) => {
          campaignSaved(client, campaign);
          toast.success(`La carte « ${campaign.nom} » est importée.`);
          setImporting(false);
        }}
      />
      <ConfirmDialog
        open={sameName !== null}
        title="Nom déjà utilisé"
        message={sameName?.message ?? ''}
        warning="Vous pouvez aussi annuler et choisir un autre nom."
        confirmLabel="Garder ce nom"
        tone="warning"
        pending={create.isPending || update.isPending}
        onCancel={() => setSameName(null)}
        onConfirm={() => sameName?.keep()}
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


/** Hands a file to the browser as a download. */
function saveFile(blob: Blob, fileName: string): void {
  if (typeof URL.createObjectURL !== 'function') return;
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.style.display = 'none';
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export const IMPORT_FILE_INVALID = "Ce fichier n'est pas un fichier JSON de carte valide.";

function readText(file: File): Promise<string> {
  if (typeof file.text === 'function') return file.text();
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result ?? ''));
    reader.onerror = () => reject(reader.error ?? new Error('read'));
    reader.readAsText(file);
  });
}

interface ChosenFile {
  name: string;
  content: Record<string, unknown>;
}

/** 'Importer une carte': a .json file (an export, or a carte document alone), under the name chosen. */
function ImportCarteDialog({ open, onClose, onImported }: { open: boolean; onClose: () => void; onImported: (campaign: Campaign) => void }) {
  const run = useMutation({ ...importCampaignMutation(), onSuccess: onImported });
  const { reset } = run;
  const [file, setFile] = useState<ChosenFile | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [nom, setNom] = useState('');
  const [over, setOver] = useState(false);

  useEffect(() => {
    if (!open) return;
    setFile(null);
    setFileError(null);
    setNom('');
    reset();
  }, [open, reset]);

  const choose = async (chosen: File | undefined) => {
    if (!chosen) return;
    reset();
    setFile(null);
    if (!/\.json$/i.test(chosen.name) && chosen.type !== 'application/json') {
      setFileError('Choisissez un fichier .json.');
      return;
    }
    try {
      const content: unknown = JSON.parse(await readText(chosen));
      if (typeof content !== 'object' || content === null || Array.isArray(content)) throw new Error('not an object');
      setFile({ name: chosen.name, content: content as Record<string, unknown> });
      setFileError(null);
      setNom(exportedName(content) || chosen.name.replace(/\.json$/i, ''));
    } catch {
      setFileError(IMPORT_FILE_INVALID);
    }
  };

  const onDrop = (event: DragEvent<HTMLElement>) => {
    event.preventDefault();
    setOver(false);
    void choose(event.dataTransfer.files[0]);
  };

  const nameError = file && !nom.trim() ? 'Le nom de la carte est obligatoire.' : null;
  const sameName = duplicateNameWarning(run.error);
  return (
    <Dialog open={open} onClose={run.isPending ? undefined : onClose} maxWidth="sm" fullWidth aria-labelledby="import-carte-title">
      <DialogTitle id="import-carte-title" sx={{ pb: 0.5 }}>
        Importer une carte
      </DialogTitle>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (file && nom.trim()) run.mutate({ content: file.content, nom, fileName: file.name });
        }}
      >
        <DialogContent>
          <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
            Un fichier exporté depuis Mes Cartes (ou un document de carte seul) devient une nouvelle carte ; les cartes existantes ne changent pas.
          </Typography>
          <Stack spacing={2}>
            {sameName ? (
              <Alert
                severity="warning"
                action={
                  <Button
                    color="inherit"
                    size="small"
                    disabled={run.isPending}
                    onClick={() => file && run.mutate({ content: file.content, nom, fileName: file.name, confirmDuplicateName: true })}
                  >
                    Garder ce nom
                  </Button>
                }
              >
                {sameName}
              </Alert>
            ) : (
              run.error && <Alert severity="error">{run.error.detail}</Alert>
            )}
            <Box
              component="label"
              onDragOver={(e) => {
                e.preventDefault();
                setOver(true);
              }}
              onDragLeave={() => setOver(false)}
              onDrop={onDrop}
              sx={(theme) => ({
                display: 'flex',
                flexDirection: 'column',
                alignItems: 'center',
                gap: 1,
                p: 3,
                borderRadius: 2,
                border: `2px dashed ${over ? theme.palette.primary.main : fileError ? theme.palette.error.main : theme.palette.divider}`,
                backgroundColor: over ? alpha(theme.palette.primary.main, 0.06) : 'transparent',
                cursor: 'pointer',
                textAlign: 'center',
                '&:focus-within': { outline: `2px solid ${theme.palette.primary.main}`, outlineOffset: 2 },
              })}
            >
              <UploadFileOutlinedIcon sx={{ color: 'primary.main', fontSize: 32 }} />
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {file ? file.name : 'Déposez le fichier ici ou cliquez pour le choisir'}
              </Typography>
              <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                Fichier .json
              </Typography>
              <input
                type="file"
                accept=".json,application/json"
                aria-label="Fichier de la carte"
                style={{ position: 'absolute', width: 1, height: 1, opacity: 0, overflow: 'hidden' }}
                onChange={(e) => {
                  void choose(e.target.files?.[0]);
                  e.target.value = '';
                }}
              />
            </Box>
            {fileError && (
              <Typography variant="body2" role="alert" sx={{ color: 'error.main' }}>
                {fileError}
              </Typography>
            )}
            <TextField
              label="Nom de la carte"
              value={nom}
              onChange={(e) => {
                setNom(e.target.value);
                // A warning about the previous name no longer applies.
                if (sameName) reset();
              }}
              disabled={!file}
              required
              error={Boolean(nameError)}
              helperText={nameError ?? 'Par défaut, le nom enregistré dans le fichier.'}
              slotProps={{ htmlInput: { maxLength: 120 } }}
            />
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2.5 }}>
          <Button color="inherit" onClick={onClose} disabled={run.isPending}>
            Annuler
          </Button>
          <Button type="submit" variant="contained" disabled={!file || !nom.trim()} loading={run.isPending}>
            Importer
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
