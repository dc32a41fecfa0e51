import { useTheme } from '@mui/material/styles';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { Box, Typography } from '@mui/material';
import { count, money } from '../format';
import type { HourPoint } from './HourlyRevenueChart';

// The chart library (recharts, about 100 kB gzip) is loaded only here, from HourlyRevenueChart's
// import(): the dashboard draws its figures first and the bars when this chunk arrives.

/** 'Chiffre d'affaires par heure': bars in one currency (the total's), orders in the tooltip. */
export default function HourlyRevenueBars({ data, currency }: { data: HourPoint[]; currency: string }) {
  const theme = useTheme();
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
