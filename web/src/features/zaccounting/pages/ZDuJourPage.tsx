import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Box, Button, Stack, Tab, Tabs, Typography } from '@mui/material';
import PrintOutlinedIcon from '@mui/icons-material/PrintOutlined';
import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import type { AppRoute } from '../../../app/routeTable';
import { crumbsOf } from '../../../components/crumbs';
import { PageHeader } from '../../../components/PageHeader';
import { useToast } from '../../../components/Toast';
import { RestaurantFilter } from '../../restaurants/RestaurantFilter';
import { CurrencyChoice } from '../../reports/components/CurrencyChoice';
import { useReportTimeZone } from '../../reports/components/DateRangeFilter';
import { ReportCard } from '../../reports/components/ReportCard';
import { errorText } from '../../reports/components/states';
import { useFranchiseCurrency } from '../../reports/components/useCurrency';
import { useReportRestaurant } from '../../reports/components/useReportRestaurant';
import { formatCents, formatDay, formatInteger } from '../../reports/format';
import { zReportQuery } from '../../sales/queries';
import { ZTable } from '../../sales/components/ZTable';
import { zTotals } from '../../sales/zColumns';
import { saveFile } from '../../tags/queries';
import { DayPicker, yesterdayIn } from '../components/DayPicker';
import { DOWNLOAD_PDF_LABEL, PRINT_LABEL, PdfViewer } from '../components/PdfViewer';
import { downloadZPdf } from '../queries';

export const PDF_ERROR_TEXT = "Le PDF du Z n'a pas pu être préparé. Réessayez dans un instant.";

const HELP =
  "Le Z d'une journée d'exploitation, par restaurant et par équipement. Le PDF a une page par équipement " +
  '(totaux, TVA par taux, réductions, moyens de paiement) puis une page de total par restaurant, avec les frais et les annulations.';

type View = 'table' | 'print';

/**
 * Z du jour (issue 18): the Z of one chosen day (yesterday by default) on screen, printable and
 * downloadable as the server's PDF. /Cncstats/BetaZjour opens on the table, /Cncstats/BetaPrintZ
 * on the print preview.
 */
export function ZDuJourPage({ route, opening }: { route: AppRoute; opening: View }) {
  const zone = useReportTimeZone();
  const [day, setDay] = useState(() => yesterdayIn(zone));
  const { restaurantId } = useReportRestaurant();
  const [currency, setCurrency] = useState<string>();
  const [view, setView] = useState<View>(opening);
  const [downloading, setDownloading] = useState(false);
  const toast = useToast();
  const franchiseCurrency = useFranchiseCurrency();
  const valid = /^\d{4}-\d{2}-\d{2}$/.test(day);

  const filter = { start: day, end: day, restaurantId, currency };
  const z = useQuery({ ...zReportQuery(filter), enabled: valid });
  const rows = z.data?.items ?? [];
  const shown = z.data?.currency || franchiseCurrency;
  const totals = zTotals(rows);
  // The same currency as the table: the one chosen, else the server's default for both.
  const params = { date: day, restaurantId, currency };
  const [printOnOpen, setPrintOnOpen] = useState(false);

  const download = async () => {
    setDownloading(true);
    try {
      const { blob, fileName } = await downloadZPdf(params);
      saveFile(blob, fileName);
    } catch (e) {
      toast.error(errorText(e) || PDF_ERROR_TEXT);
    } finally {
      setDownloading(false);
    }
  };

  return (
    <PageHeader
      title={route.title}
      subtitle={route.description}
      breadcrumbs={crumbsOf(route)}
      actions={
        <>
          <DayPicker value={day} onChange={setDay} timeZone={zone} />
          <RestaurantFilter />
          <CurrencyChoice value={z.data?.currency} currencies={z.data?.currencies} onChange={setCurrency} />
        </>
      }
    >
      <Box sx={{ borderBottom: 1, borderColor: 'divider' }}>
        <Tabs value={view} onChange={(_, v: View) => setView(v)} aria-label="Affichage du Z">
          <Tab value="table" label="Tableau" />
          <Tab value="print" label="Aperçu avant impression" />
        </Tabs>
      </Box>
      {view === 'table' ? (
        <ReportCard
          title={valid ? `Z du ${formatDay(day)}` : 'Z du jour'}
          help={HELP}
          subtitle={
            rows.length > 0
              ? `${formatInteger(totals.orders ?? 0)} commande${(totals.orders ?? 0) > 1 ? 's' : ''} · ${formatCents(totals.totalWithPlatform ?? 0, shown)} TTC · ${formatCents(totals.ht ?? 0, shown)} HT`
              : undefined
          }
          actions={
            <Stack direction="row" spacing={1}>
              <Button
                size="small"
                variant="contained"
                startIcon={<PrintOutlinedIcon />}
                onClick={() => {
                  setPrintOnOpen(true);
                  setView('print');
                }}
                disabled={!valid}
              >
                {PRINT_LABEL}
              </Button>
              <Button size="small" variant="outlined" startIcon={<FileDownloadOutlinedIcon />} onClick={() => void download()} loading={downloading} disabled={!valid}>
                {DOWNLOAD_PDF_LABEL}
              </Button>
            </Stack>
          }
          loading={valid && z.isPending}
          refreshing={z.isFetching && !z.isPending}
          error={z.error}
          onRetry={() => void z.refetch()}
          empty={!valid || rows.length === 0}
          minHeight={280}
          bodyPadding={0}
        >
          <ZTable rows={rows} currency={shown} />
        </ReportCard>
      ) : valid ? (
        <PdfViewer params={params} autoPrint={printOnOpen} onPrinted={() => setPrintOnOpen(false)} />
      ) : (
        <Typography sx={{ color: 'text.secondary' }}>Choisissez une journée au format JJ/MM/AAAA.</Typography>
      )}
    </PageHeader>
  );
}
