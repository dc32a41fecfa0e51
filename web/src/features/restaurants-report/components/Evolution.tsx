import { Box } from '@mui/material';
import { change, formatChange } from '../../flash/format';

const hidden = { position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' } as const;

/**
 * '▲ +12,50 %' / '▼ −4,00 %' against the previous period, green when it is good news and red when
 * it is not (a longer exit time or more cancellations going up is bad), '—' without a reference.
 */
export function Evolution({ value, reference, higherIsBetter = true, title }: { value: number | null; reference: number | null; higherIsBetter?: boolean; title?: string }) {
  const pct = value === null || reference === null ? null : change(value, reference);
  const rounded = pct === null || !Number.isFinite(pct) ? null : Math.round(pct * 100) / 100;
  const dir = rounded === null ? 'none' : rounded > 0 ? 'up' : rounded < 0 ? 'down' : 'flat';
  const good = dir === 'flat' || dir === 'none' ? null : (dir === 'up') === higherIsBetter;
  const spoken = dir === 'up' ? 'en hausse' : dir === 'down' ? 'en baisse' : dir === 'flat' ? 'stable' : 'sans comparaison';
  return (
    <Box
      component="span"
      data-trend={dir}
      title={title}
      sx={{
        position: 'relative',
        display: 'inline-flex',
        alignItems: 'center',
        gap: 0.25,
        fontSize: '0.75rem',
        fontWeight: 600,
        fontVariantNumeric: 'tabular-nums',
        whiteSpace: 'nowrap',
        color: good === null ? 'text.secondary' : good ? 'success.main' : 'error.main',
      }}
    >
      {dir === 'up' && <span aria-hidden>▲</span>}
      {dir === 'down' && <span aria-hidden>▼</span>}
      {formatChange(rounded)}
      <Box component="span" sx={hidden}>{spoken}</Box>
    </Box>
  );
}
