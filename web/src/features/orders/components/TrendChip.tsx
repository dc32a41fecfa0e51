import { Box, Tooltip } from '@mui/material';
import { alpha } from '@mui/material/styles';
import TrendingUpRoundedIcon from '@mui/icons-material/TrendingUpRounded';
import TrendingDownRoundedIcon from '@mui/icons-material/TrendingDownRounded';
import TrendingFlatRoundedIcon from '@mui/icons-material/TrendingFlatRounded';
import { count, dayLabel, trend } from '../format';

export interface TrendChipProps {
  /** Change in percent against the previous period. */
  value: number;
  previous: number;
  previousStart: string;
  previousEnd: string;
  /** A rise is bad news (cancellations): red when up, green when down. */
  inverted?: boolean;
}

/** '+12,50 %' with an arrow, green for good news and red for bad, the reference in a tooltip. */
export function TrendChip({ value, previous, previousStart, previousEnd, inverted }: TrendChipProps) {
  const up = value > 0;
  const flat = value === 0;
  const good = flat ? null : up !== Boolean(inverted);
  const Icon = flat ? TrendingFlatRoundedIcon : up ? TrendingUpRoundedIcon : TrendingDownRoundedIcon;
  const period = previousStart === previousEnd ? `le ${dayLabel(previousStart)}` : `du ${dayLabel(previousStart)} au ${dayLabel(previousEnd)}`;
  return (
    <Tooltip title={`${count(previous)} ${period} (même période, un mois plus tôt)`}>
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
