import { useMemo } from 'react';
import { Box, Stack, Typography } from '@mui/material';
import { useTheme } from '@mui/material/styles';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  ComposedChart,
  Line,
  LineChart,
  Pie,
  PieChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { formatPercent } from '../format';
import {
  comparisonColours,
  donutColour,
  valueTicks,
  type BarChartViewProps,
  type ComparisonChartViewProps,
  type ComparisonDatum,
  type Datum,
  type DonutChartProps,
  type LineChartViewProps,
} from './charts';

// The only module of the reports that imports the chart library (recharts, about 100 kB gzip):
// charts.tsx loads it with import() the first time a chart is drawn, so a report screen shows
// its tables and figures without waiting for it.

function useChartColours() {
  const theme = useTheme();
  return {
    primary: theme.palette.primary.main,
    grid: theme.palette.divider,
    text: theme.palette.text.secondary,
    paper: theme.palette.background.paper,
    font: theme.typography.fontFamily,
  };
}

function tooltipStyle(c: ReturnType<typeof useChartColours>) {
  return {
    contentStyle: { background: c.paper, border: `1px solid ${c.grid}`, borderRadius: 8, fontSize: 12, fontFamily: c.font },
    labelStyle: { fontWeight: 600 },
  };
}

/** A donut with a legend table beside it (label, value, share), readable without hovering. */
export function DonutChart({ data, format, label, height = 220, centre, maxSlices = 8, legend = 'side' }: DonutChartProps) {
  const c = useChartColours();
  const slices = useMemo(() => {
    const sorted = [...data].filter((d) => d.value > 0).sort((a, b) => b.value - a.value);
    if (sorted.length <= maxSlices) return sorted;
    const head = sorted.slice(0, maxSlices - 1);
    const rest = sorted.slice(maxSlices - 1).reduce((sum, d) => sum + d.value, 0);
    return [...head, { label: 'Autres', value: rest }];
  }, [data, maxSlices]);
  const total = slices.reduce((sum, d) => sum + d.value, 0);

  return (
    <Stack direction={legend === 'side' ? { xs: 'column', sm: 'row' } : 'column'} spacing={2} sx={{ alignItems: 'center' }}>
      <Box role="img" aria-label={label} sx={{ position: 'relative', width: height, height, flexShrink: 0 }}>
        <ResponsiveContainer width="100%" height="100%">
          <PieChart>
            <Pie
              data={slices as Datum[]}
              dataKey="value"
              nameKey="label"
              innerRadius="62%"
              outerRadius="95%"
              paddingAngle={slices.length > 1 ? 1.5 : 0}
              stroke="none"
              isAnimationActive={false}
            >
              {slices.map((d, i) => (
                <Cell key={d.label} fill={d.colour ?? donutColour(i)} />
              ))}
            </Pie>
            <Tooltip {...tooltipStyle(c)} formatter={(v) => format(Number(v))} />
          </PieChart>
        </ResponsiveContainer>
        {centre && (
          <Box sx={{ position: 'absolute', inset: 0, display: 'grid', placeItems: 'center', pointerEvents: 'none' }}>
            <Typography sx={{ fontWeight: 700, fontSize: '0.95rem', fontVariantNumeric: 'tabular-nums' }}>{centre}</Typography>
          </Box>
        )}
      </Box>
      <Box component="ul" aria-label={`Légende : ${label}`} sx={{ listStyle: 'none', m: 0, p: 0, minWidth: 0, alignSelf: 'stretch', ...(legend === 'side' ? { flex: '1 1 240px' } : {}) }}>
        {slices.map((d, i) => (
          <Box
            component="li"
            key={d.label}
            sx={{ display: 'grid', gridTemplateColumns: '10px 1fr auto auto', alignItems: 'center', columnGap: 1, py: 0.5, fontSize: '0.8125rem', borderBottom: 1, borderColor: 'divider', '&:last-child': { borderBottom: 0 } }}
          >
            <Box sx={{ width: 10, height: 10, borderRadius: '3px', backgroundColor: d.colour ?? donutColour(i) }} />
            <Box component="span" sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }} title={d.label}>
              {d.label || '—'}
            </Box>
            <Box component="span" sx={{ fontWeight: 600, fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
              {format(d.value)}
            </Box>
            <Box component="span" sx={{ color: 'text.secondary', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap', minWidth: 58, textAlign: 'right' }}>
              {formatPercent(total > 0 ? (d.value / total) * 100 : 0, 1)}
            </Box>
          </Box>
        ))}
      </Box>
    </Stack>
  );
}

/** A single-series bar chart, vertical or horizontal. */
export function BarChartView({ data, format, formatLabel, label, horizontal, height = 260, valueName = 'Valeur', colour }: BarChartViewProps) {
  const c = useChartColours();
  const fill = colour ?? c.primary;
  const tick = { fontSize: 11, fill: c.text };
  const labelOf = (l: unknown) => (formatLabel ? formatLabel(String(l)) : String(l));
  const longest = Math.max(0, ...data.map((d) => labelOf(d.label).length));
  const ticks = valueTicks(data.map((d) => d.value));
  const domain: [number, number] = [0, ticks[ticks.length - 1]!];
  return (
    <Box role="img" aria-label={label} sx={{ width: '100%', height }}>
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data as Datum[]} layout={horizontal ? 'vertical' : 'horizontal'} margin={{ top: 8, right: 16, bottom: 0, left: 0 }}>
          <CartesianGrid stroke={c.grid} strokeDasharray="3 3" vertical={!!horizontal} horizontal={!horizontal} />
          {horizontal ? (
            <>
              <XAxis type="number" ticks={ticks} domain={domain} interval={0} tick={tick} tickFormatter={(v: number) => format(v)} axisLine={false} tickLine={false} />
              <YAxis type="category" dataKey="label" tick={tick} tickFormatter={labelOf} width={Math.min(160, 12 + longest * 6.5)} axisLine={false} tickLine={false} />
            </>
          ) : (
            <>
              <XAxis dataKey="label" tick={tick} tickFormatter={labelOf} axisLine={false} tickLine={false} minTickGap={8} />
              <YAxis ticks={ticks} domain={domain} interval={0} tick={tick} tickFormatter={(v: number) => format(v)} width={72} axisLine={false} tickLine={false} />
            </>
          )}
          <Tooltip
            {...tooltipStyle(c)}
            cursor={{ fill: c.grid, opacity: 0.4 }}
            labelFormatter={labelOf}
            formatter={(v) => [format(Number(v)), valueName]}
          />
          <Bar dataKey="value" fill={fill} radius={horizontal ? [0, 4, 4, 0] : [4, 4, 0, 0]} maxBarSize={horizontal ? 22 : 36} isAnimationActive={false}>
            {data.map((d) => (
              <Cell key={d.label} fill={d.colour ?? fill} />
            ))}
          </Bar>
        </BarChart>
      </ResponsiveContainer>
    </Box>
  );
}

/** A single-series line chart. */
export function LineChartView({ data, format, formatLabel, label, height = 280, valueName = 'Valeur' }: LineChartViewProps) {
  const c = useChartColours();
  const tick = { fontSize: 11, fill: c.text };
  const labelOf = (l: unknown) => (formatLabel ? formatLabel(String(l)) : String(l));
  const ticks = valueTicks(data.map((d) => d.value));
  const domain: [number, number] = [0, ticks[ticks.length - 1]!];
  return (
    <Box role="img" aria-label={label} sx={{ width: '100%', height }}>
      <ResponsiveContainer width="100%" height="100%">
        <LineChart data={data as Datum[]} margin={{ top: 8, right: 16, bottom: 0, left: 0 }}>
          <CartesianGrid stroke={c.grid} strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="label" tick={tick} tickFormatter={labelOf} axisLine={false} tickLine={false} minTickGap={12} />
          <YAxis ticks={ticks} domain={domain} interval={0} tick={tick} tickFormatter={(v: number) => format(v)} width={72} axisLine={false} tickLine={false} />
          <Tooltip {...tooltipStyle(c)} labelFormatter={labelOf} formatter={(v) => [format(Number(v)), valueName]} />
          <Line
            type="monotone"
            dataKey="value"
            stroke={c.primary}
            strokeWidth={2}
            dot={data.length <= 31 ? { r: 2.5, fill: c.primary } : false}
            activeDot={{ r: 4 }}
            isAnimationActive={false}
          />
        </LineChart>
      </ResponsiveContainer>
    </Box>
  );
}

/** The current period (bars or line) against the previous period (dashed) and last year (light). */
export function ComparisonChartView({ data, format, formatTick, formatLabel, label, kind, names, height = 300 }: ComparisonChartViewProps) {
  const c = useChartColours();
  const theme = useTheme();
  const colours = comparisonColours(c.primary, theme.palette.text.secondary);
  const tick = { fontSize: 11, fill: c.text };
  const labelOf = (l: unknown) => (formatLabel ? formatLabel(String(l)) : String(l));
  const ticks = valueTicks(data.flatMap((d) => [d.current, d.previous ?? 0, d.lastYear ?? 0]));
  const domain: [number, number] = [0, ticks[ticks.length - 1]!];
  const dots = data.length <= 31;
  return (
    <Box role="img" aria-label={label} sx={{ width: '100%', height }}>
      <ResponsiveContainer width="100%" height="100%">
        <ComposedChart data={data as ComparisonDatum[]} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
          <CartesianGrid stroke={c.grid} strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="label" tick={tick} tickFormatter={labelOf} axisLine={false} tickLine={false} minTickGap={10} />
          <YAxis ticks={ticks} domain={domain} interval={0} tick={tick} tickFormatter={(v: number) => (formatTick ?? format)(v)} width={64} axisLine={false} tickLine={false} />
          <Tooltip
            {...tooltipStyle(c)}
            cursor={kind === 'bar' ? { fill: c.grid, opacity: 0.4 } : { stroke: c.grid }}
            labelFormatter={labelOf}
            formatter={(v, name) => [format(Number(v)), names[name as keyof typeof names] ?? String(name)]}
          />
          <Line type="monotone" dataKey="lastYear" stroke={colours.lastYear} strokeWidth={2} dot={false} activeDot={{ r: 3 }} isAnimationActive={false} connectNulls />
          <Line type="monotone" dataKey="previous" stroke={colours.previous} strokeWidth={1.5} strokeDasharray="5 4" dot={false} activeDot={{ r: 3 }} isAnimationActive={false} connectNulls />
          {kind === 'bar' ? (
            <Bar dataKey="current" fill={colours.current} radius={[4, 4, 0, 0]} maxBarSize={32} isAnimationActive={false} />
          ) : (
            <Line
              type="monotone"
              dataKey="current"
              stroke={colours.current}
              strokeWidth={2.5}
              dot={dots ? { r: 2.5, fill: colours.current } : false}
              activeDot={{ r: 4 }}
              isAnimationActive={false}
            />
          )}
        </ComposedChart>
      </ResponsiveContainer>
    </Box>
  );
}
