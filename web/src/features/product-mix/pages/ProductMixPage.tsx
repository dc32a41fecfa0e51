import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Box, InputAdornment, Stack, Tab, Tabs, TextField } from '@mui/material';
import SearchRoundedIcon from '@mui/icons-material/SearchRounded';
import LocalDiningOutlinedIcon from '@mui/icons-material/LocalDiningOutlined';
import type { AppRoute } from '../../../app/routeTable';
import { crumbsOf } from '../../../components/crumbs';
import { EmptyState } from '../../../components/EmptyState';
import { ErrorBlock } from '../../../components/ErrorBlock';
import { PageHeader } from '../../../components/PageHeader';
import { periodRange } from '../../../components/periods';
import { RestaurantFilter } from '../../restaurants/RestaurantFilter';
import { CurrencyChoice } from '../../reports/components/CurrencyChoice';
import { DateRangeFilter, useDateRange } from '../../reports/components/DateRangeFilter';
import { ExportMenu } from '../../reports/components/ExportMenu';
import { ReportCard } from '../../reports/components/ReportCard';
import { ReportTable } from '../../reports/components/ReportTable';
import { errorText } from '../../reports/components/states';
import { useReportRestaurant } from '../../reports/components/useReportRestaurant';
import { rangeText } from '../../flash/format';
import { formatPercent } from '../../reports/format';
import { ViewToggle, type SeriesView } from '../../revenue/components/SeriesCard';
import { CategoryBars, CategoryTable } from '../components/CategoryMix';
import { KpiStrip, KpiStripSkeleton } from '../components/KpiStrip';
import { moversColumns, optionColumns, rankingColumns } from '../components/MixTables';
import {
  CATEGORY_TITLE,
  CUSTOM_PERIOD_LABEL,
  EMPTY_TEXT,
  MIX_PERIODS,
  movers,
  OPTIONS_TITLE,
  PRODUCTS_TITLE,
  productsText,
  search,
  SEARCH_LABEL,
  VIEW_LABELS,
  VIEWS,
  type MixView,
} from '../format';
import { productMixQuery } from '../queries';

/**
 * Mix produits (issue 18): which products make the revenue, across the restaurants of one currency.
 * KPI strip, the category mix (two 100 % bars or a table), the products ranked, sorted or searched,
 * the biggest risers and fallers against the previous period, margins where the cartes give a
 * purchase price, and the top options. Suivi Produits opens on the ranking, Mes Tendances on the
 * risers (routeTable: `productMix`).
 */
export function ProductMixPage({ route }: { route: AppRoute }) {
  const opening: MixView = route.productMix === 'trends' ? 'risers' : 'ranking';
  const { range, setRange, valid } = useDateRange(() => periodRange('last30'));
  const { restaurantId } = useReportRestaurant();
  const [currency, setCurrency] = useState<string>();
  const [view, setView] = useState<MixView>(opening);
  const [catView, setCatView] = useState<SeriesView>('chart');
  const [text, setText] = useState('');

  const filter = useMemo(() => ({ ...range, restaurantId, currency }), [range, restaurantId, currency]);
  const report = useQuery({ ...productMixQuery(filter), enabled: valid });
  const data = report.data;
  const refreshing = report.isFetching && !report.isPending;
  const empty = data ? data.totals.products === 0 && (data.products ?? []).length === 0 : false;
  const money = data?.currency ?? 'EUR';
  const categories = data?.categories ?? [];

  const rows = useMemo(() => {
    const all = data?.products ?? [];
    const list = view === 'ranking' ? all.filter((p) => p.rank != null) : movers(all, view);
    return search(list, text);
  }, [data, view, text]);
  const columns = useMemo(() => (view === 'ranking' ? rankingColumns(money) : moversColumns(money)), [view, money]);
  const optColumns = useMemo(() => optionColumns(money), [money]);
  const options = useMemo(() => (data?.options ?? []).filter((o) => o.rank != null), [data]);
  const margin = data?.totals.margin;
  const exportParams = { start: range.start, end: range.end, restaurantId, currency: data?.currency };

  // Mes Tendances opens on the movers: the products card comes first there.
  const categoryCard = (
    <ReportCard
      title={CATEGORY_TITLE}
      help="Part de chaque catégorie dans le CA TTC des produits, sur la période et sur la période précédente de même durée."
      subtitle={data ? `${rangeText(data)} · comparé à ${rangeText(data.previous, data.previousUntil)}` : undefined}
      loading={!data && !report.isError}
      refreshing={refreshing}
      minHeight={180}
      bodyPadding={catView === 'chart' ? 2 : 0}
      actions={
        <>
          <ViewToggle value={catView} onChange={setCatView} label="Affichage du mix par catégorie" />
          <ExportMenu report="product-mix" table="categories" title={CATEGORY_TITLE} params={exportParams} disabled={!data} />
        </>
      }
    >
      {data &&
        (categories.length === 0 ? (
          <EmptyState message={EMPTY_TEXT} icon={<LocalDiningOutlinedIcon />} minHeight={180} />
        ) : catView === 'chart' ? (
          <CategoryBars categories={categories} currency={money} />
        ) : (
          <CategoryTable categories={categories} currency={money} />
        ))}
    </ReportCard>
  );

  return (
    <PageHeader
      title={route.title}
      subtitle={route.description}
      breadcrumbs={crumbsOf(route)}
      actions={
        <>
          <DateRangeFilter value={range} onChange={setRange} periods={MIX_PERIODS} customLabel={CUSTOM_PERIOD_LABEL} />
          <RestaurantFilter />
          <CurrencyChoice value={data?.currency ?? currency} currencies={data?.currencies} onChange={setCurrency} />
        </>
      }
    >
      <Stack spacing={2} sx={{ minWidth: 0 }}>
        {report.isError && !data ? (
          <ErrorBlock message={errorText(report.error)} onRetry={() => void report.refetch()} retrying={report.isFetching} />
        ) : !data ? (
          <KpiStripSkeleton />
        ) : (
          <>
            {report.isError && <ErrorBlock message={errorText(report.error)} onRetry={() => void report.refetch()} retrying={report.isFetching} />}
            <KpiStrip data={data} />
          </>
        )}

        {opening === 'ranking' && categoryCard}
        <ReportCard
          title={PRODUCTS_TITLE}
          subtitle={data ? `${productsText(data.totals.products)} vendus · ${rangeText(data)}` : undefined}
          loading={!data && !report.isError}
          refreshing={refreshing}
          minHeight={320}
          bodyPadding={0}
          actions={<ExportMenu report="product-mix" table="products" title={PRODUCTS_TITLE} params={exportParams} disabled={!data} />}
        >
          {data && (
            <>
              <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 1.5, px: 2, pt: 1, pb: 1.5, alignItems: { sm: 'center' }, justifyContent: 'space-between', borderBottom: 1, borderColor: 'divider' }}>
                <Tabs
                  value={view}
                  onChange={(_, v: MixView) => setView(v)}
                  aria-label="Vue des produits"
                  sx={{ minHeight: 40, '& .MuiTab-root': { minHeight: 40, minWidth: 0, px: { xs: 1.25, sm: 2 }, textTransform: 'none', fontWeight: 600 } }}
                >
                  {VIEWS.map((v) => (
                    <Tab key={v} value={v} label={VIEW_LABELS[v]} />
                  ))}
                </Tabs>
                <TextField
                  size="small"
                  value={text}
                  onChange={(e) => setText(e.target.value)}
                  label={SEARCH_LABEL}
                  type="search"
                  sx={{ width: { xs: '100%', sm: 260 } }}
                  slotProps={{ input: { startAdornment: <InputAdornment position="start"><SearchRoundedIcon fontSize="small" /></InputAdornment> } }}
                />
              </Stack>
              {margin && margin.unknownProducts > 0 && view === 'ranking' && (
                <Alert severity="info" sx={{ borderRadius: 0 }}>
                  {margin.knownProducts === 0
                    ? "Marge inconnue : aucun produit vendu n'a de prix d'achat dans les cartes. Renseignez le prix d'achat des produits dans Mes Cartes pour la voir ici."
                    : `La marge ne compte que les produits dont le prix d'achat est connu (${formatPercent(margin.knownShare)} du CA HT) ; ${productsText(margin.unknownProducts)} sans prix d'achat : « — ».`}
                </Alert>
              )}
              <Box sx={{ minWidth: 0 }}>
                <ReportTable
                  key={view}
                  label={`${PRODUCTS_TITLE} : ${VIEW_LABELS[view]}`}
                  columns={columns}
                  rows={rows}
                  rowKey={(p) => `${p.category}\u001f${p.name}`}
                  refreshing={refreshing}
                  emptyText={
                    empty
                      ? EMPTY_TEXT
                      : text
                        ? `Aucun produit ne correspond à « ${text} »`
                        : view === 'risers'
                          ? 'Aucun produit en hausse sur cette période'
                          : view === 'fallers'
                            ? 'Aucun produit en baisse sur cette période'
                            : EMPTY_TEXT
                  }
                  defaultSort={view === 'ranking' ? { key: 'revenue', direction: 'desc' } : undefined}
                  defaultPageSize={view === 'ranking' ? 25 : 10}
                />
              </Box>
            </>
          )}
        </ReportCard>

        {opening === 'risers' && categoryCard}
        <ReportCard
          title={OPTIONS_TITLE}
          help="Suppléments et options vendus avec les produits ; leur CA TTC est compris dans celui des produits qui les portent. Les options ne sont pas tenues en HT : pas de marge."
          subtitle={data ? rangeText(data) : undefined}
          loading={!data && !report.isError}
          refreshing={refreshing}
          minHeight={200}
          bodyPadding={0}
          actions={<ExportMenu report="product-mix" table="options" title={OPTIONS_TITLE} params={exportParams} disabled={!data} />}
        >
          {data && (
            <ReportTable
              label={OPTIONS_TITLE}
              columns={optColumns}
              rows={options}
              rowKey={(o) => `${o.group}\u001f${o.name}`}
              emptyText="Aucune option vendue sur cette période"
              defaultSort={{ key: 'revenue', direction: 'desc' }}
              defaultPageSize={10}
            />
          )}
        </ReportCard>
      </Stack>
    </PageHeader>
  );
}
