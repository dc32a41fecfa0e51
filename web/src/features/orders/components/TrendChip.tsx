import { Box, Tooltip } from '@mui/material';
import { alpha } from '@mui/material/styles';
import TrendingUpRoundedIcon from '@mui/icons-material/TrendingUpRounded';
import TrendingDownRoundedIcon from '@mui/icons-material/TrendingDownRounded';
import TrendingFlatRoundedIcon from '@mui/icons-material/TrendingFlatRounded';
import { count, dayLabel, trend } from '../format';

export interface TrendChipProps {
  /** Change in percent against the reference period; null when the reference has no data (no chip then). */
  value: number | null | undefined;
  previous: number;
  previousStart: string;
  previousEnd: string;
  /** When the period holds today: the local time (HH:MM) the reference's last day is counted until. */
  previousUntil?: string;
  /** What the reference is, for the tooltip: 'un mois plus tôt' (Mes Commandes) or 'une semaine plus tôt'. */
  reference?: string;
  /** A rise is bad news (cancellations): red when up, green when down. */
  inverted?: boolean;
}

/** The tooltip's description of the reference: '12 le 05/04/2026 jusqu'à 13:30 (même jour, une semaine plus tôt)'. */
export function referenceText(p: Pick<TrendChipProps, 'previous' | 'previousStart' | 'previousEnd' | 'previousUntil' | 'reference'>): string {
  const period = p.previousStart === p.previousEnd ? `le ${dayLabel(p.previousStart)}` : `du ${dayLabel(p.previousStart)} au ${dayLabel(p.previousEnd)}`;
  const until = p.previousUntil ? ` jusqu’à ${p.previousUntil.replace(':', ' h ')}` : '';
  const same = p.previousStart === p.previousEnd ? 'même jour' : 'mêmes dates';
  return `${count(p.previous)} ${period}${until} (${same}, ${p.reference ?? 'un mois plus tôt'}${p.previousUntil ? ', à la même heure' : ''})`;
}

/**
 * '+12,50 %' with an arrow, green for good news and red for bad, the reference in a tooltip.
 * Nothing without a reference (value null): a first period shows no trend rather than a made-up one.
 */
export function TrendChip({ value, previous, previousStart, previousEnd, previousUntil, reference, inverted }: TrendChipProps) {
  if (value === null || value === undefined) return null;
  const up = value > 0;
  const flat = value === 0;
  const good = flat ? null : up !== Boolean(inverted);
  const Icon = flat ? TrendingFlatRoundedIcon : up ? TrendingUpRoundedIcon : TrendingDownRoundedIcon;
  return (
    <Tooltip title={referenceText({ previous, previousStart, previousEnd, previousUntil, reference })}>
      <Box
        component="span"
        data-tone={good === null ? 'neutral' : good ? 'good' : 'bad'}
        sx={(theme) => {
          const c = good === null ? theme.palette.text.secondary : good ? theme.palette.success.main : theme.palette.error.main;
          return {
            display: 'inline-flex',
            alignItems: 'center',
            gap: 0.375,
            px: 0.75,
            py: 0.125,
            borderRadius: 1,
            fontSize: '0.75rem',
            fontWeight: 600,
            fontVariantNumeric: 'tabular-nums',
            color: good === null ? 'text.secondary' : c,
            backgroundColor: alpha(c, 0.1),
            whiteSpace: 'nowrap',
            '& svg': { fontSize: 16 },
          };
        }}
      >
        <Icon aria-hidden />
        {trend(value)}
      </Box>
    </Tooltip>
  );
}
