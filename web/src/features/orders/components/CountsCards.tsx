import { Box } from '@mui/material';
import CheckCircleOutlineRoundedIcon from '@mui/icons-material/CheckCircleOutlineRounded';
import CancelOutlinedIcon from '@mui/icons-material/CancelOutlined';
import ShoppingBagOutlinedIcon from '@mui/icons-material/ShoppingBagOutlined';
import { count, type Counts } from '../format';
import { KpiCard } from './KpiCard';
import { TrendChip } from './TrendChip';

export const COUNT_LABELS = {
  confirmed: 'Commandes confirmées',
  cancelled: 'Commandes annulées',
  clickncollect: 'Commandes Click&Collect',
} as const;

/**
 * Spec §2.1's top cards: the three counts and their trend against the same dates a month earlier
 * (cut at the same time of day when the period holds today; no trend without orders then).
 */
export function CountsCards({ counts, loading }: { counts: Counts | undefined; loading: boolean }) {
  const ref = counts
    ? { previousStart: counts.previousStart, previousEnd: counts.previousEnd, previousUntil: counts.previousUntil, reference: 'un mois plus tôt' }
    : { previousStart: '', previousEnd: '' };
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, 1fr)' }, gap: 2 }}>
      <KpiCard
        label={COUNT_LABELS.confirmed}
        icon={<CheckCircleOutlineRoundedIcon />}
        tone="success"
        loading={loading && !counts}
        value={counts ? count(counts.confirmedOrders) : '—'}
        footer={counts && <TrendChip value={counts.confirmedTrend} previous={counts.confirmedOrdersPrevious} {...ref} />}
      />
      <KpiCard
        label={COUNT_LABELS.cancelled}
        icon={<CancelOutlinedIcon />}
        tone="error"
        loading={loading && !counts}
        value={counts ? count(counts.cancelledOrders) : '—'}
        footer={counts && <TrendChip value={counts.cancelledTrend} previous={counts.cancelledOrdersPrevious} inverted {...ref} />}
      />
      <KpiCard
        label={COUNT_LABELS.clickncollect}
        icon={<ShoppingBagOutlinedIcon />}
        tone="info"
        loading={loading && !counts}
        value={counts ? count(counts.clickncollectOrders) : '—'}
        footer={counts && <TrendChip value={counts.clickncollectTrend} previous={counts.clickncollectOrdersPrevious} {...ref} />}
      />
    </Box>
  );
}
