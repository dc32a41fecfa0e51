import { useMemo, useState, type ReactNode } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Box,
  Button,
  Card,
  Chip,
  Stack,
  Tab,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Tabs,
  Typography,
} from '@mui/material';
import RestoreRoundedIcon from '@mui/icons-material/RestoreRounded';
import HistoryRoundedIcon from '@mui/icons-material/HistoryRounded';
import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import Inventory2OutlinedIcon from '@mui/icons-material/Inventory2Outlined';
import { errorMessage } from '../../api/client';
import type { Restaurant } from '../../api/types';
import type { AppRoute } from '../../app/routeTable';
import { useSession } from '../../app/session';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { crumbsOf } from '../../components/crumbs';
import { EmptyState } from '../../components/EmptyState';
import { ErrorBlock } from '../../components/ErrorBlock';
import { LoadingPanel } from '../../components/LoadingPanel';
import { PageHeader } from '../../components/PageHeader';
import { useToast } from '../../components/Toast';
import { formatCount, formatDateTime } from '../deploy/format';
import { downloadExport } from '../deploy/queries';
import { VersionsDrawer, type VersionsTarget } from '../deploy/components/VersionsDrawer';
import { restaurantKeys, restaurantListQuery, setArchivedMutation } from '../restaurants/queries';
import { saveFile } from '../tags/queries';
import { archiveKeys, deletedCampaignsQuery, pastExportsQuery, restoreCampaignMutation, type DeletedCampaign, type PastExport } from './queries';

type TabKey = 'restaurants' | 'cartes' | 'versions' | 'exports';

const TABS: { key: TabKey; label: string; adminOnly: boolean }[] = [
  { key: 'restaurants', label: 'Restaurants archivés', adminOnly: true },
  { key: 'cartes', label: 'Cartes supprimées', adminOnly: true },
  { key: 'versions', label: 'Menus déployés', adminOnly: true },
  { key: 'exports', label: 'Exports', adminOnly: false },
];

/**
 * Archive (/archive): what the franchise put aside and can take back — archived restaurants, deleted
 * cartes, the menus deployed before the current one, and past exports to download again.
 */
export function ArchivePage({ route }: { route: AppRoute }) {
  const session = useSession();
  const admin = session?.roles === 'admin';
  const tabs = TABS.filter((t) => admin || !t.adminOnly);
  const [tab, setTab] = useState<TabKey>(tabs[0].key);
  return (
    <PageHeader
      title={route.title}
      subtitle="Ce qui a été mis de côté et peut revenir : restaurants archivés, cartes supprimées, menus déployés auparavant et exports passés."
      breadcrumbs={crumbsOf(route)}
    >
      <Card>
        <Tabs value={tab} onChange={(_, v: TabKey) => setTab(v)} sx={{ px: 2, borderBottom: 1, borderColor: 'divider' }} aria-label="Archive">
          {tabs.map((t) => (
            <Tab key={t.key} value={t.key} label={t.label} />
          ))}
        </Tabs>
        {tab === 'restaurants' && <ArchivedRestaurants />}
        {tab === 'cartes' && <DeletedCartes />}
        {tab === 'versions' && <DeployedMenus />}
        {tab === 'exports' && <PastExports />}
      </Card>
    </PageHeader>
  );
}

function Listing<T>({
  query,
  empty,
  head,
  row,
}: {
  query: { isPending: boolean; isError: boolean; isFetching: boolean; data?: T[]; refetch: () => unknown };
  empty: string;
  head: ReactNode;
  row: (item: T) => ReactNode;
}) {
  if (query.isPending) return <LoadingPanel minHeight={240} />;
  if (query.isError)
    return (
      <Box sx={{ p: 3 }}>
        <ErrorBlock onRetry={() => void query.refetch()} retrying={query.isFetching} />
      </Box>
    );
  const items = query.data ?? [];
  if (items.length === 0) return <EmptyState icon={<Inventory2OutlinedIcon />} message={empty} minHeight={240} />;
  return (
    <TableContainer>
      <Table>
        <TableHead>
          <TableRow>{head}</TableRow>
        </TableHead>
        <TableBody>{items.map(row)}</TableBody>
      </Table>
    </TableContainer>
  );
}

function ArchivedRestaurants() {
  const list = useQuery(restaurantListQuery({ includeArchived: true }));
  const archived = useMemo(() => (list.data && 'items' in list.data ? (list.data.items ?? []) : []).filter((r) => r.archived), [list.data]);
  const [target, setTarget] = useState<Restaurant | null>(null);
  return (
    <>
      <Listing
        query={{ ...list, data: list.data ? archived : undefined }}
        empty="Aucun restaurant archivé."
        head={
          <>
            <TableCell sx={{ pl: 3 }}>Restaurant</TableCell>
            <TableCell>Ville</TableCell>
            <TableCell>SIRET</TableCell>
            <TableCell align="right" sx={{ pr: 3 }}>
              Action
            </TableCell>
          </>
        }
        row={(r) => (
          <TableRow key={r.id} hover>
            <TableCell sx={{ pl: 3, fontWeight: 600 }}>{r.nom}</TableCell>
            <TableCell>{r.ville || '—'}</TableCell>
            <TableCell sx={{ fontVariantNumeric: 'tabular-nums' }}>{r.siret}</TableCell>
            <TableCell align="right" sx={{ pr: 3 }}>
              <Button size="small" variant="outlined" startIcon={<RestoreRoundedIcon />} onClick={() => setTarget(r)}>
                Désarchiver
              </Button>
            </TableCell>
          </TableRow>
        )}
      />
      {target && <UnarchiveDialog key={target.id} restaurant={target} onClose={() => setTarget(null)} />}
    </>
  );
}

function UnarchiveDialog({ restaurant, onClose }: { restaurant: Restaurant; onClose: () => void }) {
  const client = useQueryClient();
  const toast = useToast();
  const restore = useMutation({
    ...setArchivedMutation(restaurant.id),
    onSuccess: () => {
      toast.success(`${restaurant.nom} est de nouveau actif : ses équipements peuvent se reconnecter.`);
      void client.invalidateQueries({ queryKey: restaurantKeys.all });
      onClose();
    },
    onError: (error) => toast.error(error.detail),
  });
  return (
    <ConfirmDialog
      open
      title="Désarchiver le restaurant"
      message={`Désarchiver ${restaurant.nom} ?`}
      warning="Il réapparaît dans les listes et les rapports ; ses caisses et bornes sont de nouveau acceptées avec leurs clés."
      confirmLabel="Désarchiver"
      pending={restore.isPending}
      onConfirm={() => restore.mutate({ archived: false })}
      onCancel={onClose}
    />
  );
}

function DeletedCartes() {
  const list = useQuery(deletedCampaignsQuery());
  const [target, setTarget] = useState<DeletedCampaign | null>(null);
  const client = useQueryClient();
  const toast = useToast();
  const restore = useMutation({
    ...restoreCampaignMutation(),
    onSuccess: (c) => {
      toast.success(`La carte « ${c.nom} » est restaurée. Liez-la à ses restaurants depuis Mes Cartes.`);
      void client.invalidateQueries({ queryKey: archiveKeys.campaigns() });
      void client.invalidateQueries({ queryKey: ['campaigns'] });
      setTarget(null);
    },
    onError: (error) => toast.error(error.detail),
  });
  return (
    <>
      <Listing
        query={list}
        empty="Aucune carte supprimée."
        head={
          <>
            <TableCell sx={{ pl: 3 }}>Carte</TableCell>
            <TableCell>Supprimée le</TableCell>
            <TableCell>Par</TableCell>
            <TableCell align="right">Taille</TableCell>
            <TableCell align="right" sx={{ pr: 3 }}>
              Action
            </TableCell>
          </>
        }
        row={(d) => (
          <TableRow key={d.id} hover>
            <TableCell sx={{ pl: 3, fontWeight: 600 }}>{d.nom}</TableCell>
            <TableCell>{formatDateTime(d.deletedAt)}</TableCell>
            <TableCell>{d.deletedBy || '—'}</TableCell>
            <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
              {formatCount(Math.max(1, Math.round(d.size / 1024)))} Ko
            </TableCell>
            <TableCell align="right" sx={{ pr: 3 }}>
              <Button size="small" variant="outlined" startIcon={<RestoreRoundedIcon />} onClick={() => setTarget(d)}>
                Restaurer
              </Button>
            </TableCell>
          </TableRow>
        )}
      />
      <ConfirmDialog
        open={target !== null}
        title="Restaurer la carte"
        message={target ? `Restaurer la carte « ${target.nom} » ?` : ''}
        warning="Elle revient comme une nouvelle carte, ni principale ni liée à un restaurant : liez-la ensuite à ses restaurants."
        confirmLabel="Restaurer"
        pending={restore.isPending}
        onConfirm={() => target && restore.mutate(target.id)}
        onCancel={() => setTarget(null)}
      />
    </>
  );
}

function DeployedMenus() {
  const query = useQuery(restaurantListQuery({ includeArchived: false }));
  const list = { ...query, data: query.data && 'items' in query.data ? (query.data.items ?? []) : undefined };
  const [target, setTarget] = useState<VersionsTarget | null>(null);
  return (
    <>
      <Box sx={{ px: 3, pt: 2 }}>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          Chaque génération garde le menu précédent : ouvrez l’historique d’un restaurant pour consulter une version ou la remettre
          en service.
        </Typography>
      </Box>
      <Listing
        query={list}
        empty="Aucun restaurant."
        head={
          <>
            <TableCell sx={{ pl: 3 }}>Restaurant</TableCell>
            <TableCell>Ville</TableCell>
            <TableCell align="right" sx={{ pr: 3 }}>
              Historique
            </TableCell>
          </>
        }
        row={(r) => (
          <TableRow key={r.id} hover>
            <TableCell sx={{ pl: 3, fontWeight: 600 }}>{r.nom}</TableCell>
            <TableCell>{r.ville || '—'}</TableCell>
            <TableCell align="right" sx={{ pr: 3 }}>
              <Button size="small" startIcon={<HistoryRoundedIcon />} onClick={() => setTarget({ id: r.id, nom: r.nom, siret: r.siret })}>
                Versions déployées
              </Button>
            </TableCell>
          </TableRow>
        )}
      />
      <VersionsDrawer restaurant={target} onClose={() => setTarget(null)} />
    </>
  );
}

const STATUS: Record<PastExport['status'], { label: string; color: 'success' | 'error' | 'default' | 'info' }> = {
  done: { label: 'Terminé', color: 'success' },
  failed: { label: 'Échoué', color: 'error' },
  queued: { label: 'En attente', color: 'default' },
  running: { label: 'En cours', color: 'info' },
};

function PastExports() {
  const list = useQuery(pastExportsQuery());
  const toast = useToast();
  const [busy, setBusy] = useState<number | null>(null);
  const download = (x: PastExport) => {
    setBusy(x.id);
    downloadExport(x.id, x.fileName)
      .then(({ blob, fileName }) => saveFile(blob, fileName))
      .catch((error: unknown) => toast.error(errorMessage(error)))
      .finally(() => setBusy(null));
  };
  return (
    <Listing
      query={list}
      empty="Aucun export pour l’instant : lancez-en un depuis Mes Produits ou le Déploiement."
      head={
        <>
          <TableCell sx={{ pl: 3 }}>Fichier</TableCell>
          <TableCell>Lancé le</TableCell>
          <TableCell>Par</TableCell>
          <TableCell align="right">Classeurs</TableCell>
          <TableCell>État</TableCell>
          <TableCell align="right" sx={{ pr: 3 }}>
            Action
          </TableCell>
        </>
      }
      row={(x) => (
        <TableRow key={x.id} hover>
          <TableCell sx={{ pl: 3, fontWeight: 600 }}>{x.fileName || `Export n° ${x.id}`}</TableCell>
          <TableCell>{formatDateTime(x.createdAt)}</TableCell>
          <TableCell>{x.createdBy || '—'}</TableCell>
          <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
            {x.status === 'done' ? formatCount(x.restaurants) : '—'}
          </TableCell>
          <TableCell>
            <Chip size="small" variant="outlined" color={STATUS[x.status].color} label={STATUS[x.status].label} />
          </TableCell>
          <TableCell align="right" sx={{ pr: 3 }}>
            <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
              <Button
                size="small"
                variant="outlined"
                startIcon={<FileDownloadOutlinedIcon />}
                disabled={x.status !== 'done'}
                loading={busy === x.id}
                onClick={() => download(x)}
              >
                Télécharger
              </Button>
            </Stack>
          </TableCell>
        </TableRow>
      )}
    />
  );
}
