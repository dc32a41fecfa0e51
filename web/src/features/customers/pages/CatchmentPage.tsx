import { useState } from 'react';
import { DateField } from '../../../components/DateField';
import { useQuery } from '@tanstack/react-query';
import { Box, MenuItem, Paper, Stack, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, TextField, Typography } from '@mui/material';
import PlaceOutlinedIcon from '@mui/icons-material/PlaceOutlined';
import type { AppRoute } from '../../../app/routeTable';
import { crumbsOf } from '../../../components/crumbs';
import { EmptyState } from '../../../components/EmptyState';
import { ErrorBlock } from '../../../components/ErrorBlock';
import { LoadingPanel } from '../../../components/LoadingPanel';
import { PageHeader } from '../../../components/PageHeader';
import { bpText, money } from '../format';
import { catchmentQuery, type CatchmentFilter } from '../queries';

/** Zone de chalandise: the paid orders ranked by their customers' postal code, with share bars. */
export function CatchmentPage({ route }: { route: AppRoute }) {
  const [filter, setFilter] = useState<CatchmentFilter>({ restaurantId: 0, source: 'all' });
  const data = useQuery(catchmentQuery(filter));
  let body;
  if (data.isPending) body = <LoadingPanel />;
  else if (data.isError) body = <ErrorBlock onRetry={() => void data.refetch()} retrying={data.isFetching} />;
  else if ((data.data.items ?? []).length === 0)
    body = <EmptyState title="Aucun code postal" message="Aucune commande de la période n’a un client au code postal connu." icon={<PlaceOutlinedIcon />} />;
  else {
    const d = data.data;
    const n = (v: number) => v.toLocaleString('fr-FR');
    body = (
      <>
        <Typography variant="body2" color="text.secondary">
          {n(d.knownOrders)} commande{d.knownOrders > 1 ? 's' : ''} au code postal connu, {n(d.unknownOrders)} sans code postal.
        </Typography>
        <Paper variant="outlined">
          <TableContainer>
            <Table size="small" aria-label="Zone de chalandise">
              <TableHead>
                <TableRow>
                  <TableCell>Code postal</TableCell>
                  <TableCell align="right">Clients</TableCell>
                  <TableCell align="right">Commandes</TableCell>
                  <TableCell align="right">Total</TableCell>
                  <TableCell sx={{ width: '35%' }}>Part des commandes</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {(d.items ?? []).map((r) => (
                  <TableRow key={r.postalCode}>
                    <TableCell>{r.postalCode}</TableCell>
                    <TableCell align="right">{n(r.customers)}</TableCell>
                    <TableCell align="right">{n(r.orders)}</TableCell>
                    <TableCell align="right">{(r.total ?? []).map((t) => money(t.cents, t.currency)).join(' · ')}</TableCell>
                    <TableCell>
                      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                        <Box sx={{ flex: 1, height: 8, borderRadius: 1, bgcolor: 'action.hover' }}>
                          <Box sx={{ height: 8, borderRadius: 1, bgcolor: 'primary.main', width: `${r.share / 100}%` }} />
                        </Box>
                        <Typography variant="caption" sx={{ minWidth: 48, textAlign: 'right' }}>{bpText(r.share)}</Typography>
                      </Stack>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        </Paper>
      </>
    );
  }
  return (
    <PageHeader title={route.title} subtitle={route.description} breadcrumbs={crumbsOf(route)}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <DateField label="Du" value={filter.from ?? ''} max={filter.to} onChange={(v) => setFilter((f) => ({ ...f, from: v || undefined }))} />
        <DateField label="Au" value={filter.to ?? ''} min={filter.from} onChange={(v) => setFilter((f) => ({ ...f, to: v || undefined }))} />
        <TextField select size="small" label="Commandes" value={filter.source} onChange={(e) => setFilter((f) => ({ ...f, source: e.target.value as CatchmentFilter['source'] }))} sx={{ minWidth: 200 }}>
          <MenuItem value="all">Toutes</MenuItem>
          <MenuItem value="click_and_collect">Click & Collect</MenuItem>
        </TextField>
      </Stack>
      {body}
    </PageHeader>
  );
}
