import { ReportTable, type ReportColumn } from '../../reports/components/ReportTable';
import { formatCents, formatInteger } from '../../reports/format';
import { change, EMPTY_PERIOD_TEXT, LAST_YEAR_LABEL } from '../format';
import type { FlashRestaurant } from '../types';
import { Change } from './Change';

export const RESTAURANTS_TITLE = 'Par restaurant';

// A trend without reference sorts below every real one, whichever the direction.
const trendSort = (value: number, reference: number) => change(value, reference) ?? Number.NEGATIVE_INFINITY;

function columns(previousLabel: string): ReportColumn<FlashRestaurant>[] {
  return [
    { key: 'name', header: 'Restaurant', render: (r) => r.name, sortValue: (r) => r.name },
    { key: 'currency', header: 'Devise', render: (r) => r.currency, sortValue: (r) => r.currency, nowrap: true },
    {
      key: 'revenue',
      header: 'CA TTC',
      align: 'right',
      render: (r) => formatCents(r.current.revenueCents, r.currency),
      sortValue: (r) => r.current.revenueCents,
    },
    { key: 'orders', header: 'Commandes', align: 'right', render: (r) => formatInteger(r.current.orders), sortValue: (r) => r.current.orders },
    {
      key: 'basket',
      header: 'Panier moyen',
      align: 'right',
      render: (r) => formatCents(r.current.averageBasketCents, r.currency),
      sortValue: (r) => r.current.averageBasketCents,
    },
    {
      key: 'previous',
      header: `CA ${previousLabel}`,
      align: 'right',
      help: "Évolution du chiffre d'affaires TTC par rapport à la période précédente, à la même heure",
      render: (r) => (
        <Change
          value={r.current.revenueCents}
          reference={r.previous.revenueCents}
          detail={`${formatCents(r.previous.revenueCents, r.currency)}, ${formatInteger(r.previous.orders)} commande${r.previous.orders > 1 ? 's' : ''}`}
        />
      ),
      sortValue: (r) => trendSort(r.current.revenueCents, r.previous.revenueCents),
    },
    {
      key: 'lastYear',
      header: `CA ${LAST_YEAR_LABEL}`,
      align: 'right',
      help: "Évolution du chiffre d'affaires TTC par rapport à la même période un an plus tôt",
      render: (r) => (
        <Change
          value={r.current.revenueCents}
          reference={r.lastYear.revenueCents}
          detail={`${formatCents(r.lastYear.revenueCents, r.currency)}, ${formatInteger(r.lastYear.orders)} commande${r.lastYear.orders > 1 ? 's' : ''}`}
        />
      ),
      sortValue: (r) => trendSort(r.current.revenueCents, r.lastYear.revenueCents),
    },
  ];
}

/** Every restaurant of the scope for one period, sortable by any column (largest revenue first). */
export function RestaurantsTable({ rows, previousLabel }: { rows: readonly FlashRestaurant[]; previousLabel: string }) {
  return (
    <ReportTable
      label={RESTAURANTS_TITLE}
      columns={columns(previousLabel)}
      rows={rows}
      rowKey={(r) => r.restaurantId}
      defaultSort={{ key: 'revenue', direction: 'desc' }}
      emptyText={EMPTY_PERIOD_TEXT}
    />
  );
}
