import { useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import {
  Box,
  List,
  ListItemButton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Tooltip,
  Typography,
} from '@mui/material';
import { alpha } from '@mui/material/styles';
import { PageHeader } from '../../../components/PageHeader';
import { HelpTooltip } from '../../../components/Tooltip';
import { DATA_ERROR_TEXT, ErrorBlock } from '../../../components/ErrorBlock';
import { EmptyState } from '../../../components/EmptyState';
import { ApiError } from '../../../api/client';
import { useReportRestaurant } from '../../reports/components/useReportRestaurant';
import { RestaurantFilter } from '../../restaurants/RestaurantFilter';
import { DateRangeFilter, useDateRange } from '../../reports/components/DateRangeFilter';
import { ReportCard } from '../../reports/components/ReportCard';
import { ExportMenu } from '../../reports/components/ExportMenu';
import { CurrencyChoice } from '../../reports/components/CurrencyChoice';
import { useMoney } from '../../reports/components/useCurrency';
import { formatInteger, formatRange, todayRange, type DateRange } from '../../reports/format';
import { salesCategoriesQuery, salesItemsQuery, type ReportFilter, type SalesKind } from '../queries';
import { useDebounced } from '../useDebounced';
import { useRouteCrumbs } from '../useRouteCrumbs';
import { InitialsAvatar } from '../components/InitialsAvatar';
import { ProductImage } from '../components/ProductImage';
import { TREND_HELP, Trend } from '../components/Trend';
import { countOf, PLATFORM_NOTE, salesTexts } from '../texts';
import type { components } from '../../../api/schema';

type SalesRow = components['schemas']['SalesRow'];

/** The v2 error state: the spec's sentence, and the server's French detail under it when it gave one. */
function SalesError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const detail = error instanceof ApiError && error.detail && error.detail !== DATA_ERROR_TEXT ? error.detail : null;
  return (
    <Box sx={{ p: 2 }}>
      <ErrorBlock message={DATA_ERROR_TEXT} onRetry={onRetry} />
      {detail && (
        <Typography variant="caption" component="p" sx={{ color: 'text.secondary', mt: 1, px: 0.5 }}>
          {detail}
        </Typography>
      )}
    </Box>
  );
}

/**
 * Product sales and option sales (spec §2.6): the categories on the left, the chosen category's
 * products (or options) on the right. Platform orders are left out of amounts and counts alike.
 */
export function SalesPage({ kind }: { kind: SalesKind }) {
  const texts = salesTexts[kind];
  const crumbs = useRouteCrumbs(texts.title);
  const { range, setRange, valid } = useDateRange(todayRange);
  const { restaurantId } = useReportRestaurant();
  const [currency, setCurrency] = useState<string>();

  // Calls wait until the filters have stopped changing for 500 ms (spec §9).
  const filter: ReportFilter = useDebounced({ ...range, restaurantId, currency });
  const period: DateRange = { start: filter.start, end: filter.end };
  const filterValid = valid && filter.start <= filter.end;

  const categories = useQuery({ ...salesCategoriesQuery(kind, filter), enabled: filterValid });
  const categoryRows = categories.isError ? [] : (categories.data?.items ?? []);
  // Every amount in the currency the answer states (one currency at a time, never added across).
  const money = useMoney(categories.data?.currency);
  // The exports show what the screen shows: its period, restaurant and the currency of its answer.
  const exportParams = { start: filter.start, end: filter.end, restaurantId: filter.restaurantId, currency: categories.data?.currency, kind };

  // The first category is shown until the user picks another; a pick survives a new period while it still has sales.
  const [picked, setPicked] = useState('');
  const category = categoryRows.some((c) => c.name === picked) ? picked : (categoryRows[0]?.name ?? '');

  const items = useQuery({ ...salesItemsQuery(kind, filter, category), enabled: filterValid && category !== '' && !categories.isError });
  const itemRows = items.isError ? [] : (items.data?.items ?? []);

  let right: ReactNode;
  if (items.isError) right = <SalesError error={items.error} onRetry={() => void items.refetch()} />;
  else if (categories.isError || (!categories.isPending && categoryRows.length === 0)) right = <EmptyState minHeight={320} />;
  else right = <ItemsTable rows={itemRows} column={texts.column} money={money} category={category} />;

  return (
    <PageHeader
      title={texts.title}
      subtitle={
        <>
          {texts.subtitle} Hors commandes plateforme.{' '}
          <Box component="span" sx={{ display: 'inline-flex', verticalAlign: 'text-bottom', ml: 0.25 }}>
            <HelpTooltip title={PLATFORM_NOTE} label="Commandes plateforme non incluses" />
          </Box>
        </>
      }
      breadcrumbs={crumbs}
      actions={
        <>
          <DateRangeFilter value={range} onChange={setRange} />
          <RestaurantFilter />
          <CurrencyChoice value={categories.data?.currency} currencies={categories.data?.currencies} onChange={setCurrency} />
        </>
      }
    >
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(340px, 5fr) 7fr' }, gap: 2.5, alignItems: 'start' }}>
        <ReportCard
          title={texts.categories}
          help={PLATFORM_NOTE}
          subtitle={categories.isSuccess ? `${countOf(categoryRows.length, ['catégorie', 'catégories'])} · ${formatRange(period)}` : formatRange(period)}
          loading={filterValid && categories.isPending}
          refreshing={categories.isFetching && !categories.isPending}
          empty={!filterValid || (categories.isSuccess && categoryRows.length === 0)}
          minHeight={320}
          bodyPadding={0}
          actions={<ExportMenu report="sales" table="items" title={texts.categories} params={exportParams} disabled={!filterValid || !categories.isSuccess} />}
        >
          {categories.isError ? (
            <SalesError error={categories.error} onRetry={() => void categories.refetch()} />
          ) : (
            <List aria-label={texts.categories} disablePadding sx={{ py: 0.5 }}>
              {categoryRows.map((c) => (
                <ListItemButton
                  key={c.name}
                  selected={c.name === category}
                  aria-current={c.name === category ? 'true' : undefined}
                  onClick={() => setPicked(c.name)}
                  sx={(t) => ({
                    gap: 1.5,
                    py: 1,
                    px: 2,
                    borderLeft: '3px solid transparent',
                    '&.Mui-selected': { borderLeftColor: t.palette.primary.main, backgroundColor: alpha(t.palette.primary.main, 0.08) },
                    '&.Mui-selected:hover': { backgroundColor: alpha(t.palette.primary.main, 0.12) },
                  })}
                >
                  <InitialsAvatar name={c.name} />
                  <SalesFigures row={c} money={money} strong={c.name === category} />
                </ListItemButton>
              ))}
            </List>
          )}
        </ReportCard>

        <ReportCard
          title={
            category && items.isSuccess
              ? `${countOf(itemRows.length, texts.item)} · ${formatRange(period)}`
              : `${texts.item[1][0]?.toUpperCase()}${texts.item[1].slice(1)} · ${formatRange(period)}`
          }
          help={PLATFORM_NOTE}
          subtitle={category ? `Catégorie : ${category}` : texts.pickCategory}
          loading={filterValid && (categories.isPending || (category !== '' && items.isPending))}
          refreshing={items.isFetching && !items.isPending}
          empty={!filterValid || (items.isSuccess && itemRows.length === 0)}
          minHeight={320}
          bodyPadding={0}
          actions={
            category ? (
              <ExportMenu report="sales" table="items" title={`${texts.categories} : ${category}`} params={{ ...exportParams, category }} disabled={!filterValid || !items.isSuccess} />
            ) : undefined
          }
        >
          {right}
        </ReportCard>
      </Box>
    </PageHeader>
  );
}

/** Name, number of sales, amount and change: the figures of a category row. */
function SalesFigures({ row, money, strong }: { row: SalesRow; money: (c: number) => string; strong: boolean }) {
  return (
    <Stack direction="row" sx={{ flex: 1, minWidth: 0, alignItems: 'center', gap: 1.5 }}>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography variant="body2" noWrap sx={{ fontWeight: strong ? 600 : 500 }} title={row.name}>
          {row.name}
        </Typography>
        <Typography variant="caption" sx={{ color: 'text.secondary' }}>
          {countOf(row.nombrescommandes, ['vente', 'ventes'])}
        </Typography>
      </Box>
      <Typography variant="body2" sx={{ fontWeight: 600, fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
        {money(row.ttcAmountCents)}
      </Typography>
      <Trend value={row.pourcentage} />
    </Stack>
  );
}

function ItemsTable({ rows, column, money, category }: { rows: SalesRow[]; column: string; money: (c: number) => string; category: string }) {
  return (
    <TableContainer>
      <Table size="small" aria-label={`Ventes de la catégorie ${category}`} sx={{ '& td, & th': { fontVariantNumeric: 'tabular-nums' } }}>
        <TableHead>
          <TableRow>
            <TableCell sx={{ fontWeight: 600, pl: 2 }}>{column}</TableCell>
            <TableCell align="right" sx={{ fontWeight: 600 }}>
              Nombre de ventes
            </TableCell>
            <TableCell align="right" sx={{ fontWeight: 600 }}>
              Montant TTC
            </TableCell>
            <TableCell align="right" sx={{ fontWeight: 600, pr: 2 }}>
              <Tooltip title={`Évolution du montant ${TREND_HELP}`} describeChild>
                <Box component="span" sx={{ cursor: 'help', borderBottom: '1px dotted', borderColor: 'text.disabled' }}>
                  Évolution
                </Box>
              </Tooltip>
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((r) => (
            <TableRow key={r.name} hover>
              <TableCell sx={{ pl: 2, py: 0.875 }}>
                <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', minWidth: 0 }}>
                  <ProductImage path={r.image} name={r.name} size={32} />
                  <Typography variant="body2" sx={{ fontWeight: 500 }}>
                    {r.name}
                  </Typography>
                </Stack>
              </TableCell>
              <TableCell align="right">{formatInteger(r.nombrescommandes)}</TableCell>
              <TableCell align="right" sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
                {money(r.ttcAmountCents)}
              </TableCell>
              <TableCell align="right" sx={{ pr: 2 }}>
                <Trend value={r.pourcentage} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
