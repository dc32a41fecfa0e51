import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Divider,
  Drawer,
  IconButton,
  Stack,
  Typography,
} from '@mui/material';
import CloseRoundedIcon from '@mui/icons-material/CloseRounded';
import HistoryRoundedIcon from '@mui/icons-material/HistoryRounded';
import DataObjectRoundedIcon from '@mui/icons-material/DataObjectRounded';
import RestoreRoundedIcon from '@mui/icons-material/RestoreRounded';
import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { LoadingPanel } from '../../../components/LoadingPanel';
import { ErrorBlock } from '../../../components/ErrorBlock';
import { EmptyState } from '../../../components/EmptyState';
import { useToast } from '../../../components/Toast';
import { errorMessage } from '../../../api/client';
import { deployKeys, menuQuery, rollbackMutation, versionsQuery, type DeployedVersion, type MenuWhich } from '../queries';
import { formatDateTime, plural } from '../format';

export interface VersionsTarget {
  id: number;
  nom: string;
  siret: string;
}

const size = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 1 });
const formatSize = (bytes: number) => (bytes >= 1024 * 1024 ? `${size.format(bytes / 1024 / 1024)} Mo` : `${size.format(bytes / 1024)} Ko`);

/** A restaurant's deployed versions, newest first, each one can be put back in service. */
export function VersionsDrawer({ restaurant, onClose }: { restaurant: VersionsTarget | null; onClose: () => void }) {
  // The last menu shown stays while the dialog fades out (no flash of another title).
  const [json, setJson] = useState<{ which: MenuWhich; open: boolean }>({ which: 'deployed', open: false });
  const showJson = (which: MenuWhich) => setJson({ which, open: true });
  return (
    <Drawer anchor="right" open={restaurant !== null} onClose={onClose} slotProps={{ paper: { sx: { width: { xs: '100%', sm: 480 } } } }}>
      {restaurant && (
        <Box role="region" aria-label={`Versions de ${restaurant.nom}`} sx={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start', px: 3, pt: 3, pb: 2 }}>
            <Box sx={{ flex: 1, minWidth: 0 }}>
              <Typography variant="overline" sx={{ color: 'text.secondary' }}>
                Versions déployées
              </Typography>
              <Typography variant="h6" component="h2">
                {restaurant.nom}
              </Typography>
              <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                SIRET {restaurant.siret}
              </Typography>
            </Box>
            <IconButton aria-label="Fermer" onClick={onClose}>
              <CloseRoundedIcon />
            </IconButton>
          </Stack>
          <Stack direction="row" spacing={1} sx={{ px: 3, pb: 2 }}>
            <Button size="small" variant="outlined" startIcon={<DataObjectRoundedIcon />} onClick={() => showJson('deployed')}>
              Voir le JSON déployé
            </Button>
            <Button size="small" variant="text" onClick={() => showJson('next')}>
              Prochaine carte
            </Button>
          </Stack>
          <Divider />
          <Box sx={{ flex: 1, overflowY: 'auto', px: 3, py: 2 }}>
            <VersionList restaurant={restaurant} onJson={showJson} />
          </Box>
          <MenuJsonDialog restaurant={restaurant} which={json.which} open={json.open} onClose={() => setJson((j) => ({ ...j, open: false }))} />
        </Box>
      )}
    </Drawer>
  );
}

function VersionList({ restaurant, onJson }: { restaurant: VersionsTarget; onJson: (version: number) => void }) {
  const client = useQueryClient();
  const toast = useToast();
  const versions = useQuery(versionsQuery(restaurant.id));
  const [confirm, setConfirm] = useState<DeployedVersion | null>(null);
  const rollback = useMutation({
    ...rollbackMutation(),
    onSuccess: (v, vars) => {
      toast.success(`La version ${vars.version} est remise en service (version ${v.version}) : les bornes de ${restaurant.nom} la reçoivent.`);
      setConfirm(null);
    },
    onError: (error) => {
      toast.error(error.detail);
      setConfirm(null);
    },
    onSettled: () => client.invalidateQueries({ queryKey: deployKeys.all }),
  });

  if (versions.isPending) return <LoadingPanel />;
  if (versions.isError) return <ErrorBlock onRetry={() => void versions.refetch()} retrying={versions.isFetching} />;
  if (versions.data.length === 0)
    return <EmptyState icon={<HistoryRoundedIcon />} title="Jamais déployé" message="Ce restaurant n’a encore reçu aucune carte. Déployez-le pour créer sa première version." />;

  return (
    <Stack component="ol" spacing={1.5} sx={{ listStyle: 'none', m: 0, p: 0 }} aria-label="Versions">
      {versions.data.map((v) => (
        <Box
          component="li"
          key={v.version}
          aria-label={`Version ${v.version}`}
          sx={{ border: 1, borderColor: v.current ? 'success.main' : 'divider', borderRadius: 2, p: 2, bgcolor: v.current ? 'action.hover' : undefined }}
        >
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <Typography variant="subtitle1" sx={{ fontWeight: 700, flex: 1 }}>
              Version {v.version}
            </Typography>
            {v.current && <Chip size="small" color="success" label="En service" />}
          </Stack>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {formatDateTime(v.createdAt)} · par {v.createdBy || '—'}
          </Typography>
          {v.rollbackOf !== undefined && v.rollbackOf > 0 && (
            <Typography variant="body2" sx={{ color: 'info.main' }}>
              Retour à la version {v.rollbackOf}
            </Typography>
          )}
          <Typography variant="body2" sx={{ mt: 0.5 }}>
            {plural(v.products, 'produit')}
            {v.dropped > 0 ? ` · ${plural(v.dropped, 'élément écarté', 'éléments écartés')}` : ''} · {formatSize(v.size)}
          </Typography>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mt: 1 }}>
            <Typography variant="caption" sx={{ fontFamily: 'monospace', color: 'text.secondary', flex: 1 }} title={v.etag}>
              {v.etag.slice(0, 12)}
            </Typography>
            <Button size="small" variant="text" startIcon={<DataObjectRoundedIcon />} onClick={() => onJson(v.version)} aria-label={`Voir le JSON de la version ${v.version}`}>
              JSON
            </Button>
            {!v.current && (
              <Button size="small" variant="outlined" startIcon={<RestoreRoundedIcon />} onClick={() => setConfirm(v)} aria-label={`Remettre en service la version ${v.version}`}>
                Remettre en service
              </Button>
            )}
          </Stack>
        </Box>
      ))}
      <ConfirmDialog
        open={confirm !== null}
        title="Remettre en service cette version ?"
        message={`Les bornes de ${restaurant.nom} recevront aussitôt la version ${confirm?.version ?? ''}.`}
        warning="Une nouvelle version est créée ; la version actuelle reste dans l’historique."
        confirmLabel="Remettre en service"
        tone="warning"
        pending={rollback.isPending}
        onCancel={() => setConfirm(null)}
        onConfirm={() => confirm && rollback.mutate({ restaurantId: restaurant.id, version: confirm.version })}
      />
    </Stack>
  );
}

function MenuJsonDialog({ restaurant, which, open, onClose }: { restaurant: VersionsTarget; which: MenuWhich; open: boolean; onClose: () => void }) {
  const menu = useQuery({ ...menuQuery(restaurant.id, which), enabled: open });
  const next = which === 'next';
  const text = menu.data ? JSON.stringify(menu.data, null, 2) : '';
  const count = (key: string) => {
    const v = menu.data?.[key];
    return Array.isArray(v) ? v.length : 0;
  };
  const download = () => {
    if (typeof URL.createObjectURL !== 'function') return;
    const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = `${restaurant.siret}${next ? '-prochaine' : typeof which === 'number' ? `-version-${which}` : ''}.json`;
    a.click();
    URL.revokeObjectURL(url);
  };
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="md" scroll="paper" aria-labelledby="menu-json-title">
      <DialogTitle id="menu-json-title">
        {next ? 'Prochaine carte' : typeof which === 'number' ? `Version ${which}` : 'Carte déployée'} — {restaurant.nom}
        <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5 }}>
          {next
            ? 'Ce que la prochaine génération enverrait (rien n’est enregistré).'
            : typeof which === 'number'
              ? 'Exactement ce que ses bornes ont reçu avec cette version (orderJson).'
              : 'Exactement ce que ses bornes reçoivent (orderJson).'}
        </Typography>
      </DialogTitle>
      <DialogContent dividers>
        {menu.isPending ? (
          <LoadingPanel />
        ) : menu.isError ? (
          <ErrorBlock message={errorMessage(menu.error)} onRetry={() => void menu.refetch()} retrying={menu.isFetching} />
        ) : (
          <Stack spacing={1.5}>
            <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
              <Chip size="small" label={plural(count('categories'), 'catégorie')} />
              <Chip size="small" label={plural(count('items'), 'produit')} />
              <Chip size="small" label={plural(count('options'), 'groupe d’options', 'groupes d’options')} />
            </Stack>
            <Box
              component="pre"
              aria-label="JSON de la carte"
              sx={{ m: 0, p: 2, borderRadius: 2, bgcolor: 'action.hover', fontSize: '0.75rem', lineHeight: 1.5, maxHeight: '60vh', overflow: 'auto' }}
            >
              {text}
            </Box>
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <Button startIcon={<FileDownloadOutlinedIcon />} disabled={!menu.isSuccess} onClick={download}>
          Télécharger
        </Button>
        <Button variant="contained" onClick={onClose}>
          Fermer
        </Button>
      </DialogActions>
    </Dialog>
  );
}
