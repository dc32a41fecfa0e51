import { useMemo } from 'react';
import { Box, Stack, Tooltip, Typography } from '@mui/material';
import { heatIntensity } from '../bands';
import { formatInteger, formatMinutes } from '../format';
import { HEAT_WEEKDAYS, hourLabel, type HourFormat } from '../heatmap';
import type { HeatRow } from '../types';

const HEAT_RGB = '230, 81, 0';

/** Background of a cell: transparent for nothing, the full colour for the maximum. */
export function heatBackground(intensity: number): string {
  if (intensity <= 0) return 'transparent';
  return `rgba(${HEAT_RGB}, ${(0.08 + 0.84 * intensity).toFixed(3)})`;
}

export interface HeatMapTableProps {
  rows: readonly HeatRow[];
  hourFormat: HourFormat;
  label: string;
}

/** 'Temps de Sortie Par Jour': hours down, Dimanche … Samedi across, intensity relative to the maximum. */
export function HeatMapTable({ rows, hourFormat, label }: HeatMapTableProps) {
  const sorted = useMemo(() => [...rows].sort((a, b) => a.hour - b.hour), [rows]);
  const max = useMemo(() => Math.max(0, ...sorted.flatMap((r) => (r.weekdays ?? []).map((v) => v ?? 0))), [sorted]);

  return (
    <Box>
      <Box sx={{ overflowX: 'auto' }}>
        <Box
          component="table"
          aria-label={label}
          sx={{
            width: '100%',
            borderCollapse: 'separate',
            borderSpacing: '3px',
            tableLayout: 'fixed',
            minWidth: 560,
            fontSize: '0.75rem',
            '& th': { fontWeight: 600, color: 'text.secondary', py: 0.5 },
          }}
        >
          <thead>
            <tr>
              <Box component="th" scope="col" sx={{ width: 64, textAlign: 'left' }}>
                Heure
              </Box>
              {HEAT_WEEKDAYS.map((d) => (
                <th key={d} scope="col">
                  {d}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {sorted.map((row) => (
              <tr key={row.hour}>
                <Box component="th" scope="row" sx={{ textAlign: 'left', whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
                  {hourLabel(row.hour, hourFormat)}
                </Box>
                {HEAT_WEEKDAYS.map((day, i) => {
                  // null: orders, none with an exit time (left out of the averages, never 0 min).
                  const value = row.weekdays?.[i] ?? null;
                  const orders = row.orders?.[i] ?? 0;
                  const intensity = heatIntensity(value, max);
                  const has = value !== null;
                  const ordersText = `${formatInteger(orders)} commande${orders > 1 ? 's' : ''}`;
                  return (
                    <Tooltip
                      key={day}
                      title={`${day}, ${hourLabel(row.hour, hourFormat)} : ${
                        has ? `${formatMinutes(value)} min · ${ordersText}` : orders > 0 ? `${ordersText}, sans temps de sortie` : 'aucune commande'
                      }`}
                      disableInteractive
                    >
                      <Box
                        component="td"
                        data-intensity={intensity.toFixed(2)}
                        sx={{
                          height: 24,
                          textAlign: 'center',
                          borderRadius: '4px',
                          fontVariantNumeric: 'tabular-nums',
                          backgroundColor: has ? heatBackground(intensity) : 'action.hover',
                          color: intensity > 0.55 ? '#fff' : has ? 'text.primary' : 'text.disabled',
                          fontWeight: intensity > 0.8 ? 700 : 500,
                        }}
                      >
                        {has ? formatMinutes(value) : '–'}
                      </Box>
                    </Tooltip>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </Box>
      </Box>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'flex-end', mt: 1.5, color: 'text.secondary' }}>
        <Typography variant="caption">0</Typography>
        <Box
          aria-hidden
          sx={{ width: 140, height: 8, borderRadius: 4, background: `linear-gradient(90deg, ${heatBackground(0.01)}, ${heatBackground(1)})` }}
        />
        <Typography variant="caption">{`${formatMinutes(max)} min (maximum)`}</Typography>
      </Stack>
    </Box>
  );
}
