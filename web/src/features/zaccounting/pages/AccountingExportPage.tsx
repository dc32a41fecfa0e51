import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import {
  Box,
  Button,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import type { AppRoute } from '../../../app/routeTable';
import { crumbsOf } from '../../../components/crumbs';
import { PageHeader } from '../../../components/PageHeader';
import { periodRange } from '../../../components/periods';
import { useToast } from '../../../components/Toast';
import { RestaurantFilter } from '../../restaurants/RestaurantFilter';
import { CurrencyChoice } from '../../reports/components/CurrencyChoice';
import { DateRangeFilter, useDateRange, useReportTimeZone } from '../../reports/components/DateRangeFilter';
import { ReportCard } from '../../reports/components/ReportCard';
import { exportErrorMessage } from '../../reports/components/ExportMenu';
import { useReportRestaurant } from '../../reports/components/useReportRestaurant';
import { formatCents, formatDay, formatInteger, formatRange } from '../../reports/format';
import { saveFile } from '../../tags/queries';
import { ACCOUNTING_FORMATS, PREVIEW_LINES, accountingPreviewQuery, downloadAccounting, type Accounting, type AccountingFormat } from '../queries';

export const DOWNLOAD_JOURNAL_LABEL = 'Télécharger le journal';

const HELP =
  "Une ligne par jour d'exploitation et par restaurant ayant des commandes payées. HT et TVA par taux, TTC (frais compris, remises déduites), " +
  'remises, frais, encaissements par moyen de paiement, nombre de commandes. Total HT + Total TVA = TTC = somme des moyens de paiement. ' +
  "Une devise par fichier : les montants de deux devises ne s'additionnent jamais.";

type Line = NonNullable<Accounting['lines']>[number];

/** A journal line's cells in the order of the server's columns. */
function cells(a: Accounting, l: Line): { text: string; numeric: boolean }[] {
  const money = (c: number) => ({ text: formatCents(c, l.currency || a.currency), numeric: true });
  return [
    { text: formatDay(l.date), numeric: false },
    { text: l.restaurant, numeric: false },
    { text: l.siret || '—', numeric: false },
    { text: l.currency, numeric: false },
    ...(l.htCents ?? []).map(money),
    money(l.totalHtCents),
    ...(l.vatCents ?? []).map(money),
    money(l.totalVatCents),
    money(l.ttcCents),
    money(l.discountCents),
    money(l.feesCents),
    ...(l.paymentsCents ?? []).map(money),
    { text: formatInteger(l.orders), numeric: true },
  ];
}

/** Export comptable (issue 18): the sales journal per day and restaurant, as CSV or xlsx. */
export function AccountingExportPage({ route }: { route: AppRoute }) {
  const zone = useReportTimeZone();
  const { range, setRange, valid } = useDateRange(() => periodRange('lastMonth', new Date(), zone));
  const { restaurantId } = useReportRestaurant();
  const [currency, setCurrency] = useState<string>();
  const [format, setFormat] = useState<AccountingFormat>('csv');
  const [busy, setBusy] = useState(false);
  const toast = useToast();

  const params = { ...range, restaurantId, currency };
  const preview = useQuery({ ...accountingPreviewQuery(params), enabled: valid });
  const a = preview.data;
  const lines = a?.lines ?? [];
  const columns = a?.columns ?? [];

  const download = async () => {
    setBusy(true);
    try {
      const { blob, fileName } = await downloadAccounting({ ...params, currency: a?.currency ?? currency }, format);
      saveFile(blob, fileName);
    } catch (e) {
      toast.error(exportErrorMessage(e));
    } finally {
      setBusy(false);
    }
  };

  const summary = a
    ? `${formatInteger(a.totalLines)} ligne${a.totalLines > 1 ? 's' : ''} ${formatRange(range)} · ${a.currency}`
    : undefined;

  return (
    <PageHeader
      title={route.title}
      subtitle={route.description}
      breadcrumbs={crumbsOf(route)}
      actions={
        <>
          <DateRangeFilter value={range} onChange={setRange} />
          <RestaurantFilter />
          <CurrencyChoice value={a?.currency} currencies={a?.currencies} onChange={setCurrency} />
        </>
      }
    >
      <ReportCard title="Journal des ventes" help={HELP} subtitle={summary}>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { xs: 'stretch', md: 'center' }, p: 2 }}>
          <Box>
            <Typography variant="body2" id="accounting-format" sx={{ fontWeight: 600, mb: 0.75 }}>
              Format
            </Typography>
            <ToggleButtonGroup exclusive size="small" value={format} onChange={(_, f: AccountingFormat | null) => f && setFormat(f)} aria-labelledby="accounting-format">
              {ACCOUNTING_FORMATS.map((f) => (
                <ToggleButton key={f.format} value={f.format} sx={{ px: 2 }}>
                  {f.label}
                </ToggleButton>
              ))}
            </ToggleButtonGroup>
            <Typography variant="caption" component="p" sx={{ color: 'text.secondary', mt: 0.75 }}>
              {ACCOUNTING_FORMATS.find((f) => f.format === format)?.help}
            </Typography>
          </Box>
          <Box sx={{ flex: 1 }} />
          <Button
            variant="contained"
            size="large"
            startIcon={<FileDownloadOutlinedIcon />}
            onClick={() => void download()}
            loading={busy}
            disabled={!valid || !a || preview.isError}
          >
            {DOWNLOAD_JOURNAL_LABEL}
          </Button>
        </Stack>
      </ReportCard>

      <ReportCard
        title="Aperçu"
        subtitle={a && a.totalLines > 0 ? `Les ${formatInteger(Math.min(PREVIEW_LINES, a.totalLines))} premières lignes sur ${formatInteger(a.totalLines)}` : undefined}
        loading={valid && preview.isPending}
        refreshing={preview.isFetching && !preview.isPending}
        error={preview.error}
        onRetry={() => void preview.refetch()}
        empty={!valid || (a !== undefined && lines.length === 0)}
        minHeight={200}
        bodyPadding={0}
      >
        {a && (
          <TableContainer>
            <Table size="small" aria-label="Aperçu du journal comptable" sx={{ '& td, & th': { whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' } }}>
              <TableHead>
                <TableRow>
                  {columns.map((c, i) => (
                    <TableCell key={c.header} align={c.kind === 'money' || c.kind === 'count' ? 'right' : 'left'} sx={{ fontWeight: 600, ...(i === 0 ? { position: 'sticky', left: 0, bgcolor: 'background.paper', zIndex: 1 } : {}) }}>
                      {c.header}
                    </TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {lines.map((l) => (
                  <TableRow key={`${l.date}-${l.restaurantId}`} hover>
                    {cells(a, l).map((c, i) =>
                      i === 0 ? (
                        <TableCell key={i} component="th" scope="row" sx={{ position: 'sticky', left: 0, bgcolor: 'background.paper' }}>
                          {c.text}
                        </TableCell>
                      ) : (
                        <TableCell key={i} align={c.numeric ? 'right' : 'left'}>
                          {c.text}
                        </TableCell>
                      ),
                    )}
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </ReportCard>

      <ReportCard title="Colonnes du journal" subtitle="Ce que contient chaque colonne du fichier, dans l'ordre" bodyPadding={0} empty={columns.length === 0} loading={valid && preview.isPending}>
        <TableContainer>
          <Table size="small" aria-label="Colonnes du journal comptable">
            <TableHead>
              <TableRow>
                <TableCell sx={{ fontWeight: 600 }}>Colonne</TableCell>
                <TableCell sx={{ fontWeight: 600 }}>Contenu</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {columns.map((c) => (
                <TableRow key={c.header}>
                  <TableCell component="th" scope="row" sx={{ whiteSpace: 'nowrap', fontWeight: 500 }}>
                    {c.header}
                  </TableCell>
                  <TableCell sx={{ color: 'text.secondary' }}>{c.doc}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      </ReportCard>
    </PageHeader>
  );
}
