import { useId, useState } from 'react';
import { Box, Card, Chip, Divider, Stack, Typography } from '@mui/material';
import TableChartOutlinedIcon from '@mui/icons-material/TableChartOutlined';
import type { AppRoute } from '../../../app/routeTable';
import { crumbsOf } from '../../../components/crumbs';
import { PageHeader } from '../../../components/PageHeader';
import { RestaurantFilter } from '../../restaurants/RestaurantFilter';
import { DateRangeFilter, useDateRange } from '../../reports/components/DateRangeFilter';
import { ExportButtons } from '../../reports/components/ExportMenu';
import { useReportRestaurant } from '../../reports/components/useReportRestaurant';
import { CurrencyChoice } from '../../reports/components/CurrencyChoice';
import { useScopeCurrencies } from '../../reports/components/useCurrency';
import { formatRange } from '../../reports/format';
import { groupsFor, type DataGroup, type DataTable } from '../catalogue';

export const FORMATS_NOTE =
  'Excel : un classeur où chaque chiffre reste un nombre (montants en euros ou dans la devise du restaurant, pourcentages, dates). ' +
  'CSV : séparateur « ; », virgule décimale et dates JJ/MM/AAAA, pour Excel en français. ' +
  "Un fichier n'a les montants que d'une devise : celle choisie dans « Devise », ou celle du restaurant choisi.";

function TableRow({ table, params, period, titleId }: { table: DataTable; params: { start: string; end: string; restaurantId: number; currency?: string }; period: string; titleId: string }) {
  const exportParams = table.noPeriod ? { restaurantId: params.restaurantId } : { ...params, ...table.extra };
  return (
    <Box
      role="listitem"
      aria-labelledby={titleId}
      sx={{ display: 'flex', flexDirection: { xs: 'column', sm: 'row' }, alignItems: { xs: 'stretch', sm: 'center' }, gap: { xs: 1.25, sm: 2 }, px: 2, py: 1.5 }}
    >
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
          <Typography id={titleId} variant="body1" component="h3" sx={{ fontWeight: 600 }}>
            {table.title}
          </Typography>
          {table.noPeriod && <Chip size="small" label="Aujourd’hui" variant="outlined" />}
        </Stack>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {table.description}
        </Typography>
        {!table.noPeriod && (
          <Typography variant="caption" sx={{ color: 'text.secondary' }}>
            {period}
          </Typography>
        )}
      </Box>
      <ExportButtons report={table.report} table={table.table} params={exportParams} title={table.title} disabled={!table.noPeriod && !period} />
    </Box>
  );
}

function Group({ group, params, period }: { group: DataGroup; params: { start: string; end: string; restaurantId: number; currency?: string }; period: string }) {
  const id = useId();
  return (
    <Card component="section" aria-labelledby={id} sx={{ minWidth: 0 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', px: 2, py: 1.5, borderBottom: 1, borderColor: 'divider' }}>
        <TableChartOutlinedIcon fontSize="small" sx={{ color: 'primary.main' }} aria-hidden />
        <Typography id={id} variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>
          {group.title}
        </Typography>
        <Typography variant="caption" sx={{ color: 'text.secondary' }}>
          {group.tables.length} table{group.tables.length > 1 ? 's' : ''}
        </Typography>
      </Stack>
      <Box role="list" aria-label={group.title}>
        {group.tables.map((t, i) => (
          <Box key={`${t.report}/${t.table ?? ''}/${t.title}`}>
            {i > 0 && <Divider component="div" role="presentation" />}
            <TableRow table={t} params={params} period={period} titleId={`${id}-${i}`} />
          </Box>
        ))}
      </Box>
    </Card>
  );
}

/**
 * « Données » (/stats/metabase): every report table with a line saying what it holds and its two
 * downloads, over the chosen period and restaurants — the self-service access a Metabase link gave.
 * The product exports (/v2/DashboardDownloadExcelProd…) are the same screen on the product tables.
 */
export function DataExportsPage({ route }: { route: AppRoute }) {
  const { range, setRange, valid } = useDateRange();
  const { restaurantId } = useReportRestaurant();
  const groups = groupsFor(route.dataExports ?? 'all');
  // Restaurants of several currencies: the files hold one at a time (never two in a column).
  const currencies = useScopeCurrencies(restaurantId);
  const [picked, setPicked] = useState<string>();
  const currency = currencies.some((c) => c.code === picked) ? picked : currencies[0]?.code;
  const params = { start: range.start, end: range.end, restaurantId, ...(restaurantId === 0 && currency ? { currency } : {}) };
  const period = valid ? formatRange(range) : '';

  return (
    <PageHeader
      title={route.title}
      subtitle={route.description}
      breadcrumbs={crumbsOf(route)}
      actions={
        <>
          <DateRangeFilter value={range} onChange={setRange} />
          <RestaurantFilter />
          <CurrencyChoice value={currency} currencies={currencies} onChange={setPicked} />
        </>
      }
    >
      <Stack spacing={2} sx={{ minWidth: 0 }}>
        <Typography variant="body2" sx={{ color: 'text.secondary', maxWidth: 900 }}>
          {FORMATS_NOTE}
        </Typography>
        {groups.map((g) => (
          <Group key={g.id} group={g} params={params} period={period} />
        ))}
      </Stack>
    </PageHeader>
  );
}
