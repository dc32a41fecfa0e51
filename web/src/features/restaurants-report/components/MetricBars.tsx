import { Box, Stack, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import { alpha } from '@mui/material/styles';
import type { Metric } from '../format';
import { AVERAGE_LABEL } from '../format';
import type { RestaurantComparison, RestaurantRow } from '../types';
import { Evolution } from './Evolution';

const num = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

interface Props {
  data: RestaurantComparison;
  rows: readonly RestaurantRow[];
  metric: Metric;
  focusId: number;
  onFocus: (id: number) => void;
}

/**
 * The chosen metric, one horizontal bar per restaurant (best first), with the franchise average as
 * a dashed line across the bars. Drawn in HTML: every bar is a labelled row a screen reader reads
 * in order, and the focused restaurant stands out.
 */
export function MetricBars({ data, rows, metric, focusId, onFocus }: Props) {
  const avg = metric.value(data.average.current);
  const values = rows.map((r) => metric.value(r.current));
  const max = Math.max(0, avg ?? 0, ...values.map((v) => v ?? 0));
  const pct = (v: number | null) => (max > 0 && v !== null ? Math.max(0, (v / max) * 100) : 0);
  return (
    <Box>
      <Stack component="ul" aria-label="Légende" direction="row" sx={{ listStyle: 'none', m: 0, p: 0, mb: 1.5, gap: 2, flexWrap: 'wrap', fontSize: '0.8125rem', color: 'text.secondary' }}>
        <Stack component="li" direction="row" spacing={0.75} sx={{ alignItems: 'center' }}>
          <Box aria-hidden sx={{ width: 12, height: 12, borderRadius: '3px', bgcolor: 'primary.main' }} />
          <span>{metric.label}</span>
        </Stack>
        <Stack component="li" direction="row" spacing={0.75} sx={{ alignItems: 'center' }}>
          <Box aria-hidden sx={{ width: 0, height: 14, borderLeft: '2px dashed', borderColor: 'warning.main' }} />
          <span>{`${AVERAGE_LABEL} : ${metric.show(avg, data.currency)}`}</span>
        </Stack>
      </Stack>
      <Box
        component="ol"
        aria-label={`${metric.label} par restaurant, ${AVERAGE_LABEL.toLowerCase()} ${metric.show(avg, data.currency)}`}
        sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'minmax(120px, 200px) minmax(0, 1fr)' }, columnGap: 1.5, rowGap: { xs: 0.5, sm: 0.75 } }}
      >
        {rows.map((r, i) => {
          const v = values[i] ?? null;
          const focused = r.restaurantId === focusId;
          return (
            <Box component="li" key={r.restaurantId} sx={{ display: 'contents' }}>
              <Box
                component="button"
                type="button"
                onClick={() => onFocus(r.restaurantId)}
                aria-pressed={focused}
                sx={{ all: 'unset', cursor: 'pointer', fontSize: '0.8125rem', fontWeight: focused ? 700 : 500, color: focused ? 'primary.main' : 'text.primary', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', alignSelf: 'center', '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main' } }}
              >
                {r.name}
              </Box>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minWidth: 0, mb: { xs: 0.75, sm: 0 } }}>
                <Box sx={{ position: 'relative', flex: 1, height: 22, minWidth: 0 }}>
                  <Box
                    sx={(t) => ({
                      height: '100%',
                      width: `${pct(v)}%`,
                      minWidth: v ? 2 : 0,
                      borderRadius: '0 4px 4px 0',
                      bgcolor: focused ? t.palette.primary.main : alpha(t.palette.primary.main, focusId ? 0.35 : 0.75),
                      transition: 'width 200ms',
                    })}
                  />
                  {avg !== null && max > 0 && (
                    <Box aria-hidden sx={{ position: 'absolute', top: -3, bottom: -3, left: `${pct(avg)}%`, borderLeft: '2px dashed', borderColor: 'warning.main' }} />
                  )}
                </Box>
                <Typography component="span" sx={{ ...num, fontSize: '0.8125rem', fontWeight: 600, minWidth: { xs: 84, sm: 104 }, textAlign: 'right' }}>
                  {metric.show(v, data.currency)}
                </Typography>
              </Stack>
            </Box>
          );
        })}
      </Box>
    </Box>
  );
}

/** The chart's table view: the same values with the gap to the average and the change. */
export function MetricTable({ data, rows, metric, focusId }: Omit<Props, 'onFocus'>) {
  const avg = metric.value(data.average.current);
  return (
    <TableContainer sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label={`${metric.label} par restaurant`}>
        <TableHead>
          <TableRow>
            <TableCell>Rang</TableCell>
            <TableCell>Restaurant</TableCell>
            <TableCell align="right">{metric.short}</TableCell>
            <TableCell align="right">Écart à la moyenne</TableCell>
            <TableCell align="right">Évolution</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((r, i) => {
            const v = metric.value(r.current);
            return (
              <TableRow key={r.restaurantId} selected={r.restaurantId === focusId}>
                <TableCell sx={num}>{v === null ? '—' : i + 1}</TableCell>
                <TableCell component="th" scope="row" sx={{ fontWeight: 500 }}>{r.name}</TableCell>
                <TableCell align="right" sx={{ ...num, fontWeight: 600 }}>{metric.show(v, data.currency)}</TableCell>
                <TableCell align="right"><Evolution value={v} reference={avg} higherIsBetter={metric.higherIsBetter} /></TableCell>
                <TableCell align="right"><Evolution value={v} reference={metric.value(r.previous)} higherIsBetter={metric.higherIsBetter} /></TableCell>
              </TableRow>
            );
          })}
          <TableRow>
            <TableCell />
            <TableCell component="th" scope="row" sx={{ fontWeight: 700 }}>{AVERAGE_LABEL}</TableCell>
            <TableCell align="right" sx={{ ...num, fontWeight: 700 }}>{metric.show(avg, data.currency)}</TableCell>
            <TableCell />
            <TableCell align="right"><Evolution value={avg} reference={metric.value(data.average.previous)} higherIsBetter={metric.higherIsBetter} /></TableCell>
          </TableRow>
        </TableBody>
      </Table>
    </TableContainer>
  );
}
