import type { ReactNode } from 'react';
import { Box, Card, Skeleton, Stack, Typography } from '@mui/material';
import { alpha } from '@mui/material/styles';

export interface KpiCardProps {
  label: string;
  value: ReactNode;
  icon: ReactNode;
  /** Trend chip or a short line under the value. */
  footer?: ReactNode;
  loading?: boolean;
  tone?: 'primary' | 'success' | 'warning' | 'error' | 'info';
  highlight?: boolean;
}

/** One figure with its label, icon and trend: the dashboards' top cards. */
export function KpiCard({ label, value, icon, footer, loading, tone = 'primary', highlight }: KpiCardProps) {
  return (
    <Card
      component="section"
      aria-label={label}
      sx={(theme) => ({
        p: 2,
        display: 'flex',
        flexDirection: 'column',
        gap: 1,
        minWidth: 0,
        transition: 'box-shadow 400ms, border-color 400ms',
        ...(highlight ? { borderColor: theme.palette[tone].main, boxShadow: `0 0 0 3px ${alpha(theme.palette[tone].main, 0.15)}` } : {}),
      })}
    >
      <Stack direction="row" spacing={1.25} sx={{ alignItems: 'center' }}>
        <Box
          aria-hidden
          sx={(theme) => ({
            width: 32,
            height: 32,
            borderRadius: 1.5,
            display: 'grid',
            placeItems: 'center',
            flexShrink: 0,
            color: `${tone}.main`,
            backgroundColor: alpha(theme.palette[tone].main, theme.palette.mode === 'dark' ? 0.18 : 0.1),
            '& svg': { fontSize: 18 },
          })}
        >
          {icon}
        </Box>
        <Typography variant="body2" noWrap sx={{ color: 'text.secondary', fontWeight: 500 }}>
          {label}
        </Typography>
      </Stack>
      {loading ? (
        <Skeleton variant="text" width="60%" sx={{ fontSize: '1.75rem' }} />
      ) : (
        <Typography
          className="kpi-value"
          sx={{ fontSize: '1.625rem', fontWeight: 700, lineHeight: 1.2, fontVariantNumeric: 'tabular-nums', letterSpacing: '-0.01em' }}
        >
          {value}
        </Typography>
      )}
      <Box sx={{ minHeight: 22, display: 'flex', alignItems: 'center' }}>{loading ? <Skeleton variant="text" width="40%" /> : footer}</Box>
    </Card>
  );
}
