import { Box, Stack, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Tooltip, Typography } from '@mui/material';
import { Change } from '../../flash/components/Change';
import { donutColour } from '../../reports/components/charts';
import { formatCents, formatInteger, formatPercent } from '../../reports/format';
import { CURRENT_NAME, PREVIOUS_NAME } from '../format';
import type { MixCategory } from '../types';

/** How many categories get their own colour; the rest are « Autres catégories ». */
const MAX_SEGMENTS = 8;
const OTHERS = 'Autres catégories';

interface Segment {
  name: string;
  colour: string;
  share: number;
  revenueCents: number;
}

/** The categories as segments of 100 %, the largest first, the smallest folded into one grey segment. */
export function segments(categories: readonly MixCategory[], which: 'current' | 'previous'): Segment[] {
  const colours = new Map(categories.map((c, i) => [c.name, i < MAX_SEGMENTS ? donutColour(i) : '#94a3b8']));
  const value = (c: MixCategory) => (which === 'current' ? c.share : c.previousShare);
  const cents = (c: MixCategory) => (which === 'current' ? c.revenueCents : c.previousRevenueCents);
  const out: Segment[] = [];
  let rest: Segment | null = null;
  categories.forEach((c, i) => {
    if (i < MAX_SEGMENTS) {
      out.push({ name: c.name, colour: colours.get(c.name)!, share: value(c), revenueCents: cents(c) });
      return;
    }
    rest ??= { name: OTHERS, colour: '#94a3b8', share: 0, revenueCents: 0 };
    rest.share += value(c);
    rest.revenueCents += cents(c);
  });
  if (rest) out.push(rest);
  return out.filter((s) => s.revenueCents !== 0);
}

function Bar({ label, items, currency }: { label: string; items: Segment[]; currency: string }) {
  const spoken = items.map((s) => `${s.name} ${formatPercent(s.share)}`).join(', ');
  return (
    <Stack spacing={0.5} sx={{ minWidth: 0 }}>
      <Typography variant="caption" sx={{ color: 'text.secondary', fontWeight: 600 }}>
        {label}
      </Typography>
      <Box role="img" aria-label={`${label} : ${spoken || 'aucune vente'}`} sx={{ display: 'flex', height: 28, borderRadius: 1, overflow: 'hidden', backgroundColor: 'action.hover' }}>
        {items.map((s) => (
          <Tooltip key={s.name} title={`${s.name} : ${formatPercent(s.share)} · ${formatCents(s.revenueCents, currency)}`} placement="top">
            <Box sx={{ flex: `${Math.max(s.share, 0)} 1 0`, minWidth: s.share > 0 ? 2 : 0, backgroundColor: s.colour, borderRight: '1px solid', borderColor: 'background.paper' }} />
          </Tooltip>
        ))}
      </Box>
    </Stack>
  );
}

/** The category mix drawn as two 100 % bars, the period over the previous one, with a legend in HTML. */
export function CategoryBars({ categories, currency }: { categories: readonly MixCategory[]; currency: string }) {
  const now = segments(categories, 'current');
  const before = segments(categories, 'previous');
  return (
    <Stack spacing={2} sx={{ minWidth: 0 }}>
      <Bar label={CURRENT_NAME} items={now} currency={currency} />
      <Bar label={PREVIOUS_NAME} items={before} currency={currency} />
      <Box component="ul" aria-label="Légende" sx={{ listStyle: 'none', m: 0, p: 0, display: 'flex', flexWrap: 'wrap', columnGap: 2, rowGap: 0.75 }}>
        {now.map((s) => (
          <Box component="li" key={s.name} sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75, fontSize: '0.8125rem', minWidth: 0 }}>
            <Box component="span" aria-hidden sx={{ width: 12, height: 12, borderRadius: '3px', backgroundColor: s.colour, flexShrink: 0 }} />
            <span>{s.name}</span>
            <Box component="span" sx={{ color: 'text.secondary', fontVariantNumeric: 'tabular-nums' }}>
              {formatPercent(s.share)}
            </Box>
          </Box>
        ))}
      </Box>
    </Stack>
  );
}

/** The table view of the category mix: every category, its share now and before. */
export function CategoryTable({ categories, currency }: { categories: readonly MixCategory[]; currency: string }) {
  const num = { textAlign: 'right', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;
  return (
    <TableContainer sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label="Mix par catégorie">
        <TableHead>
          <TableRow>
            <TableCell>Catégorie</TableCell>
            <TableCell sx={num}>Unités</TableCell>
            <TableCell sx={num}>CA TTC</TableCell>
            <TableCell sx={num}>Part</TableCell>
            <TableCell sx={num}>Part précédente</TableCell>
            <TableCell sx={num}>Évolution du CA</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {categories.map((c) => (
            <TableRow key={c.name}>
              <TableCell>{c.name}</TableCell>
              <TableCell sx={num}>{formatInteger(c.quantity)}</TableCell>
              <TableCell sx={num}>{formatCents(c.revenueCents, currency)}</TableCell>
              <TableCell sx={num}>{formatPercent(c.share)}</TableCell>
              <TableCell sx={num}>{formatPercent(c.previousShare)}</TableCell>
              <TableCell sx={num}>
                <Change value={c.revenueCents} reference={c.previousRevenueCents} detail={`${PREVIOUS_NAME} : ${formatCents(c.previousRevenueCents, currency)}`} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
