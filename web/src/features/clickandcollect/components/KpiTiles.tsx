import type { ReactNode } from 'react';
import { Box, Card, Skeleton, Stack, Tooltip, Typography } from '@mui/material';
import ArrowUpwardRoundedIcon from '@mui/icons-material/ArrowUpwardRounded';
import ArrowDownwardRoundedIcon from '@mui/icons-material/ArrowDownwardRounded';
import ArrowForwardRoundedIcon from '@mui/icons-material/ArrowForwardRounded';
import { alpha } from '@mui/material/styles';
import { HelpTooltip } from '../../../components/Tooltip';
import { NO_REFERENCE_TEXT } from '../../flash/format';
import { trend, type Better } from '../format';

export interface Tile {
  key: string;
  label: string;
  /** The figure as shown. */
  value: string;
  /** Raw figures for the change, this period and the previous one. */
  current: number;
  previous: number;
  /** The previous figure as shown (tooltip). */
  previousText: string;
  better?: Better;
  /** Shown instead of the percentage change (e.g. a share's change in points). */
  changeText?: string;
  help?: ReactNode;
  /** No previous figure to compare with: a line of context instead of the chip. */
  note?: string;
}

/** The change chip: green when it is good news, red when not, the arrow giving the direction. */
export function TrendChip({ tile, comparedTo, compact }: { tile: Tile; comparedTo: string; compact?: boolean }) {
  const t = trend(tile.current, tile.previous, tile.better);
  const Icon = t.dir === 'up' ? ArrowUpwardRoundedIcon : t.dir === 'down' ? ArrowDownwardRoundedIcon : t.dir === 'flat' ? ArrowForwardRoundedIcon : null;
  const text = tile.changeText && t.dir !== 'none' ? tile.changeText : t.text;
  const spoken = t.dir === 'up' ? 'en hausse' : t.dir === 'down' ? 'en baisse' : t.dir === 'flat' ? 'stable' : 'sans comparaison';
  return (
    <Tooltip title={t.dir === 'none' ? NO_REFERENCE_TEXT : `${comparedTo} : ${tile.previousText}`}>
      <Box component="span" tabIndex={0} data-tone={t.tone} sx={{ position: 'relative', display: 'inline-flex', alignItems: 'center', gap: 0.75, flexWrap: 'wrap', outline: 'none' }}>
        <Box
          component="span"
          sx={(th) => {
            const c = t.tone === 'good' ? th.palette.success.main : t.tone === 'bad' ? th.palette.error.main : th.palette.text.secondary;
            return { display: 'inline-flex', alignItems: 'center', gap: 0.25, px: 0.625, py: 0.125, borderRadius: 1, fontSize: '0.75rem', fontWeight: 700, color: c, backgroundColor: alpha(c, 0.1), fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' };
          }}
        >
          {Icon && <Icon sx={{ fontSize: 14 }} aria-hidden />}
          {text}
          <Box component="span" sx={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>
            {` ${spoken}${compact ? ' par rapport à la période précédente' : ''}`}
          </Box>
        </Box>
        {!compact && (
          <Typography component="span" variant="caption" sx={{ color: 'text.secondary' }}>
            vs période précédente
          </Typography>
        )}
      </Box>
    </Tooltip>
  );
}

/** The figures of the period, each with its change against the previous period. */
export function KpiTiles({ tiles, caption, comparedTo }: { tiles: Tile[]; caption: string; comparedTo: string }) {
  return (
    <Card component="section" aria-label="Chiffres de la période" sx={{ minWidth: 0 }}>
      <Typography variant="caption" component="p" sx={{ px: 2, pt: 1.25, pb: 1, color: 'text.secondary', borderBottom: 1, borderColor: 'divider' }}>
        {caption}
      </Typography>
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: `repeat(${tiles.length}, minmax(0, 1fr))` },
          // Two columns on a phone, one row from md: a rule between neighbours, never on the outer edge.
          '& > *': { borderColor: 'divider', borderStyle: 'solid', borderWidth: 0 },
          '& > *:nth-of-type(even)': { borderLeftWidth: { xs: 1, md: 1 } },
          '& > *:nth-of-type(n+3)': { borderTopWidth: { xs: 1, md: 0 }, borderLeftWidth: { md: 1 } },
          '& > *:nth-of-type(odd):nth-of-type(n+3)': { borderLeftWidth: { xs: 0, md: 1 } },
        }}
      >
        {tiles.map((tile) => (
          <Box key={tile.key} role="group" aria-label={tile.label} sx={{ p: { xs: 1.5, sm: 2 }, minWidth: 0, display: 'flex', flexDirection: 'column', gap: 0.5 }}>
            <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
              <Typography variant="body2" sx={{ color: 'text.secondary', fontWeight: 500, fontSize: { xs: '0.75rem', sm: '0.8125rem' } }}>
                {tile.label}
              </Typography>
              {tile.help && <HelpTooltip title={tile.help} label={`À propos : ${tile.label}`} />}
            </Stack>
            <Typography
              className="kpi-value"
              sx={{ fontSize: { xs: '1.125rem', sm: '1.5rem' }, fontWeight: 700, lineHeight: 1.2, fontVariantNumeric: 'tabular-nums', letterSpacing: '-0.01em', whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }}
            >
              {tile.value}
            </Typography>
            {tile.note !== undefined ? (
              <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                {tile.note}
              </Typography>
            ) : (
              <TrendChip tile={tile} comparedTo={comparedTo} />
            )}
          </Box>
        ))}
      </Box>
    </Card>
  );
}

export function KpiTilesSkeleton({ count }: { count: number }) {
  return (
    <Card aria-busy aria-label="Chiffres de la période" sx={{ minWidth: 0 }}>
      <Box sx={{ px: 2, py: 1.25, borderBottom: 1, borderColor: 'divider' }}>
        <Skeleton variant="text" width="50%" />
      </Box>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: `repeat(${count}, minmax(0, 1fr))` } }}>
        {Array.from({ length: count }, (_, i) => (
          <Box key={i} sx={{ p: 2 }}>
            <Skeleton variant="text" width="60%" />
            <Skeleton variant="text" width="80%" height={36} />
            <Skeleton variant="text" width="50%" />
          </Box>
        ))}
      </Box>
    </Card>
  );
}
