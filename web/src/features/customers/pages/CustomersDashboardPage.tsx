import { useQuery } from '@tanstack/react-query';
import { Box, Card, CardContent, Paper, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import type { AppRoute } from '../../../app/routeTable';
import { crumbsOf } from '../../../components/crumbs';
import { ErrorBlock } from '../../../components/ErrorBlock';
import { LoadingPanel } from '../../../components/LoadingPanel';
import { PageHeader } from '../../../components/PageHeader';
import { bpText, monthText } from '../format';
import { customersSummaryQuery } from '../queries';

function SummaryCard({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="body2" color="text.secondary">{label}</Typography>
        <Typography variant="h4" component="p">{value}</Typography>
        {hint && <Typography variant="caption" color="text.secondary">{hint}</Typography>}
      </CardContent>
    </Card>
  );
}

/** Tableau de bord clients (and Suivi Client): summary cards and new / active customers per month. */
export function CustomersDashboardPage({ route }: { route: AppRoute }) {
  const summary = useQuery(customersSummaryQuery(0));
  let body;
  if (summary.isPending) body = <LoadingPanel />;
  else if (summary.isError) body = <ErrorBlock onRetry={() => void summary.refetch()} retrying={summary.isFetching} />;
  else {
    const s = summary.data;
    const n = (v: number) => v.toLocaleString('fr-FR');
    const months = s.byMonth ?? [];
    const max = Math.max(1, ...months.map((m) => Math.max(m.newCustomers, m.activeCustomers)));
    body = (
      <>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)' } }}>
          <SummaryCard label="Clients" value={n(s.customers)} />
          <SummaryCard label="Nouveaux ce mois-ci" value={n(s.newThisMonth)} />
          <SummaryCard label="Actifs sur 30 jours" value={n(s.activeLast30Days)} />
          <SummaryCard label="Acceptent les SMS" value={n(s.smsOptins)} />
          <SummaryCard label="Acceptent les e-mails" value={n(s.emailOptins)} />
          <SummaryCard label="Taux de retour" value={bpText(s.repeatRate)} hint="Clients venus au moins deux fois" />
        </Box>
        <Paper variant="outlined">
          <TableContainer>
            <Table size="small" aria-label="Clients par mois">
              <TableHead>
                <TableRow>
                  <TableCell>Mois</TableCell>
                  <TableCell align="right">Nouveaux clients</TableCell>
                  <TableCell align="right">Clients actifs</TableCell>
                  <TableCell sx={{ width: '40%' }} />
                </TableRow>
              </TableHead>
              <TableBody>
                {months.map((m) => (
                  <TableRow key={m.month}>
                    <TableCell>{monthText(m.month)}</TableCell>
                    <TableCell align="right">{n(m.newCustomers)}</TableCell>
                    <TableCell align="right">{n(m.activeCustomers)}</TableCell>
                    <TableCell>
                      <Box aria-hidden sx={{ height: 8, borderRadius: 1, bgcolor: 'primary.main', width: `${(m.activeCustomers / max) * 100}%` }} />
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
      {body}
    </PageHeader>
  );
}
