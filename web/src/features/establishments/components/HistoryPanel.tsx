import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Box, Card, Divider, Stack, Tooltip, Typography } from '@mui/material';
import HistoryRoundedIcon from '@mui/icons-material/HistoryRounded';
import type { HistoryEntry, Restaurant } from '../../../api/types';
import { ErrorBlock } from '../../../components/ErrorBlock';
import { LoadingPanel } from '../../../components/LoadingPanel';
import { historyQuery } from '../queries';
import { countryLabel } from '../countries';
import { agoText, exactDateTime } from '../time';
import { useNow } from './LastSeen';

/** How far back the panel looks; the API cannot filter by restaurant, so the page is filtered here. */
const PAGE_SIZE = 100;
const SHOWN = 6;

const fieldLabels: Record<string, string> = {
  nom: 'Nom',
  pseudo: 'Nom court',
  siret: 'Immatriculation',
  adresse: 'Adresse',
  ville: 'Ville',
  countryCode: 'Pays',
  timeZone: 'Fuseau horaire',
  current_licence: 'Licence',
  name: 'Nom',
  key: 'Clé',
};

/** A device key's change, as the API logs it: after = 'clé émise …abcd', 'clé renouvelée …abcd' or 'révoquée'. */
function keyChange(e: HistoryEntry): { label: string; detail: string } | null {
  const change = e.module === 'Equipements' ? e.changes?.find((c) => c.field === 'key') : undefined;
  if (!change) return null;
  const after = typeof change.after === 'string' ? change.after : '';
  const hint = after.match(/…\S+$/)?.[0];
  if (after.startsWith('clé renouvelée')) return { label: 'Clé renouvelée', detail: hint ? `Nouvelle clé ${hint}` : '' };
  if (after.startsWith('clé émise')) return { label: 'Clé émise', detail: hint ? `Clé ${hint}` : '' };
  if (after === 'révoquée') return { label: 'Clé révoquée', detail: typeof change.before === 'string' && change.before ? `Clé ${change.before}` : '' };
  return null;
}

function actionLabel(e: HistoryEntry): string {
  const key = keyChange(e);
  if (key) return key.label;
  const device = e.module === 'Equipements';
  switch (e.action) {
    case 'Ajout':
      return device ? 'Équipement ajouté' : 'Restaurant ajouté';
    case 'Modification':
      return device ? 'Équipement modifié' : 'Informations modifiées';
    case 'Suppression':
      return device ? 'Équipement supprimé' : 'Suppression';
    case 'Desactivation':
      return 'Restaurant archivé';
    case 'Activation':
      return 'Restaurant restauré';
    default:
      return e.action;
  }
}

function valueText(field: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (field === 'countryCode' && typeof value === 'string') return countryLabel(value);
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}

function changeText(e: HistoryEntry): string | null {
  const key = keyChange(e);
  if (key) return key.detail || null;
  const changes = e.changes ?? [];
  if (changes.length === 0) return null;
  return changes.map((c) => `${fieldLabels[c.field] ?? c.field} : ${valueText(c.field, c.before)} → ${valueText(c.field, c.after)}`).join(' · ');
}

/** The API names a device 'Borne 1 (Paris Bastille)': on the restaurant's own page, its name is enough. */
function targetText(e: HistoryEntry, restaurant: Restaurant): string {
  const suffix = ` (${restaurant.nom})`;
  return e.target.endsWith(suffix) ? e.target.slice(0, -suffix.length) : e.target;
}

/** 'Dernières modifications' of one restaurant: its own entries and its devices'. */
export function HistoryPanel({ restaurant }: { restaurant: Restaurant }) {
  const now = useNow(60_000);
  // The server filters on the restaurant: older changes are never missed.
  const history = useQuery(historyQuery({ restaurantId: restaurant.id, page: 0, pageSize: PAGE_SIZE }));
  const entries = useMemo(
    () =>
      (history.data?.items ?? [])
        .filter((e) => e.module === 'Etablissements' || e.module === 'Equipements')
        .slice(0, SHOWN),
    [history.data],
  );

  return (
    <Card component="section" aria-labelledby="history-title">
      <Stack direction="row" spacing={1.25} sx={{ alignItems: 'center', px: 2.5, pt: 2.25, pb: 1.5 }}>
        <HistoryRoundedIcon sx={{ fontSize: 20, color: 'text.secondary' }} />
        <Typography id="history-title" variant="subtitle1" component="h2" sx={{ fontWeight: 650 }}>
          Dernières modifications
        </Typography>
      </Stack>
      <Divider />
      {history.isPending ? (
        <LoadingPanel minHeight={140} />
      ) : history.isError ? (
        <Box sx={{ p: 2 }}>
          <ErrorBlock onRetry={() => void history.refetch()} retrying={history.isFetching} />
        </Box>
      ) : entries.length === 0 ? (
        <Typography variant="body2" sx={{ color: 'text.secondary', px: 2.5, py: 3 }}>
          Aucune modification récente.
        </Typography>
      ) : (
        <Box component="ol" sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {entries.map((e, i) => {
            const detail = changeText(e);
            return (
              <Box
                component="li"
                key={e.id}
                sx={{ px: 2.5, py: 1.5, borderTop: i === 0 ? 0 : 1, borderColor: 'divider', display: 'flex', gap: 1.5 }}
              >
                <Box
                  aria-hidden
                  sx={{ width: 8, height: 8, mt: 0.75, borderRadius: '50%', flexShrink: 0, bgcolor: e.action === 'Suppression' || e.action === 'Desactivation' ? 'warning.main' : 'primary.main' }}
                />
                <Box sx={{ minWidth: 0, flex: 1 }}>
                  <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between', alignItems: 'baseline' }}>
                    <Typography variant="body2" sx={{ fontWeight: 600 }} noWrap>
                      {actionLabel(e)}
                    </Typography>
                    <Tooltip title={exactDateTime(e.createdAt, restaurant.timeZone)}>
                      <Typography variant="caption" sx={{ color: 'text.secondary', whiteSpace: 'nowrap' }}>
                        {agoText(e.createdAt, now)}
                      </Typography>
                    </Tooltip>
                  </Stack>
                  <Typography variant="body2" sx={{ color: 'text.secondary' }} noWrap title={e.target}>
                    {targetText(e, restaurant)}
                  </Typography>
                  {detail && (
                    <Typography variant="caption" component="p" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
                      {detail}
                    </Typography>
                  )}
                  <Typography variant="caption" sx={{ color: 'text.disabled' }}>
                    par {e.user_name || 'un utilisateur'}
                    {e.source === 'SuperAdmin' ? ' (support Brigade)' : ''}
                  </Typography>
                </Box>
              </Box>
            );
          })}
        </Box>
      )}
    </Card>
  );
}
