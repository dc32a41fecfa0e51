import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Box, Stack } from '@mui/material';
import { crumbsOf } from '../../../components/crumbs';
import type { AppRoute } from '../../../app/routeTable';
import { PageHeader } from '../../../components/PageHeader';
import { DateRangeFilter, useDateRange } from '../components/DateRangeFilter';
import { ReportCard } from '../components/ReportCard';
import { ExportMenu } from '../components/ExportMenu';
import { ReportTable, type ReportColumn } from '../components/ReportTable';
import { DonutChart } from '../components/charts';
import { CurrencyChoice } from '../components/CurrencyChoice';
import { useMoney } from '../components/useCurrency';
import { formatInteger, formatTaxRates, formatRange } from '../format';
import { productsReportQuery } from '../queries';
import type { CategoryRow, RankRow } from '../types';

export const PRODUCTS_TITLES = {
  donut: 'Camembert CA Franchise Par Catégorie Produit',
  ranking: 'Table Classement Produit',
  categories: 'Table Classement Catégorie',
} as const;

/**
 * Mes Produits, the report (spec §2.3): over the chosen range for every restaurant the user may see
 * (no restaurant filter), the category revenue donut and the product and category rankings.
 */
export function ProductsReportPage({ route }: { route: AppRoute }) {
  const { range, setRange, valid } = useDateRange();
  const [currency, setCurrency] = useState<string>();
  const filter = useMemo(() => ({ ...range, restaurantId: 0, currency }), [range, currency]);
  const query = useQuery({ ...productsReportQuery(filter), enabled: valid });
  const data = query.data;
  // Every amount in the currency the answer states (one currency per report, never added across).
  const money = useMoney(data?.currency);
  // The exports show what the screen shows: its range and the currency of its answer.
  const exportParams = { start: range.start, end: range.end, restaurantId: 0, currency: data?.currency };
  const loading = query.isPending && query.fetchStatus !== 'idle';
  const common = {
    loading,
    refreshing: query.isFetching && !query.isPending,
    error: query.isError ? query.error : undefined,
    onRetry: () => void query.refetch(),
  };
  const period = formatRange(range);

  const categories = useMemo(() => data?.categories ?? [], [data]);
  const ranking = useMemo(() => [...(data?.ranking ?? [])].sort((a, b) => b.total - a.total), [data]);
  const donut = useMemo(() => categories.map((c) => ({ label: c.name, value: c.ca_ttc })), [categories]);
  const totals = useMemo(
    () => categories.reduce((t, c) => ({ ttc: t.ttc + c.ca_ttc, ht: t.ht + c.ca_ht, tva: t.tva + c.tva }), { ttc: 0, ht: 0, tva: 0 }),
    [categories],
  );

  const rankingColumns = useMemo<ReportColumn<RankRow>[]>(
    () => [
      { key: 'name', header: 'Nom du produit', render: (r) => r.name, sortValue: (r) => r.name },
      { key: 'total', header: 'Nombre de Produits Vendus', align: 'right', render: (r) => formatInteger(r.total), sortValue: (r) => r.total },
    ],
    [],
  );
  const categoryColumns = useMemo<ReportColumn<CategoryRow>[]>(
    () => [
      { key: 'name', header: 'Catégorie', render: (r) => r.name, sortValue: (r) => r.name, footer: 'Total' },
      { key: 'ca_ttc', header: 'CA TTC', align: 'right', render: (r) => money(r.ca_ttc), sortValue: (r) => r.ca_ttc, footer: money(totals.ttc) },
      { key: 'ca_ht', header: 'CA HT', align: 'right', render: (r) => money(r.ca_ht), sortValue: (r) => r.ca_ht, footer: money(totals.ht) },
      {
        key: 'vatRatesBp',
        header: '% TVA',
        help: 'Taux de TVA des produits vendus de la catégorie ; plusieurs quand elle a été vendue à plusieurs taux (sur place, à emporter…).',
        align: 'right',
        nowrap: true,
        render: (r) => formatTaxRates(r.vatRatesBp),
        sortValue: (r) => Math.max(-1, ...(r.vatRatesBp ?? [])),
        footer: formatTaxRates(categories.flatMap((c) => c.vatRatesBp ?? [])),
      },
      { key: 'tva', header: 'TVA', align: 'right', render: (r) => money(r.tva), sortValue: (r) => r.tva, footer: money(totals.tva) },
    ],
    [money, totals, categories],
  );

  return (
    <PageHeader
      title={route.title}
      subtitle={route.description}
      breadcrumbs={crumbsOf(route)}
      actions={
        <>
          <DateRangeFilter value={range} onChange={setRange} />
          <CurrencyChoice value={data?.currency} currencies={data?.currencies} onChange={setCurrency} />
        </>
      }
    >
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'repeat(12, minmax(0, 1fr))' }, alignItems: 'start' }}>
        <Stack spacing={2} sx={{ gridColumn: { lg: 'span 7' }, minWidth: 0 }}>
          <ReportCard
            title={PRODUCTS_TITLES.donut}
            help="Chiffre d’affaires TTC des lignes vendues (avant réduction), par catégorie de produit, sur la période."
            subtitle={period}
            empty={!loading && donut.every((d) => d.value <= 0)}
            {...common}
          >
            <DonutChart data={donut} format={money} label={PRODUCTS_TITLES.donut} centre={money(totals.ttc)} />
          </ReportCard>
          <ReportCard title={PRODUCTS_TITLES.categories} subtitle={period} bodyPadding={0}
            actions={<ExportMenu report="products" table="categories" title={PRODUCTS_TITLES.categories} params={exportParams} disabled={!data} />} {...common} loading={false} error={undefined}>
            <ReportTable
              label={PRODUCTS_TITLES.categories}
              columns={categoryColumns}
              rows={data ? categories : undefined}
              rowKey={(r) => r.name}
              defaultSort={{ key: 'ca_ttc', direction: 'desc' }}
              {...common}
              refreshing={false}
            />
          </ReportCard>
        </Stack>
        <Box sx={{ gridColumn: { lg: 'span 5' }, minWidth: 0 }}>
          <ReportCard title={PRODUCTS_TITLES.ranking} subtitle={period} bodyPadding={0}
            actions={<ExportMenu report="products" table="ranking" title={PRODUCTS_TITLES.ranking} params={exportParams} disabled={!data} />} {...common} loading={false} error={undefined}>
            <ReportTable
              label={PRODUCTS_TITLES.ranking}
              columns={rankingColumns}
              rows={data ? ranking : undefined}
              rowKey={(r, i) => `${r.category}/${r.name}/${i}`}
              defaultSort={{ key: 'total', direction: 'desc' }}
              {...common}
              refreshing={false}
            />
          </ReportCard>
        </Box>
      </Box>
    </PageHeader>
  );
}
