import { useMemo } from 'react';
import { Box, Stack } from '@mui/material';
import { ReportTable, type ReportColumn } from '../../reports/components/ReportTable';
import { formatInteger, formatPercent } from '../../reports/format';
import type { BrandFigures } from '../types';
import { BrandLogo } from './BrandLogo';

export interface BrandTableProps {
  label: string;
  rows: readonly BrandFigures[] | undefined;
  totals?: BrandFigures;
  money: (cents: number) => string;
  loading?: boolean;
  error?: unknown;
  onRetry?: () => void;
}

/** Per brand: CA TTC, share, orders, items and average basket, with the total in the footer. */
export function BrandTable({ label, rows, totals, money, loading, error, onRetry }: BrandTableProps) {
  const columns = useMemo<ReportColumn<BrandFigures>[]>(
    () => [
      {
        key: 'name',
        header: 'Marque',
        sortValue: (r) => r.name,
        footer: 'Total',
        render: (r) => (
          <Stack direction="row" spacing={1.25} sx={{ alignItems: 'center' }}>
            {r.brandId ? (
              <BrandLogo name={r.name} logo={r.logo} primaryColor={r.primaryColor} secondaryColor={r.secondaryColor} size={28} />
            ) : (
              <Box aria-hidden sx={{ width: 28, height: 28, borderRadius: 1, border: 1, borderStyle: 'dashed', borderColor: 'text.disabled' }} />
            )}
            <span>{r.name}</span>
          </Stack>
        ),
      },
      { key: 'revenue', header: 'CA TTC', align: 'right', sortValue: (r) => r.revenueCents, render: (r) => money(r.revenueCents), footer: totals ? money(totals.revenueCents) : undefined },
      { key: 'share', header: 'Part du CA', align: 'right', sortValue: (r) => r.share, render: (r) => formatPercent(r.share), footer: totals ? formatPercent(100) : undefined },
      {
        key: 'orders',
        header: 'Commandes',
        help: 'Commandes qui comptent au moins un produit de la marque : une commande de deux marques compte pour chacune, une seule fois dans le total.',
        align: 'right',
        sortValue: (r) => r.orders,
        render: (r) => formatInteger(r.orders),
        footer: totals ? formatInteger(totals.orders) : undefined,
      },
      { key: 'items', header: 'Articles', align: 'right', sortValue: (r) => r.items, render: (r) => formatInteger(r.items), footer: totals ? formatInteger(totals.items) : undefined },
      {
        key: 'basket',
        header: 'Panier moyen',
        help: 'CA TTC de la marque divisé par ses commandes.',
        align: 'right',
        sortValue: (r) => r.averageBasketCents,
        render: (r) => money(r.averageBasketCents),
        footer: totals ? money(totals.averageBasketCents) : undefined,
      },
    ],
    [money, totals],
  );
  return (
    <ReportTable
      label={label}
      columns={columns}
      rows={rows}
      rowKey={(r) => String(r.brandId)}
      defaultSort={{ key: 'revenue', direction: 'desc' }}
      loading={loading}
      error={error}
      onRetry={onRetry}
    />
  );
}

/** The figures as chart data, in each brand's own colour (« Sans marque » in grey). */
export function brandChartData(rows: readonly BrandFigures[] | null | undefined) {
  return (rows ?? []).map((r) => ({ label: r.name, value: r.revenueCents, colour: r.brandId ? r.primaryColor : '#9E9E9E' }));
}
