import { useEffect, useMemo, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Avatar,
  Box,
  Button,
  Card,
  Checkbox,
  Chip,
  Divider,
  List,
  ListItem,
  ListItemButton,
  MenuItem,
  Stack,
  Tab,
  Tabs,
  TextField,
  Typography,
} from '@mui/material';
import { alpha } from '@mui/material/styles';
import RestoreFromTrashRoundedIcon from '@mui/icons-material/RestoreFromTrashRounded';
import DeleteForeverRoundedIcon from '@mui/icons-material/DeleteForeverRounded';
import ImageOutlinedIcon from '@mui/icons-material/ImageOutlined';
import DeleteSweepOutlinedIcon from '@mui/icons-material/DeleteSweepOutlined';
import MenuBookOutlinedIcon from '@mui/icons-material/MenuBookOutlined';
import LinkRoundedIcon from '@mui/icons-material/LinkRounded';
import { PageHeader } from '../../../components/PageHeader';
import { LoadingPanel } from '../../../components/LoadingPanel';
import { ErrorBlock } from '../../../components/ErrorBlock';
import { EmptyState } from '../../../components/EmptyState';
import { Toggle } from '../../../components/Toggle';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { useToast } from '../../../components/Toast';
import { campaignsQuery, linkedProductsQuery, menuKeys, trashActionMutation, trashChanged, trashQuery } from '../queries';
import { trashFailure, trashSuccess } from '../texts';
import type { CarteTrash, TrashItem, TrashKind } from '../types';
import { useCanEdit } from '../useCanEdit';
import { toastSaveError } from '../../../components/saveError';

/** The spec's tabs, in order, with the element kind each lists (DECISIONS: trash tabs and kinds). */
export const TRASH_TABS: readonly { kind: TrashKind; label: string }[] = [
  { kind: 'categories', label: 'Categories' },
  { kind: 'products', label: 'Produits' },
  { kind: 'optionGroups', label: "Categories d'options" },
  { kind: 'options', label: 'Options' },
  { kind: 'ingredients', label: 'Ingredients' },
  { kind: 'menuFamilies', label: 'Familles' },
  { kind: 'optionFamilies', label: 'Familles options' },
  { kind: 'promotions', label: 'Promotions' },
];

export const SELECT_CARTE_TEXT = 'Veuillez sélectionner une carte pour afficher sa corbeille.';
export const NO_ELEMENT_TEXT = 'Aucun élément disponible.';
export const SELECT_ALL_LABEL = 'Selectionner tous';

type Action = 'restore' | 'delete';

/** Images of the carte's elements are served from the blob store by path. */
function imageUrl(path: string): string | undefined {
  if (!path) return undefined;
  return /^(https?:)?\//.test(path) ? path : undefined;
}

/** 'Corbeille': the removed elements of one carte, per kind, to restore or erase for good. */
export function TrashPage() {
  const campaigns = useQuery(campaignsQuery());
  const [campaignId, setCampaignId] = useState<number | ''>('');
  const [tab, setTab] = useState<TrashKind>('categories');

  return (
    <PageHeader
      title="Corbeille"
      subtitle="Les éléments supprimés d’une carte : restaurez-les, ou supprimez-les définitivement."
      breadcrumbs={[{ label: 'Accueil', to: '/' }, { label: 'Cartes' }, { label: 'Corbeille' }]}
      actions={
        <TextField
          select
          label="Mes Cartes"
          value={campaignId}
          onChange={(e) => setCampaignId(e.target.value === '' ? '' : Number(e.target.value))}
          size="small"
          sx={{ minWidth: 280 }}
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
      }
    >
      <Card>
        {campaignId === '' ? (
          campaigns.isError ? (
            <Box sx={{ p: 3 }}>
              <ErrorBlock onRetry={() => void campaigns.refetch()} retrying={campaigns.isFetching} />
            </Box>
          ) : (
            <EmptyState icon={<MenuBookOutlinedIcon />} message={SELECT_CARTE_TEXT} minHeight={320} />
          )
        ) : (
          <CarteTrashView key={campaignId} campaignId={campaignId} tab={tab} onTab={setTab} />
        )}
      </Card>
    </PageHeader>
  );
}

function CarteTrashView({ campaignId, tab, onTab }: { campaignId: number; tab: TrashKind; onTab: (k: TrashKind) => void }) {
  const trash = useQuery(trashQuery(campaignId));
  useEffect(() => {
    // Shown on the page (an empty trash would read as "nothing deleted"), and logged.
    if (trash.error) console.error('corbeille : chargement impossible', trash.error);
  }, [trash.error]);

  const count = (kind: TrashKind) => (trash.data?.[kind] ?? []).length;
  return (
    <>
      <Tabs
        value={tab}
        onChange={(_, v: TrashKind) => onTab(v)}
        variant="scrollable"
        scrollButtons="auto"
        aria-label="Types d'éléments"
        sx={{ px: 1.5, borderBottom: 1, borderColor: 'divider' }}
      >
        {TRASH_TABS.map((t) => (
          <Tab
            key={t.kind}
            value={t.kind}
            label={
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                <span>{t.label}</span>
                {trash.isSuccess && count(t.kind) > 0 && (
                  <Chip aria-hidden size="small" label={count(t.kind)} color="primary" sx={{ height: 20, fontSize: '0.7rem', fontWeight: 700 }} />
                )}
              </Stack>
            }
            sx={{ minHeight: 52 }}
          />
        ))}
      </Tabs>
      {trash.isPending ? (
        <LoadingPanel minHeight={320} />
      ) : trash.isError ? (
        <Box sx={{ p: 3 }}>
          <ErrorBlock onRetry={() => void trash.refetch()} retrying={trash.isFetching} />
        </Box>
      ) : (
        <TrashTab key={tab} campaignId={campaignId} trash={trash.data} kind={tab} />
      )}
    </>
  );
}

function TrashTab({ campaignId, trash, kind }: { campaignId: number; trash: CarteTrash; kind: TrashKind }) {
  const client = useQueryClient();
  const toast = useToast();
  const canEdit = useCanEdit();
  const label = TRASH_TABS.find((t) => t.kind === kind)?.label ?? '';
  const items = useMemo(() => trash[kind] ?? [], [trash, kind]);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [confirm, setConfirm] = useState<{ action: Action; ids: string[] } | null>(null);
  const [category, setCategory] = useState<TrashItem | null>(null);

  // Elements that left the trash (restored elsewhere, another tab) leave the selection.
  const present = useMemo(() => new Set(items.map((i) => i.idGlobal)), [items]);
  const chosen = [...selected].filter((id) => present.has(id));
  const allSelected = items.length > 0 && chosen.length === items.length;

  const run = useMutation({
    ...trashActionMutation(),
    onSuccess: (result, { action }) => {
      toast.success(trashSuccess(action, result.count));
      setSelected(new Set());
      setConfirm(null);
      trashChanged(client, result.campaign);
    },
    onError: (error, { action }) => {
      toastSaveError(toast, error, trashFailure(action, label));
      setConfirm(null);
      void client.invalidateQueries({ queryKey: menuKeys.trash(campaignId) });
    },
  });

  const toggle = (id: string, on: boolean) =>
    setSelected((s) => {
      const next = new Set(s);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  if (items.length === 0) {
    return <EmptyState icon={<DeleteSweepOutlinedIcon />} message={NO_ELEMENT_TEXT} minHeight={300} />;
  }

  const n = confirm?.ids.length ?? 0;
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: kind === 'categories' ? '1fr 340px' : '1fr' } }}>
      <Box sx={{ minWidth: 0 }}>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1.5}
          sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between', px: 3, py: 1.5, minHeight: 64 }}
        >
          {canEdit ? (
            <Toggle label={SELECT_ALL_LABEL} showLabel checked={allSelected} onChange={(on) => setSelected(on ? new Set(present) : new Set())} />
          ) : (
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {items.length} élément{items.length > 1 ? 's' : ''}
            </Typography>
          )}
          {canEdit && chosen.length > 0 && (
            <Stack direction="row" spacing={1}>
              <Button variant="contained" startIcon={<RestoreFromTrashRoundedIcon />} onClick={() => setConfirm({ action: 'restore', ids: chosen })}>
                Restaurer ({chosen.length})
              </Button>
              <Button
                variant="outlined"
                color="error"
                startIcon={<DeleteForeverRoundedIcon />}
                onClick={() => setConfirm({ action: 'delete', ids: chosen })}
              >
                Supprimer définitivement
              </Button>
            </Stack>
          )}
        </Stack>
        <Divider />
        <List aria-label={`${label} supprimés`} disablePadding>
          {items.map((item) => {
            const checked = selected.has(item.idGlobal);
            const active = category?.idGlobal === item.idGlobal;
            const body = (
              <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', flex: 1, minWidth: 0 }}>
                <Avatar
                  variant="rounded"
                  src={imageUrl(item.path)}
                  alt=""
                  sx={(theme) => ({ width: 44, height: 44, bgcolor: alpha(theme.palette.primary.main, 0.08), color: 'primary.main' })}
                >
                  <ImageOutlinedIcon />
                </Avatar>
                <Box sx={{ minWidth: 0 }}>
                  <Typography variant="body2" noWrap sx={{ fontWeight: 600 }}>
                    {item.name || 'Sans nom'}
                  </Typography>
                  <Typography variant="caption" noWrap component="p" sx={{ color: 'text.secondary' }}>
                    {item.categoryName || '—'}
                    {item.removed_by_admin ? ' · supprimé par la franchise' : ''}
                  </Typography>
                </Box>
              </Stack>
            );
            return (
              <ListItem
                key={item.idGlobal}
                divider
                disablePadding
                sx={{ pl: 1.5, pr: 2, bgcolor: checked ? (t) => alpha(t.palette.primary.main, 0.04) : undefined }}
                secondaryAction={
                  canEdit ? (
                    <Button
                      size="small"
                      startIcon={<RestoreFromTrashRoundedIcon />}
                      onClick={() => setConfirm({ action: 'restore', ids: [item.idGlobal] })}
                      aria-label={`Restaurer ${item.name}`}
                    >
                      Restaurer
                    </Button>
                  ) : undefined
                }
              >
                {canEdit && (
                  <Checkbox
                    checked={checked}
                    onChange={(e) => toggle(item.idGlobal, e.target.checked)}
                    slotProps={{ input: { 'aria-label': `Sélectionner ${item.name}` } }}
                  />
                )}
                {kind === 'categories' ? (
                  <ListItemButton selected={active} onClick={() => setCategory(active ? null : item)} sx={{ py: 1.25, pr: 16, borderRadius: 2 }}>
                    {body}
                  </ListItemButton>
                ) : (
                  <Box sx={{ display: 'flex', py: 1.25, px: 2, pr: 16, flex: 1, minWidth: 0 }}>{body}</Box>
                )}
              </ListItem>
            );
          })}
        </List>
      </Box>
      {kind === 'categories' && (
        <Box
          sx={(t) => ({
            borderTop: `1px solid ${t.palette.divider}`,
            [t.breakpoints.up('md')]: { borderTop: 0, borderLeft: `1px solid ${t.palette.divider}` },
          })}
        >
          <LinkedProducts campaignId={campaignId} category={category} />
        </Box>
      )}

      <ConfirmDialog
        open={confirm !== null}
        title={confirm?.action === 'delete' ? 'Suppression définitive' : 'Restauration'}
        message={
          confirm?.action === 'delete'
            ? `Voulez-vous supprimer définitivement ${n} element(s) ?`
            : `Voulez-vous restaurer ${n} element(s) ? Ils reviennent dans la carte.`
        }
        warning={
          confirm?.action === 'delete'
            ? 'Cette suppression est irréversible : les éléments et toutes leurs références sont effacés de la carte.'
            : undefined
        }
        tone={confirm?.action === 'delete' ? 'error' : 'primary'}
        icon={confirm?.action === 'delete' ? <DeleteForeverRoundedIcon /> : <RestoreFromTrashRoundedIcon />}
        confirmLabel="Confirmer"
        cancelLabel="Annuler"
        pending={run.isPending}
        onCancel={() => setConfirm(null)}
        onConfirm={() => confirm && run.mutate({ campaignId, version: trash.version, kind, ids: confirm.ids, action: confirm.action })}
      />
    </Box>
  );
}

function LinkedProducts({ campaignId, category }: { campaignId: number; category: TrashItem | null }) {
  const linked = useQuery({ ...linkedProductsQuery(campaignId, category?.idGlobal ?? ''), enabled: category !== null });
  return (
    <Box sx={{ p: 2.5 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1.5 }}>
        <LinkRoundedIcon fontSize="small" sx={{ color: 'text.secondary' }} />
        <Typography variant="subtitle2" component="h3">
          Produits lies
        </Typography>
      </Stack>
      {category === null ? (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          Cliquez sur une catégorie pour voir ses produits.
        </Typography>
      ) : linked.isPending ? (
        <LoadingPanel minHeight={120} />
      ) : linked.isError ? (
        <ErrorBlock onRetry={() => void linked.refetch()} retrying={linked.isFetching} />
      ) : linked.data.length === 0 ? (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          Aucun produit dans « {category.name} ».
        </Typography>
      ) : (
        <List dense disablePadding aria-label={`Produits lies à ${category.name}`}>
          {linked.data.map((p) => (
            <ListItem key={p.idGlobal} disableGutters sx={{ justifyContent: 'space-between', gap: 1 }}>
              <Typography variant="body2" noWrap>
                {p.name}
              </Typography>
              <Chip
                size="small"
                label={p.removed ? 'Supprime' : 'Non supprime'}
                color={p.removed ? 'error' : 'success'}
                variant="outlined"
                sx={{ fontWeight: 600, flexShrink: 0 }}
              />
            </ListItem>
          ))}
        </List>
      )}
    </Box>
  );
}
