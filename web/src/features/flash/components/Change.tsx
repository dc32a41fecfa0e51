import type { ReactNode } from 'react';
import { Box, Tooltip } from '@mui/material';
import { alpha } from '@mui/material/styles';
import ArrowUpwardRoundedIcon from '@mui/icons-material/ArrowUpwardRounded';
import ArrowDownwardRoundedIcon from '@mui/icons-material/ArrowDownwardRounded';
import ArrowForwardRoundedIcon from '@mui/icons-material/ArrowForwardRounded';
import { change, direction, formatChange, NO_REFERENCE_TEXT } from '../format';

const visuallyHidden = { position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' } as const;

export interface ChangeProps {
  value: number;
  reference: number;
  /** What it is compared with: 'vs mercredi dernier'. Shown after the percentage when given. */
  label?: string;
  /** The reference period and figure, for the tooltip. */
  detail?: ReactNode;
}

/**
 * '↑ +12,50 %' in green, '↓ −4,00 %' in red, '→ 0,00 %' muted, and '—' when the reference is 0
 * (a change from nothing means nothing). The arrow repeats the colour for who does not see it.
 */
export function Change({ value, reference, label, detail }: ChangeProps) {
  const pct = change(value, reference);
  const dir = direction(pct);
  const Icon = dir === 'up' ? ArrowUpwardRoundedIcon : dir === 'down' ? ArrowDownwardRoundedIcon : dir === 'flat' ? ArrowForwardRoundedIcon : null;
  const text = formatChange(pct);
  const spoken = dir === 'up' ? 'en hausse' : dir === 'down' ? 'en baisse' : dir === 'flat' ? 'stable' : 'sans comparaison';
  const tip = dir === 'none' ? (detail ? <>{NO_REFERENCE_TEXT}<br />{detail}</> : NO_REFERENCE_TEXT) : detail;
  const chip = (
    <Box
      component="span"
      data-trend={dir}
      tabIndex={tip ? 0 : undefined}
      // Relative: the hidden text stays inside a table that scrolls sideways instead of widening the page.
      sx={{ position: 'relative', display: 'inline-flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 0.75, rowGap: 0.25, minWidth: 0, maxWidth: '100%', outline: 'none' }}
    >
      <Box
        component="span"
        className="flash-change"
        sx={(t) => {
          const c = dir === 'up' ? t.palette.success.main : dir === 'down' ? t.palette.error.main : t.palette.text.secondary;
          return {
            display: 'inline-flex',
            alignItems: 'center',
            gap: 0.25,
            px: 0.625,
            py: 0.125,
            borderRadius: 1,
            fontSize: '0.75rem',
            fontWeight: 600,
            fontVariantNumeric: 'tabular-nums',
            whiteSpace: 'nowrap',
            color: dir === 'up' ? (t.palette.mode === 'dark' ? t.palette.success.light : t.palette.success.dark) : dir === 'down' ? t.palette.error.main : 'text.secondary',
            backgroundColor: dir === 'none' ? 'transparent' : alpha(c, t.palette.mode === 'dark' ? 0.18 : 0.1),
            '& svg': { fontSize: 14 },
          };
        }}
      >
        {Icon && <Icon aria-hidden />}
        {text}
      </Box>
      <Box component="span" sx={visuallyHidden}>{spoken}</Box>
      {label && (
        <Box component="span" sx={{ fontSize: '0.75rem', color: 'text.secondary', whiteSpace: 'nowrap' }}>
          {label}
        </Box>
      )}
    </Box>
  );
  return tip ? (
    <Tooltip title={tip} describeChild placement="top">
      {chip}
    </Tooltip>
  ) : (
    chip
  );
}
