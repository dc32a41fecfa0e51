import { Box, Tooltip } from '@mui/material';
import { alpha } from '@mui/material/styles';
import { formatSignedPercent } from '../../reports/format';

export const TREND_HELP = 'par rapport à la période précédente de même durée';
export const NO_TREND_HELP = 'Pas d’évolution : rien de vendu sur la période précédente de même durée';

/**
 * The change of the amount in percent: green above 0, red otherwise (spec §5), two decimals.
 * Without a reference (null: nothing sold on the previous period) a muted dash, never a red 0,00 %.
 */
export function Trend({ value }: { value: number | null | undefined }) {
  if (value === null || value === undefined) {
    return (
      <Tooltip title={NO_TREND_HELP} describeChild>
        <Box component="span" data-trend="none" sx={{ display: 'inline-block', minWidth: 76, textAlign: 'right', px: 0.875, color: 'text.disabled' }}>
          —
        </Box>
      </Tooltip>
    );
  }
  const up = value > 0;
  return (
    <Tooltip title={TREND_HELP} describeChild>
      <Box
        component="span"
        data-trend={up ? 'up' : 'down'}
        sx={(t) => {
          const c = up ? t.palette.success.main : t.palette.error.main;
          return {
            display: 'inline-block',
            minWidth: 76,
            textAlign: 'right',
            px: 0.875,
            py: 0.25,
            borderRadius: 1,
            fontSize: '0.8125rem',
            fontWeight: 600,
            fontVariantNumeric: 'tabular-nums',
            whiteSpace: 'nowrap',
            color: up ? t.palette.success.dark : t.palette.error.main,
            backgroundColor: alpha(c, t.palette.mode === 'dark' ? 0.18 : 0.1),
          };
        }}
      >
        {formatSignedPercent(value)}
      </Box>
    </Tooltip>
  );
}
