import { useState } from 'react';
import { Button, Card, CardContent, MenuItem, Stack, TextField, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import type { AppRoute } from '../../../app/routeTable';
import { crumbsOf } from '../../../components/crumbs';
import { PageHeader } from '../../../components/PageHeader';
import { toastSaveError } from '../../../components/saveError';
import { useToast } from '../../../components/Toast';
import { MONTHS, type CustomerFilter } from '../format';
import { downloadCustomers, saveFile } from '../queries';

/** Export des contacts: choose the filters, download CSV (French Excel) or xlsx. */
export function ExportContactsPage({ route }: { route: AppRoute }) {
  const toast = useToast();
  const [filter, setFilter] = useState<CustomerFilter>({ sort: 'name' });
  const [format, setFormat] = useState<'csv' | 'xlsx'>('xlsx');
  const [busy, setBusy] = useState(false);
  const set = (patch: Partial<CustomerFilter>) => setFilter((f) => ({ ...f, ...patch }));
  const download = async () => {
    setBusy(true);
    try {
      const { blob, fileName } = await downloadCustomers(filter, format);
      saveFile(blob, fileName);
      toast.success('Export téléchargé.');
    } catch (error) {
      toastSaveError(toast, error, "L'export n'a pas pu être fait.");
    } finally {
      setBusy(false);
    }
  };
  return (
    <PageHeader title={route.title} subtitle={route.description} breadcrumbs={crumbsOf(route)}>
      <Card variant="outlined" sx={{ maxWidth: 640 }}>
        <CardContent>
          <Stack spacing={2}>
            <Typography variant="body2" color="text.secondary">Les clients effacés ne sont jamais exportés.</Typography>
            <TextField select size="small" label="Consentement" value={filter.optin ?? ''} onChange={(e) => set({ optin: (e.target.value || undefined) as CustomerFilter['optin'] })}>
              <MenuItem value="">Tous les clients</MenuItem>
              <MenuItem value="sms">Acceptent les SMS</MenuItem>
              <MenuItem value="email">Acceptent les e-mails</MenuItem>
              <MenuItem value="any">Acceptent les SMS ou les e-mails</MenuItem>
              <MenuItem value="none">N’ont rien accepté</MenuItem>
            </TextField>
            <TextField select size="small" label="Visites" value={filter.minVisits ?? 0} onChange={(e) => set({ minVisits: Number(e.target.value) || undefined })}>
              <MenuItem value={0}>Toutes</MenuItem>
              <MenuItem value={2}>2 visites ou plus</MenuItem>
              <MenuItem value={5}>5 visites ou plus</MenuItem>
            </TextField>
            <TextField select size="small" label="Pas venus depuis" value={filter.notSeenDays ?? 0} onChange={(e) => set({ notSeenDays: Number(e.target.value) || undefined })}>
              <MenuItem value={0}>Peu importe</MenuItem>
              <MenuItem value={30}>30 jours</MenuItem>
              <MenuItem value={90}>90 jours</MenuItem>
            </TextField>
            <TextField select size="small" label="Mois d’anniversaire" value={filter.birthMonth ?? 0} onChange={(e) => set({ birthMonth: Number(e.target.value) || undefined })}>
              <MenuItem value={0}>Tous</MenuItem>
              {MONTHS.map((m, i) => <MenuItem key={m} value={i + 1}>{m}</MenuItem>)}
            </TextField>
            <ToggleButtonGroup exclusive size="small" value={format} onChange={(_, v: 'csv' | 'xlsx' | null) => v && setFormat(v)} aria-label="Format">
              <ToggleButton value="xlsx">Excel (xlsx)</ToggleButton>
              <ToggleButton value="csv">CSV</ToggleButton>
            </ToggleButtonGroup>
            <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
              <Button variant="contained" startIcon={<FileDownloadOutlinedIcon />} disabled={busy} onClick={() => void download()}>Télécharger</Button>
            </Stack>
          </Stack>
        </CardContent>
      </Card>
    </PageHeader>
  );
}
