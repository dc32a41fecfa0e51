import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink, useNavigate } from 'react-router';
import {
  Link, Button, Chip, MenuItem, Paper, Stack, Table, TableBody, TableCell, TableContainer, TableHead, TablePagination, TableRow, TableSortLabel, TextField, Typography,
} from '@mui/material';
import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import PeopleOutlineRoundedIcon from '@mui/icons-material/PeopleOutlineRounded';
import type { AppRoute } from '../../../app/routeTable';
import { crumbsOf } from '../../../components/crumbs';
import { EmptyState } from '../../../components/EmptyState';
import { ErrorBlock } from '../../../components/ErrorBlock';
import { LoadingPanel } from '../../../components/LoadingPanel';
import { PageHeader } from '../../../components/PageHeader';
import { SearchBar } from '../../../components/SearchBar';
import { toastSaveError } from '../../../components/saveError';
import { useToast } from '../../../components/Toast';
import { contactPath, dateText, displayName, phoneText, spendText, type CustomerFilter } from '../format';
import { customersQuery, downloadCustomers, saveFile } from '../queries';

type SortKey = NonNullable<CustomerFilter['sort']>;

const COLUMNS: { key: SortKey | null; label: string; align?: 'right' }[] = [
  { key: 'name', label: 'Client' },
  { key: null, label: 'Téléphone' },
  { key: null, label: 'E-mail' },
  { key: 'visits', label: 'Visites', align: 'right' },
  { key: 'lastVisit', label: 'Dernière visite' },
  { key: 'spend', label: 'Dépense', align: 'right' },
  { key: 'points', label: 'Points', align: 'right' },
  { key: null, label: 'Consentements' },
];

/** Liste des contacts (and the click & collect customers): search, filters, sortable paged table, export. */
export function ListContactsPage({ route, clickCollect = false }: { route: AppRoute; clickCollect?: boolean }) {
  const navigate = useNavigate();
  const toast = useToast();
  const [filter, setFilter] = useState<CustomerFilter>({ sort: 'lastVisit', desc: true, page: 0, pageSize: 50, clickCollect });
  const [exporting, setExporting] = useState(false);
  const list = useQuery(customersQuery(filter));
  const set = (patch: Partial<CustomerFilter>) => setFilter((f) => ({ ...f, page: 0, ...patch }));
  const sortBy = (key: SortKey) => set({ sort: key, desc: filter.sort === key ? !filter.desc : key !== 'name' });

  const exportCsv = async () => {
    setExporting(true);
    try {
      const { blob, fileName } = await downloadCustomers(filter, 'csv');
      saveFile(blob, fileName);
    } catch (error) {
      toastSaveError(toast, error, "L'export n'a pas pu être fait.");
    } finally {
      setExporting(false);
    }
  };

  const filters = (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'center' } }}>
      <SearchBar thing="un client (nom, téléphone, e-mail, carte)" value={filter.q ?? ''} onChange={(q) => set({ q })} />
      <TextField select size="small" label="Consentement" value={filter.optin ?? ''} onChange={(e) => set({ optin: (e.target.value || undefined) as CustomerFilter['optin'] })} sx={{ minWidth: 180 }}>
        <MenuItem value="">Tous</MenuItem>
        <MenuItem value="sms">SMS acceptés</MenuItem>
        <MenuItem value="email">E-mails acceptés</MenuItem>
        <MenuItem value="any">SMS ou e-mails</MenuItem>
        <MenuItem value="none">Aucun</MenuItem>
      </TextField>
      <TextField select size="small" label="Visites" value={filter.minVisits ?? 0} onChange={(e) => set({ minVisits: Number(e.target.value) || undefined })} sx={{ minWidth: 150 }}>
        <MenuItem value={0}>Toutes</MenuItem>
        <MenuItem value={2}>2 visites ou plus</MenuItem>
        <MenuItem value={5}>5 visites ou plus</MenuItem>
        <MenuItem value={10}>10 visites ou plus</MenuItem>
      </TextField>
      <TextField select size="small" label="Pas venus depuis" value={filter.notSeenDays ?? 0} onChange={(e) => set({ notSeenDays: Number(e.target.value) || undefined })} sx={{ minWidth: 170 }}>
        <MenuItem value={0}>Peu importe</MenuItem>
        <MenuItem value={30}>30 jours</MenuItem>
        <MenuItem value={60}>60 jours</MenuItem>
        <MenuItem value={90}>90 jours</MenuItem>
      </TextField>
    </Stack>
  );

  let body;
  if (list.isPending) body = <LoadingPanel />;
  else if (list.isError) body = <ErrorBlock onRetry={() => void list.refetch()} retrying={list.isFetching} />;
  else if (list.data.total === 0)
    body = (
      <EmptyState
        title="Aucun client"
        message={filter.q || filter.optin || filter.minVisits || filter.notSeenDays ? 'Aucun client ne correspond à ces filtres.' : 'Les clients apparaissent ici dès qu’une commande en nomme un (borne, caisse ou click & collect).'}
        icon={<PeopleOutlineRoundedIcon />}
      />
    );
  else
    body = (
      <Paper variant="outlined">
        <TableContainer>
          <Table size="small" aria-label="Clients">
            <TableHead>
              <TableRow>
                {COLUMNS.map((c) => (
                  <TableCell key={c.label} align={c.align}>
                    {c.key ? (
                      <TableSortLabel active={filter.sort === c.key} direction={filter.sort === c.key && filter.desc ? 'desc' : 'asc'} onClick={() => sortBy(c.key as SortKey)}>
                        {c.label}
                      </TableSortLabel>
                    ) : (
                      c.label
                    )}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {(list.data.items ?? []).map((c) => (
                <TableRow key={c.id} hover sx={{ cursor: 'pointer' }} onClick={() => void navigate(contactPath(c))}>
                  <TableCell>
                    <Link component={RouterLink} to={contactPath(c)} underline="hover" variant="body2" sx={{ fontWeight: 500, display: 'block' }} onClick={(e) => e.stopPropagation()}>{displayName(c)}</Link>
                    {c.postalCode && <Typography variant="caption" color="text.secondary">{c.postalCode}</Typography>}
                  </TableCell>
                  <TableCell>{c.phone ? phoneText(c.phone) : '—'}</TableCell>
                  <TableCell>{c.email || '—'}</TableCell>
                  <TableCell align="right">{c.visits.toLocaleString('fr-FR')}</TableCell>
                  <TableCell>{dateText(c.lastVisit)}</TableCell>
                  <TableCell align="right">{spendText(c.spend)}</TableCell>
                  <TableCell align="right">{c.points.toLocaleString('fr-FR')}</TableCell>
                  <TableCell>
                    <Stack direction="row" spacing={0.5}>
                      {c.smsOptin && <Chip size="small" label="SMS" color="success" variant="outlined" />}
                      {c.emailOptin && <Chip size="small" label="E-mail" color="success" variant="outlined" />}
                    </Stack>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
        <TablePagination
          component="div"
          count={list.data.total}
          page={filter.page ?? 0}
          rowsPerPage={filter.pageSize ?? 50}
          rowsPerPageOptions={[25, 50, 100]}
          onPageChange={(_, page) => setFilter((f) => ({ ...f, page }))}
          onRowsPerPageChange={(e) => set({ pageSize: Number(e.target.value) })}
          labelRowsPerPage="Lignes par page"
          labelDisplayedRows={({ from, to, count }) => `${from}–${to} sur ${count.toLocaleString('fr-FR')}`}
        />
      </Paper>
    );

  return (
    <PageHeader
      title={route.title}
      subtitle={route.description}
      breadcrumbs={crumbsOf(route)}
      actions={
        <Button variant="outlined" startIcon={<FileDownloadOutlinedIcon />} onClick={() => void exportCsv()} disabled={exporting}>
          Exporter
        </Button>
      }
    >
      {filters}
      {body}
    </PageHeader>
  );
}
