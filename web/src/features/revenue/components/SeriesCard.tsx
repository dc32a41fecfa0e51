import { useMemo, type ReactNode } from 'react';
import { Box, Stack, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, ToggleButton, ToggleButtonGroup } from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { Change } from '../../flash/components/Change';
import { figure, show, type Kpi } from '../../flash/components/PeriodSection';
import { comparisonColours, ComparisonChartView, type ComparisonDatum } from '../../reports/components/charts';
import { formatInteger } from '../../reports/format';
import { axisMoney, bucketLabel, CURRENT_NAME, GRAIN_LABELS, LAST_YEAR_NAME, METRIC_LABELS, PREVIOUS_NAME } from '../format';
import type { Revenue, RevenueGrain } from '../types';

export type SeriesView = 'chart' | 'table';

/** 'Graphique | Tableau': every chart has its table. */
export function ViewToggle({ value, onChange, label }: { value: SeriesView; onChange: (v: SeriesView) => void; label: string }) {
  return (
    <ToggleButtonGroup exclusive size="small" value={value} onChange={(_, v: SeriesView | null) => v && onChange(v)} aria-label={label}>
      <ToggleButton value="chart" sx={{ px: 1.5, textTransform: 'none' }}>Graphique</ToggleButton>
      <ToggleButton value="table" sx={{ px: 1.5, textTransform: 'none' }}>Tableau</ToggleButton>
    </ToggleButtonGroup>
  );
}

function Swatch({ colour, dashed, bar }: { colour: string; dashed?: boolean; bar?: boolean }) {
  return bar ? (
    <Box component="span" aria-hidden sx={{ width: 12, height: 12, borderRadius: '3px', backgroundColor: colour, flexShrink: 0 }} />
  ) : (
    <Box component="span" aria-hidden sx={{ width: 18, height: 0, borderTop: `${dashed ? 2 : 3}px ${dashed ? 'dashed' : 'solid'} ${colour}`, flexShrink: 0 }} />
  );
}

/** The legend, in HTML so it reads without the chart: each series' name and its dates. */
function Legend({ kind }: { kind: 'line' | 'bar' }) {
  const theme = useTheme();
  const colours = comparisonColours(theme.palette.primary.main, theme.palette.text.secondary);
  const items: { key: string; name: string; swatch: ReactNode }[] = [
    { key: 'current', name: CURRENT_NAME, swatch: <Swatch colour={colours.current} bar={kind === 'bar'} /> },
    { key: 'previous', name: PREVIOUS_NAME, swatch: <Swatch colour={colours.previous} dashed /> },
    { key: 'lastYear', name: LAST_YEAR_NAME, swatch: <Swatch colour={colours.lastYear} /> },
  ];
  return (
    <Stack component="ul" aria-label="Légende" direction="row" sx={{ listStyle: 'none', m: 0, p: 0, mb: 1, flexWrap: 'wrap', columnGap: 2, rowGap: 0.5 }}>
      {items.map((i) => (
        <Stack component="li" key={i.key} direction="row" spacing={0.75} sx={{ alignItems: 'center', fontSize: '0.8125rem' }}>
          {i.swatch}
          <span>{i.name}</span>
        </Stack>
      ))}
    </Stack>
  );
}

const num = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

/** The series as a table: bucket, now, before, last year, and the two changes. */
function SeriesTable({ data, metric, caption }: { data: Revenue; metric: Kpi; caption: string }) {
  const rows = data.series ?? [];
  return (
    <TableContainer sx={{ maxHeight: 480, overflowX: 'auto' }}>
      <Table size="small" stickyHeader aria-label={caption} sx={{ '& td, & th': { px: { xs: 1, sm: 2 } } }}>
        <TableHead>
          <TableRow>
            <TableCell>{GRAIN_LABELS[data.grain]}</TableCell>
            <TableCell align="right">{CURRENT_NAME}</TableCell>
            <TableCell align="right">{PREVIOUS_NAME}</TableCell>
            <TableCell align="right">{LAST_YEAR_NAME}</TableCell>
            <TableCell>Évolution</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((p) => {
            const v = figure(p.current, metric);
            const before = figure(p.previous, metric);
            const ly = figure(p.lastYear, metric);
            return (
              <TableRow key={p.label} hover>
                <TableCell component="th" scope="row" sx={{ whiteSpace: 'nowrap', fontWeight: 500 }}>
                  {bucketLabel(p.label, data.grain)}
                </TableCell>
                <TableCell align="right" sx={{ ...num, fontWeight: 600 }}>{show(metric, v, data.currency)}</TableCell>
                <TableCell align="right" sx={num}>{show(metric, before, data.currency)}</TableCell>
                <TableCell align="right" sx={num}>{show(metric, ly, data.currency)}</TableCell>
                <TableCell>
                  <Stack direction={{ xs: 'column', md: 'row' }} sx={{ alignItems: 'flex-start', columnGap: 1.5, rowGap: 0.25 }}>
                    <Change value={v} reference={before} label="vs préc." />
                    <Change value={v} reference={ly} label="vs N-1" />
                  </Stack>
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** Months and hours read as bars; days and weeks as a line. */
export const chartKind = (grain: RevenueGrain): 'line' | 'bar' => (grain === 'month' || grain === 'hour' ? 'bar' : 'line');

/** The chosen metric over the buckets, as a chart (with its legend) or as a table. */
export function SeriesBody({ data, metric, view }: { data: Revenue; metric: Kpi; view: SeriesView }) {
  const kind = chartKind(data.grain);
  const points = useMemo<ComparisonDatum[]>(
    () =>
      (data.series ?? []).map((p) => ({
        label: p.label,
        current: figure(p.current, metric),
        previous: figure(p.previous, metric),
        lastYear: figure(p.lastYear, metric),
      })),
    [data, metric],
  );
  const caption = `${METRIC_LABELS[metric]} par ${data.grain === 'day' ? 'jour' : data.grain === 'week' ? 'semaine' : data.grain === 'month' ? 'mois' : 'heure'}`;
  if (view === 'table') return <SeriesTable data={data} metric={metric} caption={caption} />;
  const money = metric !== 'orders';
  const total = points.reduce((n, p) => n + p.current, 0);
  return (
    <Box sx={{ p: 2 }}>
      <Legend kind={kind} />
      <ComparisonChartView
        data={points}
        kind={kind}
        label={`${caption} : période, période précédente et an dernier (${points.length} paliers${money ? '' : `, ${formatInteger(total)} commandes`}). Le détail est dans la vue Tableau.`}
        format={(v) => show(metric, v, data.currency)}
        formatTick={money ? (v) => axisMoney(v, data.currency) : (v) => formatInteger(v)}
        formatLabel={(l) => bucketLabel(l, data.grain)}
        names={{ current: CURRENT_NAME, previous: PREVIOUS_NAME, lastYear: LAST_YEAR_NAME }}
      />
    </Box>
  );
}
