import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import { Alert, Button, Paper, Stack, Typography } from '@mui/material';
import type { AppRoute } from '../../../app/routeTable';
import { crumbsOf } from '../../../components/crumbs';
import { ErrorBlock } from '../../../components/ErrorBlock';
import { LoadingPanel } from '../../../components/LoadingPanel';
import { PageHeader } from '../../../components/PageHeader';
import { settingsQuery } from '../queries';
import { formatMoney } from '../sms';

/**
 * The original app's page after buying SMS credit. Brigade sells no credit: the SMS are billed by
 * the provider configured on the server, so this page only says so, with the provider's status.
 */
export function PaymentInfoPage({ route }: { route: AppRoute }) {
  const settings = useQuery(settingsQuery());
  let body;
  if (settings.isPending) body = <LoadingPanel />;
  else if (settings.isError) body = <ErrorBlock onRetry={() => void settings.refetch()} retrying={settings.isFetching} />;
  else {
    const s = settings.data;
    body = (
      <Stack spacing={2}>
        <Alert severity="info">
          Brigade ne vend pas de crédit SMS et n'a encaissé aucun paiement : vos SMS sont facturés directement par le fournisseur SMS configuré sur votre serveur.
        </Alert>
        <Paper variant="outlined" sx={{ p: 3 }} aria-label="Fournisseur SMS">
          <Stack spacing={1}>
            <Typography variant="h6" component="h2">
              Fournisseur SMS
            </Typography>
            <Typography>{s.smsConfigured ? 'Configuré : vos campagnes SMS peuvent partir.' : "Non configuré : aucun SMS ne partira tant que l'administrateur du serveur n'a pas renseigné --sms-url et --sms-token."}</Typography>
            {s.smsConfigured && s.smsSender && <Typography color="text.secondary">Expéditeur : {s.smsSender}</Typography>}
            <Typography color="text.secondary">Prix indicatif : {formatMoney(s.pricePerSms.cents, s.pricePerSms.currency)} par SMS (estimation des campagnes).</Typography>
            <Typography color="text.secondary">E-mails : {s.emailConfigured ? 'serveur de mail configuré.' : 'aucun serveur de mail configuré (les e-mails vont dans le journal du serveur).'}</Typography>
          </Stack>
        </Paper>
        <Stack direction="row" spacing={2}>
          <Button variant="contained" component={RouterLink} to="/mesClients/CampagnesSms">
            Voir les campagnes
          </Button>
          <Button component={RouterLink} to="/mesClients/CreateEnvoi">
            Nouvel envoi
          </Button>
        </Stack>
      </Stack>
    );
  }
  return (
    <PageHeader title={route.title} breadcrumbs={crumbsOf(route)}>
      {body}
    </PageHeader>
  );
}
