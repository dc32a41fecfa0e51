import { Fragment, useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import {
  Box,
  Button,
  Card,
  Chip,
  Collapse,
  IconButton,
  MenuItem,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import KeyboardArrowDownRoundedIcon from '@mui/icons-material/KeyboardArrowDownRounded';
import ArrowForwardRoundedIcon from '@mui/icons-material/ArrowForwardRounded';
import HistoryRoundedIcon from '@mui/icons-material/HistoryRounded';
import { PageHeader } from '../../../components/PageHeader';
import { DateField } from '../../../components/DateField';
import { LoadingPanel } from '../../../components/LoadingPanel';
import { ErrorBlock } from '../../../components/ErrorBlock';
import { EmptyState } from '../../../components/EmptyState';
import { formatDateTime } from '../format';
import { cartesHistoryQuery, HISTORY_PAGE_SIZE, type CartesHistoryFilter } from '../queries';
import type { HistoryAction, HistoryChange, HistoryEntry } from '../types';

type ChipColor = 'success' | 'error' | 'info' | 'primary' | 'warning' | 'secondary' | 'default';

/** One colour per action, the same everywhere. */
export const ACTION_COLORS: Record<HistoryAction, ChipColor> = {
  Ajout: 'success',
  Suppression: 'error',
  Duplication: 'info',
  Modification: 'primary',
  Personalisation: 'secondary',
  Desactivation: 'warning',
  Generation: 'info',
  Activation: 'success',
};
const ACTIONS = Object.keys(ACTION_COLORS) as HistoryAction[];

const count = new Intl.NumberFormat('fr-FR');
/** A value of a change: 9,9 rather than 9.9; ids stay as they are (no thousands gap). */
const number = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 20, useGrouping: false });

/** '1 modification', '1 000 modifications'. */
export function modificationsLabel(n: number): string {
  return `${count.format(n)} modification${n > 1 ? 's' : ''}`;
}

/** A long list of changes opens on its first rows; the rest is one click away. */
export const FIRST_CHANGES = 50;

function show(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return number.format(value);
  if (typeof value === 'boolean') return value ? 'oui' : 'non';
  return JSON.stringify(value);
}

/** 'Historique': who changed which carte, when, and how. */
export function HistoriquePage() {
  const [filter, setFilter] = useState<CartesHistoryFilter>({ from: '', to: '', action: '', user: '' });
  // Typing a name asks the server once the user pauses, not at every key.
  const [user, setUser] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setUser(filter.user ?? ''), 300);
    return () => clearTimeout(timer);
  }, [filter.user]);
  // Any filter change starts again from the first page: set() does it at once, this for the debounced name.
  const [page, setPage] = useState(0);
  useEffect(() => setPage(0), [user]);
  const history = useQuery(cartesHistoryQuery({ ...filter, user }, page, HISTORY_PAGE_SIZE));
  const [open, setOpen] = useState<ReadonlySet<number>>(new Set());
  const items = history.data?.items ?? [];
  const total = history.data?.total ?? 0;
  const set = (patch: Partial<CartesHistoryFilter>) => {
    setFilter((f) => ({ ...f, ...patch }));
    setPage(0);
  };
  const filtered = Boolean(filter.from || filter.to || filter.action || filter.user);

  const toggle = (id: number) =>
    setOpen((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <PageHeader
      title="Historique"
      subtitle="Chaque changement de vos cartes : ajouts, suppressions, modifications champ par champ, activations."
      breadcrumbs={[{ label: 'Accueil', to: '/' }, { label: 'Cartes' }, { label: 'Historique' }]}
    >
      <Card>
        <Stack
          direction={{ xs: 'column', md: 'row' }}
          spacing={2}
          sx={{ px: 3, py: 2.5, alignItems: { md: 'center' } }}
          component="form"
          aria-label="Filtres"
          onSubmit={(e) => e.preventDefault()}
        >
          <DateField label="Du" value={filter.from ?? ''} onChange={(from) => set({ from })} />
          <DateField label="Au" value={filter.to ?? ''} onChange={(to) => set({ to })} error={Boolean(filter.from && filter.to && filter.from > filter.to)} />
          <TextField
            select
            size="small"
            label="Action"
            value={filter.action}
            onChange={(e) => set({ action: e.target.value as HistoryAction | '' })}
            sx={{ minWidth: 190 }}
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          >
            <MenuItem value="">Toutes les actions</MenuItem>
            {ACTIONS.map((a) => (
              <MenuItem key={a} value={a}>
                {a}
              </MenuItem>
            ))}
          </TextField>
          <TextField size="small" label="Utilisateur" value={filter.user} onChange={(e) => set({ user: e.target.value })} sx={{ minWidth: 200 }} />
          <Box sx={{ flex: 1 }} />
          {filtered && (
            <Button
              color="inherit"
              onClick={() => {
                setFilter({ from: '', to: '', action: '', user: '' });
                setPage(0);
              }}
            >
              Effacer les filtres
            </Button>
          )}
          <Typography variant="body2" sx={{ color: 'text.secondary', whiteSpace: 'nowrap' }}>
            {history.isSuccess ? `${history.data.total} entrée${history.data.total > 1 ? 's' : ''}` : ' '}
          </Typography>
        </Stack>
        {history.isPending ? (
          <LoadingPanel />
        ) : history.isError ? (
          <Box sx={{ px: 3, pb: 3 }}>
            <ErrorBlock onRetry={() => void history.refetch()} retrying={history.isFetching} />
          </Box>
        ) : items.length === 0 ? (
          <EmptyState icon={<HistoryRoundedIcon />} />
        ) : (
          <TableContainer sx={{ opacity: history.isPlaceholderData ? 0.6 : 1, transition: 'opacity 120ms' }}>
            <Table aria-label="Historique des cartes">
              <TableHead>
                <TableRow>
                  <TableCell sx={{ width: 48 }} />
                  <TableCell>Date</TableCell>
                  <TableCell>Utilisateur</TableCell>
                  <TableCell>Action</TableCell>
                  <TableCell>Élément</TableCell>
                  <TableCell>Source</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {items.map((e) => (
                  <HistoryRow key={e.id} entry={e} open={open.has(e.id)} onToggle={() => toggle(e.id)} />
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
        {history.isSuccess && total > 0 && (
          <TablePagination
            component="div"
            count={total}
            page={Math.min(page, Math.max(0, Math.ceil(total / HISTORY_PAGE_SIZE) - 1))}
            rowsPerPage={HISTORY_PAGE_SIZE}
            rowsPerPageOptions={[]}
            onPageChange={(_, next) => {
              setPage(next);
              setOpen(new Set());
            }}
            labelDisplayedRows={({ from: first, to: last, count }) => `${first}–${last} sur ${count}`}
            getItemAriaLabel={(type) =>
              type === 'first' ? 'Première page' : type === 'last' ? 'Dernière page' : type === 'next' ? 'Page suivante' : 'Page précédente'
            }
            showFirstButton
            showLastButton
            sx={{ borderTop: 1, borderColor: 'divider' }}
          />
        )}
      </Card>
    </PageHeader>
  );
}

function HistoryRow({ entry, open, onToggle }: { entry: HistoryEntry; open: boolean; onToggle: () => void }) {
  const changes = entry.changes ?? [];
  const expandable = changes.length > 0;
  // A save of a carte is one entry: when it touched several elements, each change names its element.
  const elements = new Set(changes.map((c) => c.element ?? ''));
  const byElement = elements.size > 1 || (elements.size === 1 && !elements.has('') && !entry.target.endsWith(` › ${[...elements][0]}`));
  const [all, setAll] = useState(false);
  const shown = all ? changes : changes.slice(0, FIRST_CHANGES);
  return (
    <Fragment>
      <TableRow hover sx={{ '& > td': { borderBottom: open ? 0 : undefined } }}>
        <TableCell sx={{ pl: 1.5 }}>
          {expandable && (
            <IconButton size="small" aria-label={open ? 'Masquer les changements' : 'Voir les changements'} aria-expanded={open} onClick={onToggle}>
              <KeyboardArrowDownRoundedIcon sx={{ transform: open ? 'rotate(180deg)' : 'none', transition: 'transform 150ms' }} />
            </IconButton>
          )}
        </TableCell>
        <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(entry.createdAt)}</TableCell>
        <TableCell>
          <Typography variant="body2" sx={{ fontWeight: 500 }}>
            {entry.user_name}
          </Typography>
          <Typography variant="caption" sx={{ color: 'text.secondary' }}>
            {entry.email || entry.user_type}
          </Typography>
        </TableCell>
        <TableCell>
          <Chip size="small" label={entry.action} color={ACTION_COLORS[entry.action]} variant="outlined" sx={{ fontWeight: 600 }} />
        </TableCell>
        <TableCell sx={{ maxWidth: 420 }}>
          <Typography variant="body2">{entry.target}</Typography>
          {expandable && (
            <Typography variant="caption" sx={{ color: 'text.secondary' }}>
              {modificationsLabel(changes.length)}
            </Typography>
          )}
        </TableCell>
        <TableCell>{entry.source}</TableCell>
      </TableRow>
      {expandable && (
        <TableRow>
          <TableCell colSpan={6} sx={{ py: 0, ...(open ? {} : { borderBottom: 0 }) }}>
            <Collapse in={open} unmountOnExit>
              <Box sx={{ pl: 7, pr: 2, pb: 2 }}>
                <Table size="small" aria-label={`Changements : ${entry.target}`}>
                  <TableHead>
                    <TableRow>
                      {byElement && <TableCell>Élément</TableCell>}
                      <TableCell>Champ</TableCell>
                      <TableCell>Avant</TableCell>
                      <TableCell sx={{ width: 32 }} />
                      <TableCell>Après</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {shown.map((c: HistoryChange, i) => (
                      <TableRow key={`${c.element ?? ''}-${c.field}-${i}`}>
                        {byElement && <TableCell sx={{ wordBreak: 'break-word' }}>{c.element ?? '—'}</TableCell>}
                        {c.action ? (
                          <TableCell colSpan={4} sx={{ color: c.action === 'Ajout' ? 'success.main' : 'error.main', fontStyle: 'italic' }}>
                            {c.action === 'Ajout' ? 'Élément ajouté' : 'Élément supprimé'}
                          </TableCell>
                        ) : (
                          <Fragment>
                            <TableCell sx={{ fontFamily: 'monospace', fontSize: '0.8rem' }}>{c.field}</TableCell>
                            <TableCell sx={{ color: 'error.main', wordBreak: 'break-word' }}>{show(c.before)}</TableCell>
                            <TableCell>
                              <ArrowForwardRoundedIcon fontSize="small" sx={{ color: 'text.secondary' }} />
                            </TableCell>
                            <TableCell sx={{ color: 'success.main', wordBreak: 'break-word' }}>{show(c.after)}</TableCell>
                          </Fragment>
                        )}
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
                {shown.length < changes.length && (
                  <Button size="small" sx={{ mt: 1 }} onClick={() => setAll(true)}>
                    Afficher {changes.length - shown.length === 1 ? "l'autre modification" : `les ${modificationsLabel(changes.length - shown.length)} suivantes`}
                  </Button>
                )}
              </Box>
            </Collapse>
          </TableCell>
        </TableRow>
      )}
    </Fragment>
  );
}
