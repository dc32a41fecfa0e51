import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { PageHeader } from '../../../components/PageHeader';
import { useReportRestaurant } from '../../reports/components/useReportRestaurant';
import { RestaurantFilter } from '../../restaurants/RestaurantFilter';
import { DateRangeFilter, useDateRange } from '../../reports/components/DateRangeFilter';
import { ReportCard } from '../../reports/components/ReportCard';
import { ExportMenu } from '../../reports/components/ExportMenu';
import { CurrencyChoice } from '../../reports/components/CurrencyChoice';
import { useFranchiseCurrency } from '../../reports/components/useCurrency';
import { currentMonthRange, formatRange } from '../../reports/format';
import { zReportQuery } from '../queries';
import { ZTable } from '../components/ZTable';
import { useRouteCrumbs } from '../useRouteCrumbs';

const HELP =
  'Totaux Z des commandes payées, par restaurant et par équipement (caisse ou borne). ' +
  'Total plateforme comprise = Total TTC + Plateforme = CA HT + TVA = somme des paiements.';

/** Z Équipement (spec §2.5): the current month by default, every restaurant the user may see. */
export function ZEquipementPage() {
  const { range, setRange, valid } = useDateRange(currentMonthRange);
  const { restaurantId } = useReportRestaurant();
  const [currency, setCurrency] = useState<string>();
  const franchiseCurrency = useFranchiseCurrency();
  const crumbs = useRouteCrumbs('Z Équipement');

  const filter = { ...range, restaurantId, currency };
  const { data, isPending, isFetching, isPlaceholderData, error, refetch } = useQuery({ ...zReportQuery(filter), enabled: valid });
  const rows = data?.items ?? [];

  return (
    <PageHeader
      title="Z Équipement"
      subtitle="Les totaux Z par restaurant et par équipement : chiffre d'affaires, TVA par taux, paiements et commandes."
      breadcrumbs={crumbs}
      actions={
        <>
          <DateRangeFilter value={range} onChange={setRange} />
          <RestaurantFilter />
          <CurrencyChoice value={data?.currency} currencies={data?.currencies} onChange={setCurrency} />
        </>
      }
    >
      <ReportCard
        title="Z par équipement"
        help={HELP}
        subtitle={valid ? formatRange(range) : undefined}
        loading={valid && isPending}
        refreshing={isFetching && (isPlaceholderData || !isPending)}
        error={error}
        onRetry={() => void refetch()}
        empty={!valid || rows.length === 0}
        minHeight={280}
        bodyPadding={0}
        actions={
          <ExportMenu
            report="z"
            table="equipments"
            title="Z par équipement"
            params={{ start: range.start, end: range.end, restaurantId, currency: data?.currency }}
            disabled={!valid || rows.length === 0}
          />
        }
      >
        <ZTable rows={rows} currency={data?.currency || franchiseCurrency} />
      </ReportCard>
    </PageHeader>
  );
}
