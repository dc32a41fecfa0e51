import { useMemo } from 'react';
import { Box, Stack, Typography, useMediaQuery } from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { heatBackground } from '../../reports/components/HeatMapTable';
import { formatCents, formatInteger } from '../../reports/format';
import { hourText, ordersText, WEEKDAYS } from '../format';
import type { HeatCell } from '../types';

export type HeatMetric = 'orders' | 'revenue';

const HOURS = Array.from({ length: 24 }, (_, h) => h);

/**
 * Lundi … Dimanche down, 0 h … 23 h across, the colour relative to the busiest cell. A table, so a
 * screen reader walks it by row and column; each cell also carries its full sentence.
 */
export function HeatMap({ cells, metric, currency, label }: { cells: readonly HeatCell[]; metric: HeatMetric; currency: string; label: string }) {
  const grid = useMemo(() => {
    const m = new Map<string, HeatCell>();
    for (const c of cells) m.set(`${c.weekday}-${c.hour}`, c);
    return m;
  }, [cells]);
  const valueOf = (c: HeatCell | undefined) => (c ? (metric === 'orders' ? c.orders : c.revenueCents) : 0);
  const max = Math.max(0, ...cells.map((c) => valueOf(c)));
  const theme = useTheme();
  const tall = useMediaQuery(theme.breakpoints.down('sm'));
  const text = (v: number) => (metric === 'orders' ? ordersText(v, formatInteger(v)) : formatCents(v, currency));

  const cellOf = (i: number, h: number) => {
    const day = WEEKDAYS[i]!;
    const cell = grid.get(`${i + 1}-${h}`);
    const v = valueOf(cell);
    const intensity = max > 0 ? v / max : 0;
    const sentence = cell
      ? `${day}, ${hourText(h)} : ${ordersText(cell.orders, formatInteger(cell.orders))}, ${formatCents(cell.revenueCents, currency)}`
      : `${day}, ${hourText(h)} : aucune commande`;
    return (
      <Box
        component="td"
        key={`${i}-${h}`}
        aria-label={sentence}
        title={sentence}
        data-intensity={intensity.toFixed(2)}
        sx={{ height: tall ? 18 : 26, borderRadius: '3px', backgroundColor: v > 0 ? heatBackground(intensity) : 'action.hover' }}
      />
    );
  };
  const hidden = { position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' } as const;
  const tableSx = {
    width: '100%',
    borderCollapse: 'separate',
    borderSpacing: '2px',
    tableLayout: 'fixed',
    fontSize: '0.6875rem',
    '& th': { fontWeight: 600, color: 'text.secondary', p: 0, fontVariantNumeric: 'tabular-nums' },
  } as const;

  return (
    <Box>
      {tall ? (
        // A phone: the hours down and the seven days across, so the whole week fits the width.
        <Box component="table" aria-label={label} sx={tableSx}>
          <thead>
            <tr>
              <Box component="th" scope="col" sx={{ width: 40, textAlign: 'left' }}>
                <Box component="span" sx={hidden}>Heure</Box>
              </Box>
              {WEEKDAYS.map((d) => (
                <th key={d} scope="col" aria-label={d}>
                  {d.slice(0, 3)}.
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {HOURS.map((h) => (
              <tr key={h}>
                <Box component="th" scope="row" sx={{ textAlign: 'left', whiteSpace: 'nowrap' }}>
                  {hourText(h)}
                </Box>
                {WEEKDAYS.map((_, i) => cellOf(i, h))}
              </tr>
            ))}
          </tbody>
        </Box>
      ) : (
        <Box sx={{ overflowX: 'auto' }}>
          <Box component="table" aria-label={label} sx={{ ...tableSx, minWidth: 640 }}>
            <thead>
              <tr>
                <Box component="th" scope="col" sx={{ width: 72, textAlign: 'left' }}>
                  <Box component="span" sx={hidden}>Jour</Box>
                </Box>
                {HOURS.map((h) => (
                  <th key={h} scope="col" aria-label={hourText(h)}>
                    {h % 3 === 0 ? String(h) : ''}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {WEEKDAYS.map((day, i) => (
                <tr key={day}>
                  <Box component="th" scope="row" sx={{ textAlign: 'left', whiteSpace: 'nowrap', pr: 1 }}>
                    {day}
                  </Box>
                  {HOURS.map((h) => cellOf(i, h))}
                </tr>
              ))}
            </tbody>
          </Box>
        </Box>
      )}
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'flex-end', mt: 1.5, color: 'text.secondary' }}>
        <Typography variant="caption" sx={{ whiteSpace: 'nowrap' }}>{text(0)}</Typography>
        <Box aria-hidden sx={{ flex: '0 1 140px', minWidth: 48, height: 8, borderRadius: 4, background: `linear-gradient(90deg, ${heatBackground(0.01)}, ${heatBackground(1)})` }} />
        <Typography variant="caption" sx={{ whiteSpace: 'nowrap' }}>{`${text(max)} (maximum)`}</Typography>
      </Stack>
    </Box>
  );
}

/** The same cells as a plain list table: weekday, hour, orders, revenue (non-empty cells only). */
export function HeatList({ cells, currency, label }: { cells: readonly HeatCell[]; currency: string; label: string }) {
  const sorted = [...cells].sort((a, b) => a.weekday - b.weekday || a.hour - b.hour);
  return (
    <Box sx={{ maxHeight: 420, overflow: 'auto' }}>
      <Box
        component="table"
        aria-label={label}
        sx={{ width: '100%', borderCollapse: 'collapse', fontSize: '0.8125rem', '& th, & td': { py: 0.5, px: 1.5, borderBottom: 1, borderColor: 'divider' }, '& thead th': { position: 'sticky', top: 0, bgcolor: 'background.paper', fontWeight: 600, color: 'text.secondary' } }}
      >
        <thead>
          <tr>
            <Box component="th" scope="col" sx={{ textAlign: 'left' }}>Jour</Box>
            <Box component="th" scope="col" sx={{ textAlign: 'left' }}>Heure</Box>
            <Box component="th" scope="col" sx={{ textAlign: 'right' }}>Commandes</Box>
            <Box component="th" scope="col" sx={{ textAlign: 'right' }}>Chiffre d'affaires TTC</Box>
          </tr>
        </thead>
        <tbody>
          {sorted.map((c) => (
            <tr key={`${c.weekday}-${c.hour}`}>
              <Box component="th" scope="row" sx={{ textAlign: 'left', fontWeight: 500 }}>{WEEKDAYS[c.weekday - 1]}</Box>
              <Box component="td" sx={{ fontVariantNumeric: 'tabular-nums' }}>{hourText(c.hour)}</Box>
              <Box component="td" sx={{ textAlign: 'right', fontVariantNumeric: 'tabular-nums' }}>{formatInteger(c.orders)}</Box>
              <Box component="td" sx={{ textAlign: 'right', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>{formatCents(c.revenueCents, currency)}</Box>
            </tr>
          ))}
        </tbody>
      </Box>
    </Box>
  );
}
