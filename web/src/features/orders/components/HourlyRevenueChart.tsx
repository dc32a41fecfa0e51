import { useTheme } from '@mui/material/styles';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { Box, Typography } from '@mui/material';
import { count, money, type Realtime } from '../format';

/** The hours of one currency's total (label HH). */
type ByHour = NonNullable<Realtime['totals']>[number]['byHour'];

export interface HourPoint {
  hour: number;
  label: string;
  cents: number;
  orders: number;
}

/** Every hour from the opening (8 h at the latest) to the last hour with orders (22 h at least). */
export function hourSeries(byHour: ByHour): HourPoint[] {
  const found = new Map<number, { cents: number; orders: number }>();
  for (const p of byHour ?? []) {
    const h = Number.parseInt(p.label, 10);
    if (Number.isFinite(h)) found.set(h, { cents: p.cents, orders: p.orders });
  }
  // The server lists all 24 hours: the range follows those with orders.
  const hours = [...found.entries()].filter(([, v]) => v.orders > 0 || v.cents > 0).map(([h]) => h);
  const first = Math.min(8, ...hours);
  const last = Math.max(22, ...hours);
  const out: HourPoint[] = [];
  for (let h = first; h <= last; h++) {
    const v = found.get(h) ?? { cents: 0, orders: 0 };
    out.push({ hour: h, label: `${h}h`, ...v });
  }
  return out;
}

/** 'Chiffre d'affaires par heure': bars in one currency (the total's), orders in the tooltip. */
export default function HourlyRevenueChart({ byHour, currency }: { byHour: ByHour; currency: string }) {
  const theme = useTheme();
  const data = hourSeries(byHour);
  const compact = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: currency || 'EUR', notation: 'compact', maximumFractionDigits: 1 });
  return (
    <Box sx={{ width: '100%', height: 300 }}>
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
          <CartesianGrid vertical={false} stroke={theme.palette.divider} />
          <XAxis dataKey="label" tickLine={false} axisLine={false} tick={{ fill: theme.palette.text.secondary, fontSize: 12 }} interval={0} />
          <YAxis
            tickLine={false}
            axisLine={false}
            width={64}
            tick={{ fill: theme.palette.text.secondary, fontSize: 12 }}
            tickFormatter={(v: number) => compact.format(v / 100)}
          />
          <Tooltip
            cursor={{ fill: theme.palette.action.hover }}
            content={({ active, payload }) => {
              const p = active ? (payload?.[0]?.payload as HourPoint | undefined) : undefined;
              if (!p) return null;
              return (
                <Box sx={{ bgcolor: 'background.paper', border: 1, borderColor: 'divider', borderRadius: 1.5, px: 1.5, py: 1, boxShadow: 3 }}>
                  <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                    {p.hour}h – {p.hour + 1}h
                  </Typography>
                  <Typography variant="body2" sx={{ fontWeight: 700 }}>
                    {money(p.cents, currency)}
                  </Typography>
                  <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                    {count(p.orders)} commande{p.orders > 1 ? 's' : ''}
                  </Typography>
                </Box>
              );
            }}
          />
          <Bar dataKey="cents" name="Chiffre d'affaires" fill={theme.palette.primary.main} radius={[4, 4, 0, 0]} maxBarSize={36} isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </Box>
  );
}
