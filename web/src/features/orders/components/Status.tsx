import { Box, Stack, Typography } from '@mui/material';
import { alpha } from '@mui/material/styles';
import { statusOf, type StatusTone } from '../format';

export function StatusDot({ tone }: { tone: StatusTone }) {
  return <Box aria-hidden component="span" sx={{ width: 8, height: 8, borderRadius: '50%', bgcolor: `${tone}.main`, flexShrink: 0 }} />;
}

/**
 * The status as a coloured badge with its own label: Payée green, En attente orange, and in red
 * Annulée, Remboursée, Remboursée en partie, Paiement refusé (spec §4: anything else red).
 */
export function StatusBadge({ status }: { status: string }) {
  const { label, tone } = statusOf(status);
  return (
    <Box
      component="span"
      data-tone={tone}
      sx={(theme) => ({
        display: 'inline-flex',
        alignItems: 'center',
        gap: 0.75,
        px: 1,
        py: 0.25,
        borderRadius: 1,
        fontSize: '0.75rem',
        fontWeight: 600,
        whiteSpace: 'nowrap',
        color: theme.palette.mode === 'dark' ? `${tone}.light` : `${tone}.dark`,
        backgroundColor: alpha(theme.palette[tone].main, theme.palette.mode === 'dark' ? 0.18 : 0.1),
      })}
    >
      <StatusDot tone={tone} />
      {label}
    </Box>
  );
}

/** The spec's legend, verbatim; the red one also covers refunds and refused payments, as its hint says. */
const LEGEND: { label: string; tone: StatusTone; hint?: string }[] = [
  { label: 'payé', tone: 'success' },
  { label: 'En attente', tone: 'warning' },
  { label: 'Annulé', tone: 'error', hint: 'Annulée, remboursée, remboursée en partie ou paiement refusé : hors ventes' },
];

/** The list's legend (spec §2.1): payé green, En attente orange, Annulé red. */
export function StatusLegend() {
  return (
    <Stack direction="row" spacing={2} component="ul" aria-label="Légende" sx={{ listStyle: 'none', m: 0, p: 0, flexWrap: 'wrap' }}>
      {LEGEND.map((item) => (
        <Stack key={item.label} component="li" direction="row" spacing={0.75} sx={{ alignItems: 'center' }} data-tone={item.tone} title={item.hint}>
          <StatusDot tone={item.tone} />
          <Typography variant="caption" sx={{ color: 'text.secondary', fontWeight: 500 }}>
            {item.label}
          </Typography>
        </Stack>
      ))}
    </Stack>
  );
}
