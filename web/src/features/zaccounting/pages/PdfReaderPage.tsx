import { useState } from 'react';
import { useSearchParams } from 'react-router';
import type { AppRoute } from '../../../app/routeTable';
import { crumbsOf } from '../../../components/crumbs';
import { PageHeader } from '../../../components/PageHeader';
import { RestaurantFilter } from '../../restaurants/RestaurantFilter';
import { useReportTimeZone } from '../../reports/components/DateRangeFilter';
import { useReportRestaurant } from '../../reports/components/useReportRestaurant';
import { DayPicker, yesterdayIn } from '../components/DayPicker';
import { PdfViewer } from '../components/PdfViewer';

/**
 * Lecteur PDF (/v2/PDFReader): the Z of the day's PDF in the page, with its download link. The
 * day comes from ?date=AAAA-MM-JJ when given (links from other screens), else yesterday.
 */
export function PdfReaderPage({ route }: { route: AppRoute }) {
  const zone = useReportTimeZone();
  const [search] = useSearchParams();
  const asked = search.get('date') ?? '';
  const [day, setDay] = useState(() => (/^\d{4}-\d{2}-\d{2}$/.test(asked) ? asked : yesterdayIn(zone)));
  const { restaurantId } = useReportRestaurant();
  const valid = /^\d{4}-\d{2}-\d{2}$/.test(day);
  return (
    <PageHeader
      title={route.title}
      subtitle={route.description}
      breadcrumbs={crumbsOf(route)}
      actions={
        <>
          <DayPicker value={day} onChange={setDay} timeZone={zone} />
          <RestaurantFilter />
        </>
      }
    >
      {valid && <PdfViewer params={{ date: day, restaurantId }} />}
    </PageHeader>
  );
}
