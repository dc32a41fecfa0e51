import { useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Box, Button, Card, Chip, LinearProgress, Skeleton, Typography } from '@mui/material';
import type { AppRoute } from '../../../app/routeTable';
import { crumbsOf } from '../../../components/crumbs';
import { PageHeader } from '../../../components/PageHeader';
import { RestaurantFilter } from '../../restaurants/RestaurantFilter';
import { DateRangeFilter, useDateRange } from '../../reports/components/DateRangeFilter';
import { ReportCard } from '../../reports/components/ReportCard';
import { ExportMenu } from '../../reports/components/ExportMenu';
import { ReportTable, type ReportColumn } from '../../reports/components/ReportTable';
import { BarChartView } from '../../reports/components/charts';
import { CurrencyChoice } from '../../reports/components/CurrencyChoice';
import { useMoney } from '../../reports/components/useCurrency';
import { useReportRestaurant } from '../../reports/components/useReportRestaurant';
import { formatInteger, formatPercent, formatRange, isoDay } from '../../reports/format';
import { discountsQuery as discountsReportQuery } from '../../reports/queries';
import { codeState, effectText, remainingUses, usagePercent, usageText } from '../amounts';
import { PROMO_CODES_PATH } from '../paths';
import { discountsQuery, promoCodesQuery } from '../queries';
import type { PromoCode } from '../types';

export const CODES_TABLE_TITLE = 'Codes promo sur la période';
export const CODES_CHART_TITLE = 'Réduction accordée par code';

/** One line of the dashboard: a code's figures over the period, and its quota since its creation. */
export interface CodeStatRow {
  code: string;
  discountName: string;
  effect: string;
  /** Orders of the period that used the code, and the discount they got (report currency). */
  orders: number;
  cents: number;
  /** The code as it stands (absent: a code of the period since deleted). */
  promo?: PromoCode;
}

/**
 * The period's figures per code (the report's byCode) joined to the codes' quotas: every code is
 * listed, used in the period or not, the period's busiest first.
 */
export function codeStatRows(
  byCode: readonly { label: string; cents: number; orders: number }[],
  codes: readonly PromoCode[],
  effectOf: (discountId: number) => string,
): CodeStatRow[] {
  const period = new Map(byCode.map((a) => [a.label, a]));
  const rows: CodeStatRow[] = codes.map((c) => ({
    code: c.code,
    discountName: c.discountName,
    effect: effectOf(c.discountId),
    orders: period.get(c.code)?.orders ?? 0,
    cents: period.get(c.code)?.cents ?? 0,
    promo: c,
  }));
  const known = new Set(codes.map((c) => c.code));
  for (const a of byCode) {
    if (!known.has(a.label)) rows.push({ code: a.label, discountName: 'Code supprimé', effect: '', orders: a.orders, cents: a.cents });
  }
  return rows.sort((a, b) => b.cents - a.cents || b.orders - a.orders || a.code.localeCompare(b.code, 'fr'));
}

/** « Codes promo » (statistics): what each code gave over a period, and what is left of its quota. */
export function PromoCodesDashboardPage({ route }: { route: AppRoute }) {
  const { range, setRange, valid } = useDateRange();
  const { restaurantId } = useReportRestaurant();
  const [currency, setCurrency] = useState<string>();
  const filter = useMemo(() => ({ ...range, restaurantId, currency }), [range, restaurantId, currency]);
  const report = useQuery({ ...discountsReportQuery(filter, 'day'), enabled: valid });
  const codes = useQuery(promoCodesQuery());
  const discounts = useQuery(discountsQuery());
  const data = report.data;
  // Every amount in the currency the answer states: never two currencies added together.
  const money = useMoney(data?.currency);
  const period = formatRange(range);
  const today = isoDay(new Date());

  const effectOf = useMemo(() => {
    const byId = new Map((discounts.data ?? []).map((d) => [d.id, effectText(d)]));
    return (id: number) => byId.get(id) ?? '';
  }, [discounts.data]);
  const rows = useMemo(() => (data && codes.data ? codeStatRows(data.byCode ?? [], codes.data, effectOf) : undefined), [data, codes.data, effectOf]);

  const loading = (report.isPending && report.fetchStatus !== 'idle') || codes.isPending;
  const error = report.isError ? report.error : codes.isError ? codes.error : undefined;
  const retry = () => {
    if (report.isError) void report.refetch();
    if (codes.isError) void codes.refetch();
  };
  const common = { loading, refreshing: report.isFetching && !report.isPending, error, onRetry: retry };

  const totalCents = (data?.byCode ?? []).reduce((s, a) => s + a.cents, 0);
  const totalOrders = (data?.byCode ?? []).reduce((s, a) => s + a.orders, 0);
  const usedCodes = (data?.byCode ?? []).filter((a) => a.orders > 0).length;
  const share = data && data.totalCents > 0 ? (totalCents / data.totalCents) * 100 : null;
  const openCodes = (codes.data ?? []).filter((c) => codeState(c, today) === 'open').length;
  const chart = useMemo(() => (data?.byCode ?? []).slice(0, 10).map((a) => ({ label: a.label, value: a.cents })), [data]);
  const exportParams = { start: range.start, end: range.end, restaurantId, currency: data?.currency };

  const columns = useMemo<ReportColumn<CodeStatRow>[]>(
    () => [
      {
        key: 'code',
        header: 'Code',
        nowrap: true,
        sortValue: (r) => r.code,
        render: (r) => (
          <Typography component="span" sx={{ fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace', fontWeight: 600, fontSize: '0.875rem' }}>
            {r.code}
          </Typography>
        ),
      },
      {
        key: 'discount',
        header: 'Réduction',
        sortValue: (r) => r.discountName,
        render: (r) => (
          <>
            <Typography variant="body2">{r.discountName}</Typography>
            {r.effect && (
              <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                {r.effect}
              </Typography>
            )}
          </>
        ),
      },
      { key: 'orders', header: 'Commandes', help: 'Commandes payées de la période qui ont utilisé le code.', align: 'right', sortValue: (r) => r.orders, render: (r) => formatInteger(r.orders), footer: formatInteger(totalOrders) },
      { key: 'cents', header: 'Réduction accordée', help: 'Montant des réductions de ces commandes, dans la devise du rapport.', align: 'right', sortValue: (r) => r.cents, render: (r) => money(r.cents), footer: money(totalCents) },
      {
        key: 'uses',
        header: 'Utilisations / quota',
        help: 'Depuis la création du code, tous restaurants et toutes devises confondus.',
        sortValue: (r) => r.promo?.used ?? 0,
        render: (r) => {
          if (!r.promo) return '—';
          const pct = usagePercent(r.promo);
          return (
            <Box sx={{ minWidth: 140 }}>
              <Typography variant="body2" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                {usageText(r.promo)}
              </Typography>
              {pct !== null && <LinearProgress variant="determinate" value={pct} color={pct >= 100 ? 'warning' : 'primary'} sx={{ mt: 0.5, height: 6, borderRadius: 3 }} />}
            </Box>
          );
        },
      },
      {
        key: 'remaining',
        header: 'Restantes',
        align: 'right',
        sortValue: (r) => (r.promo ? (remainingUses(r.promo) ?? Number.MAX_SAFE_INTEGER) : -1),
        render: (r) => {
          if (!r.promo) return '—';
          const left = remainingUses(r.promo);
          return left === null ? 'Illimité' : formatInteger(left);
        },
      },
      {
        key: 'state',
        header: 'État',
        render: (r) => {
          if (!r.promo) return <Chip size="small" variant="outlined" label="Supprimé" />;
          const s = codeState(r.promo, today);
          const chip = {
            open: { label: 'Utilisable', color: 'success' },
            inactive: { label: 'Inactif', color: 'default' },
            exhausted: { label: 'Épuisé', color: 'warning' },
            expired: { label: 'Expiré', color: 'default' },
            upcoming: { label: 'À venir', color: 'info' },
          } as const;
          return <Chip size="small" variant="outlined" color={chip[s].color} label={chip[s].label} />;
        },
      },
    ],
    [money, totalCents, totalOrders, today],
  );

  const tiles = [
    { label: 'Réduction accordée', value: money(totalCents), help: `Par des codes promo, ${period}.` },
    { label: 'Commandes avec un code', value: formatInteger(totalOrders) },
    { label: 'Codes utilisés', value: formatInteger(usedCodes), help: `Sur ${formatInteger(codes.data?.length ?? 0)} codes, dont ${formatInteger(openCodes)} utilisables aujourd'hui.` },
    { label: 'Part des réductions', value: share === null ? '—' : formatPercent(share, 1), help: 'Part des réductions de la période accordée par un code promo.' },
  ];

  return (
    <PageHeader
      title={route.title}
      subtitle="Ce que chaque code promo a accordé sur la période, et ce qu'il reste de son quota."
      breadcrumbs={crumbsOf(route)}
      actions={
        <>
          <DateRangeFilter value={range} onChange={setRange} />
          <RestaurantFilter />
          <CurrencyChoice value={data?.currency} currencies={data?.currencies} onChange={setCurrency} />
        </>
      }
    >
      <Card component="section" aria-label="Chiffres de la période" sx={{ minWidth: 0 }}>
        <Typography variant="caption" component="p" sx={{ px: 2, pt: 1.25, pb: 1, color: 'text.secondary', borderBottom: 1, borderColor: 'divider' }}>
          Codes promo {period}
          {data ? ` · montants en ${data.currency}` : ''}
        </Typography>
        <Box
          sx={{
            display: 'grid',
            gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: 'repeat(4, minmax(0, 1fr))' },
            '& > * + *': { borderLeft: { md: 1 }, borderColor: 'divider' },
          }}
        >
          {tiles.map((t) => (
            <Box key={t.label} role="group" aria-label={t.label} sx={{ p: 2, minWidth: 0, borderColor: 'divider' }}>
              <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                {t.label}
              </Typography>
              <Typography variant="h5" component="p" sx={{ fontWeight: 700, fontVariantNumeric: 'tabular-nums' }}>
                {loading ? <Skeleton width={90} /> : t.value}
              </Typography>
              {t.help && (
                <Typography variant="caption" sx={{ color: 'text.secondary', display: 'block' }}>
                  {t.help}
                </Typography>
              )}
            </Box>
          ))}
        </Box>
      </Card>

      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'repeat(12, minmax(0, 1fr))' }, alignItems: 'start' }}>
        <Box sx={{ gridColumn: { lg: 'span 12' }, minWidth: 0 }}>
          <ReportCard
            title={CODES_TABLE_TITLE}
            subtitle={period}
            bodyPadding={0}
            {...common}
            loading={false}
            error={undefined}
            actions={
              <Button component={RouterLink} to={PROMO_CODES_PATH} size="small">
                Gérer les codes
              </Button>
            }
          >
            <ReportTable
              label={CODES_TABLE_TITLE}
              columns={columns}
              rows={rows}
              rowKey={(r) => r.code}
              defaultSort={{ key: 'cents', direction: 'desc' }}
              emptyText="Aucun code promo : créez-en depuis l'écran Codes Promo."
              {...common}
              refreshing={false}
            />
          </ReportCard>
        </Box>
        <Box sx={{ gridColumn: { lg: 'span 12' }, minWidth: 0 }}>
          <ReportCard
            title={CODES_CHART_TITLE}
            help="Les dix codes qui ont accordé le plus de réduction sur la période."
            subtitle={period}
            empty={!loading && chart.length === 0}
            {...common}
            actions={<ExportMenu report="discounts" table="by-code" title="Réductions par code promo" params={exportParams} disabled={!data} />}
          >
            <BarChartView data={chart} format={money} label={CODES_CHART_TITLE} horizontal height={Math.max(200, chart.length * 36 + 40)} valueName="Réduction" />
          </ReportCard>
        </Box>
      </Box>
    </PageHeader>
  );
}
