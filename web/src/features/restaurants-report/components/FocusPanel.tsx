import { Box, Card, Stack, Typography } from '@mui/material';
import { AVERAGE_LABEL, METRICS, rankText, ranks } from '../format';
import type { RestaurantComparison, RestaurantRow } from '../types';
import { Evolution } from './Evolution';

/**
 * The restaurant in focus against the franchise: for each metric its figure, the average of the
 * franchise's active restaurants, the gap, and its rank among the restaurants of the currency.
 */
export function FocusPanel({ data, row }: { data: RestaurantComparison; row: RestaurantRow }) {
  const all = data.restaurants ?? [];
  const revenueRank = ranks(all, (r) => r.current.revenueCents, true).get(row);
  return (
    <Card component="section" aria-label={`${row.name} face à la franchise`} sx={{ minWidth: 0 }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ px: 2, py: 1.5, gap: 1, justifyContent: 'space-between', alignItems: { sm: 'baseline' }, borderBottom: 1, borderColor: 'divider' }}>
        <Typography variant="h6" component="h2" sx={{ fontWeight: 700 }}>
          {row.name}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {revenueRank ? `${rankText(revenueRank, all.length)} en chiffre d'affaires TTC` : 'Sans commande sur la période'}
        </Typography>
      </Stack>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: 'repeat(3, minmax(0, 1fr))', lg: 'repeat(5, minmax(0, 1fr))' } }}>
        {METRICS.map((m) => {
          const v = m.value(row.current);
          const avg = m.value(data.average.current);
          const rank = ranks(all, (r) => m.value(r.current), m.higherIsBetter).get(row);
          return (
            <Box key={m.key} role="group" aria-label={m.label} sx={{ p: { xs: 1.5, sm: 2 }, minWidth: 0, borderRight: 1, borderBottom: 1, borderColor: 'divider' }}>
              <Typography variant="body2" sx={{ color: 'text.secondary', fontSize: '0.8125rem' }}>{m.label}</Typography>
              <Typography sx={{ fontSize: { xs: '1.05rem', sm: '1.25rem' }, fontWeight: 700, fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }}>
                {m.show(v, data.currency)}
              </Typography>
              <Typography variant="caption" component="p" sx={{ color: 'text.secondary', whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }}>
                {`${AVERAGE_LABEL} : ${m.show(avg, data.currency)}`}
              </Typography>
              <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', alignItems: 'center', mt: 0.25 }}>
                <Evolution value={v} reference={avg} higherIsBetter={m.higherIsBetter} title="Écart à la moyenne de la franchise" />
                <Typography variant="caption" sx={{ color: 'text.secondary' }}>vs moyenne</Typography>
              </Stack>
              <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
                <Evolution value={v} reference={m.value(row.previous)} higherIsBetter={m.higherIsBetter} title="Évolution sur la période précédente" />
                <Typography variant="caption" sx={{ color: 'text.secondary' }}>vs préc.</Typography>
              </Stack>
              <Typography variant="caption" component="p" sx={{ fontWeight: 600, mt: 0.25 }}>
                {rank ? `Rang : ${rankText(rank, all.length)}` : 'Rang : —'}
              </Typography>
            </Box>
          );
        })}
      </Box>
    </Card>
  );
}
