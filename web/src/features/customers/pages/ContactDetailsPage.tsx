import { useEffect, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import {
  Alert, Box, Button, Card, CardContent, Chip, Grid, Stack, Switch, FormControlLabel, Table, TableBody, TableCell, TableHead, TableRow, TablePagination, TextField, Typography,
} from '@mui/material';
import DeleteForeverOutlinedIcon from '@mui/icons-material/DeleteForeverOutlined';
import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import type { AppRoute } from '../../../app/routeTable';
import { useSession } from '../../../app/session';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { crumbsOf } from '../../../components/crumbs';
import { EmptyState } from '../../../components/EmptyState';
import { ErrorBlock } from '../../../components/ErrorBlock';
import { LoadingPanel } from '../../../components/LoadingPanel';
import { PageHeader } from '../../../components/PageHeader';
import { toastSaveError } from '../../../components/saveError';
import { useToast } from '../../../components/Toast';
import { LoyaltyCard } from '../components/LoyaltyCard';
import { contactIdOf, dateText, dateTimeText, displayName, money, phoneText, SOURCE_LABELS, type Customer, type CustomerInput } from '../format';
import {
  customerConsentsQuery, customerOrdersQuery, customerQuery, customersChanged, downloadCustomerData, eraseCustomerMutation, saveFile, setConsentMutation, updateCustomerMutation,
} from '../queries';

const STATUS_LABELS: Record<string, string> = {
  paid: 'Payée', pending: 'En attente', cancelled: 'Annulée', refunded: 'Remboursée', partially_refunded: 'Remboursée en partie', failed: 'Refusée',
};
const ORDER_SOURCES: Record<string, string> = { caisse: 'Caisse', borne: 'Borne', clickncollect: 'Click & Collect' };

function inputOf(c: Customer): CustomerInput {
  return { firstName: c.firstName, lastName: c.lastName, phone: c.phone, email: c.email, card: c.card, postalCode: c.postalCode, birthMonth: c.birthMonth, birthDay: c.birthDay };
}

function IdentityCard({ customer, canWrite }: { customer: Customer; canWrite: boolean }) {
  const client = useQueryClient();
  const toast = useToast();
  const [form, setForm] = useState<CustomerInput>(inputOf(customer));
  useEffect(() => setForm(inputOf(customer)), [customer]);
  const save = useMutation({
    ...updateCustomerMutation(),
    onSuccess: () => {
      toast.success('Client enregistré.');
      customersChanged(client);
    },
    onError: (error) => toastSaveError(toast, error, "Le client n'a pas pu être enregistré."),
  });
  const field = (key: keyof CustomerInput, label: string, extra?: object) => (
    <TextField
      size="small"
      label={label}
      value={(key === 'birthDay' || key === 'birthMonth') && !form[key] ? '' : (form[key] ?? '')}
      disabled={!canWrite || customer.erased}
      onChange={(e) => setForm((f) => ({ ...f, [key]: key === 'birthDay' || key === 'birthMonth' ? Number(e.target.value) || 0 : e.target.value }))}
      fullWidth
      {...extra}
    />
  );
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>Identité</Typography>
        <Box component="form" onSubmit={(e) => { e.preventDefault(); save.mutate({ id: customer.id, version: customer.version, body: form }); }}>
          <Grid container spacing={2}>
            <Grid size={{ xs: 12, sm: 6 }}>{field('firstName', 'Prénom')}</Grid>
            <Grid size={{ xs: 12, sm: 6 }}>{field('lastName', 'Nom')}</Grid>
            <Grid size={{ xs: 12, sm: 6 }}>{field('phone', 'Téléphone')}</Grid>
            <Grid size={{ xs: 12, sm: 6 }}>{field('email', 'E-mail', { type: 'email' })}</Grid>
            <Grid size={{ xs: 12, sm: 4 }}>{field('card', 'Carte de fidélité')}</Grid>
            <Grid size={{ xs: 12, sm: 4 }}>{field('postalCode', 'Code postal')}</Grid>
            <Grid size={{ xs: 6, sm: 2 }}>{field('birthDay', 'Jour', { type: 'number', slotProps: { htmlInput: { min: 0, max: 31 } } })}</Grid>
            <Grid size={{ xs: 6, sm: 2 }}>{field('birthMonth', 'Mois', { type: 'number', slotProps: { htmlInput: { min: 0, max: 12 } } })}</Grid>
          </Grid>
          {canWrite && !customer.erased && (
            <Stack direction="row" sx={{ justifyContent: 'flex-end', mt: 2 }}>
              <Button type="submit" variant="contained" disabled={save.isPending}>Enregistrer</Button>
            </Stack>
          )}
        </Box>
      </CardContent>
    </Card>
  );
}

function ConsentsCard({ customer, canWrite }: { customer: Customer; canWrite: boolean }) {
  const client = useQueryClient();
  const toast = useToast();
  const history = useQuery(customerConsentsQuery(customer.id));
  const set = useMutation({
    ...setConsentMutation(),
    onSuccess: (_, v) => {
      toast.success(v.granted ? 'Consentement enregistré.' : 'Consentement retiré.');
      customersChanged(client);
    },
    onError: (error) => toastSaveError(toast, error, "Le consentement n'a pas pu être enregistré."),
  });
  const toggle = (channel: 'sms' | 'email', label: string, on: boolean) => (
    <FormControlLabel
      control={<Switch checked={on} disabled={!canWrite || customer.erased || set.isPending} onChange={(e) => set.mutate({ id: customer.id, channel, granted: e.target.checked })} />}
      label={label}
    />
  );
  const items = history.data?.items ?? [];
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>Consentements</Typography>
        <Stack direction="row" spacing={3}>
          {toggle('sms', 'SMS', customer.smsOptin)}
          {toggle('email', 'E-mails', customer.emailOptin)}
        </Stack>
        <Typography variant="subtitle2" sx={{ mt: 2 }}>Historique</Typography>
        {history.isPending ? (
          <LoadingPanel />
        ) : items.length === 0 ? (
          <Typography variant="body2" color="text.secondary">Aucun consentement enregistré.</Typography>
        ) : (
          <Table size="small" aria-label="Historique des consentements">
            <TableBody>
              {items.map((c, i) => (
                <TableRow key={i}>
                  <TableCell>{dateTimeText(c.at)}</TableCell>
                  <TableCell>{c.channel === 'sms' ? 'SMS' : 'E-mail'}</TableCell>
                  <TableCell>{c.granted ? 'Accordé' : 'Retiré'}</TableCell>
                  <TableCell>{SOURCE_LABELS[c.source] ?? c.source}{c.byUser ? ` (${c.byUser})` : ''}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
    </Card>
  );
}

function OrdersCard({ customer }: { customer: Customer }) {
  const [page, setPage] = useState(0);
  const orders = useQuery(customerOrdersQuery(customer.id, page));
  let body;
  if (orders.isPending) body = <LoadingPanel />;
  else if (orders.isError) body = <ErrorBlock onRetry={() => void orders.refetch()} retrying={orders.isFetching} />;
  else if (orders.data.total === 0) body = <Typography variant="body2" color="text.secondary">Aucune commande.</Typography>;
  else
    body = (
      <>
        <Table size="small" aria-label="Commandes du client">
          <TableHead>
            <TableRow>
              <TableCell>Date</TableCell>
              <TableCell>Restaurant</TableCell>
              <TableCell>Commande</TableCell>
              <TableCell>Source</TableCell>
              <TableCell>Statut</TableCell>
              <TableCell align="right">Total</TableCell>
              <TableCell align="right">Points</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {(orders.data.items ?? []).map((o) => (
              <TableRow key={o.orderId}>
                <TableCell>{dateTimeText(o.paidAt)}</TableCell>
                <TableCell>{o.restaurant.name}</TableCell>
                <TableCell>{o.tillOrderId}</TableCell>
                <TableCell>{ORDER_SOURCES[o.source] ?? o.source}</TableCell>
                <TableCell>{STATUS_LABELS[o.status] ?? o.status}</TableCell>
                <TableCell align="right">{money(o.total.cents, o.total.currency)}</TableCell>
                <TableCell align="right">{o.points ? o.points.toLocaleString('fr-FR') : '—'}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        <TablePagination
          component="div"
          count={orders.data.total}
          page={page}
          rowsPerPage={20}
          rowsPerPageOptions={[20]}
          onPageChange={(_, p) => setPage(p)}
          labelDisplayedRows={({ from, to, count }) => `${from}–${to} sur ${count.toLocaleString('fr-FR')}`}
        />
      </>
    );
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>Commandes</Typography>
        {body}
      </CardContent>
    </Card>
  );
}

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <Box>
      <Typography variant="caption" color="text.secondary">{label}</Typography>
      <Typography variant="h6">{value}</Typography>
    </Box>
  );
}

/** Fiche contact: identity, consents with their history, figures, points, orders, RGPD access and erasure. */
export function ContactDetailsPage({ route }: { route: AppRoute }) {
  const { params } = useParams();
  const id = contactIdOf(params);
  const session = useSession();
  const navigate = useNavigate();
  const client = useQueryClient();
  const toast = useToast();
  const canWrite = session?.roles === 'admin' || session?.roles === 'moderator' || session?.roles === 'superadmin';
  const canErase = session?.roles === 'admin' || session?.roles === 'superadmin';
  const customer = useQuery({ ...customerQuery(id ?? 0), enabled: id !== null });
  const [confirming, setConfirming] = useState(false);
  const erase = useMutation({
    ...eraseCustomerMutation(),
    onSuccess: () => {
      toast.success('Client effacé.');
      setConfirming(false);
      customersChanged(client);
      void navigate('/mesClients/ListContacts');
    },
    onError: (error) => toastSaveError(toast, error, "Le client n'a pas pu être effacé."),
  });
  const exportData = async () => {
    if (id === null) return;
    try {
      const { blob, fileName } = await downloadCustomerData(id);
      saveFile(blob, fileName);
    } catch (error) {
      toastSaveError(toast, error, "Les données n'ont pas pu être exportées.");
    }
  };

  let body;
  let title = route.title;
  if (id === null) body = <EmptyState title="Client introuvable" message="Cette adresse ne désigne aucun client." />;
  else if (customer.isPending) body = <LoadingPanel />;
  else if (customer.isError) body = <ErrorBlock onRetry={() => void customer.refetch()} retrying={customer.isFetching} />;
  else {
    const c = customer.data;
    title = displayName(c);
    body = (
      <Stack spacing={2}>
        {c.erased && <Alert severity="info">Ce client a été effacé (RGPD) : ses données personnelles ont été supprimées, ses commandes restent dans les chiffres.</Alert>}
        <Card variant="outlined">
          <CardContent>
            <Stack direction="row" spacing={4} sx={{ flexWrap: 'wrap', rowGap: 2 }}>
              <Stat label="Visites" value={c.visits.toLocaleString('fr-FR')} />
              <Stat label="Première visite" value={dateText(c.firstVisit)} />
              <Stat label="Dernière visite" value={dateText(c.lastVisit)} />
              <Stat label="Dernier restaurant" value={c.lastRestaurant?.name || '—'} />
              {(c.spend ?? []).map((s) => (
                <Stat key={s.currency} label={`Dépense (${s.currency}) · ${s.orders.toLocaleString('fr-FR')} commande${s.orders > 1 ? 's' : ''}`} value={money(s.cents, s.currency)} />
              ))}
              {(c.points > 0 || c.lifetimePoints > 0) && <Stat label="Points" value={c.points.toLocaleString('fr-FR')} />}
              {c.tier?.name && (
                <Box>
                  <Typography variant="caption" color="text.secondary">Palier</Typography>
                  <Box><Chip label={c.tier.name} color="primary" /></Box>
                </Box>
              )}
            </Stack>
            {c.phone && <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>{phoneText(c.phone)}</Typography>}
          </CardContent>
        </Card>
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, lg: 7 }}><IdentityCard customer={c} canWrite={canWrite} /></Grid>
          <Grid size={{ xs: 12, lg: 5 }}><ConsentsCard customer={c} canWrite={canWrite} /></Grid>
        </Grid>
        {!c.erased && <LoyaltyCard customerId={c.id} canWrite={canWrite} />}
        <OrdersCard customer={c} />
      </Stack>
    );
  }

  const actions =
    id !== null && customer.data ? (
      <Stack direction="row" spacing={1}>
        {canWrite && <Button variant="outlined" startIcon={<FileDownloadOutlinedIcon />} onClick={() => void exportData()}>Exporter ses données</Button>}
        {canErase && !customer.data.erased && (
          <Button variant="outlined" color="error" startIcon={<DeleteForeverOutlinedIcon />} onClick={() => setConfirming(true)}>Effacer ce client</Button>
        )}
      </Stack>
    ) : undefined;

  return (
    <PageHeader title={title} subtitle="Fiche contact" breadcrumbs={crumbsOf(route)} actions={actions}>
      {body}
      <ConfirmDialog
        open={confirming}
        title="Effacer ce client ?"
        message="Ses nom, téléphone, e-mail, carte et code postal seront supprimés, ses consentements retirés et son nom effacé de ses commandes click & collect. Ses commandes restent dans les chiffres."
        warning="Cet effacement est définitif."
        confirmLabel="Effacer"
        tone="error"
        pending={erase.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() => id !== null && erase.mutate({ id })}
      />
    </PageHeader>
  );
}
