import { Box, Tooltip, Typography } from '@mui/material';
import { Change } from '../../flash/components/Change';
import type { ReportColumn } from '../../reports/components/ReportTable';
import { formatCents, formatInteger, formatPercent } from '../../reports/format';
import { CONFLICT_PRICE_TEXT, gain, PREVIOUS_NAME, rankChangeSpoken, rankChangeText, UNKNOWN_PRICE_TEXT } from '../format';
import type { MixOption, MixProduct } from '../types';

const visuallyHidden = { position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' } as const;

/** '▲ 3' in green, '▼ 2' in red, '=' muted, 'Nouveau' in blue; its meaning spoken for screen readers. */
export function RankChange({ row }: { row: Pick<MixProduct, 'rank' | 'previousRank' | 'rankChange'> }) {
  const text = rankChangeText(row);
  const c = row.rankChange ?? 0;
  const colour = row.rank == null ? 'text.secondary' : row.previousRank == null ? 'primary.main' : c > 0 ? 'success.dark' : c < 0 ? 'error.main' : 'text.secondary';
  return (
    <Box component="span" sx={{ position: 'relative', fontSize: '0.75rem', fontWeight: 600, color: colour, whiteSpace: 'nowrap' }}>
      <span aria-hidden>{text}</span>
      <Box component="span" sx={visuallyHidden}>{rankChangeSpoken(row)}</Box>
    </Box>
  );
}

function ProductName({ name, category }: { name: string; category: string }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="body2" sx={{ fontWeight: 600, lineHeight: 1.3 }}>
        {name}
      </Typography>
      <Typography variant="caption" sx={{ color: 'text.secondary' }}>
        {category}
      </Typography>
    </Box>
  );
}

function Unknown({ conflict }: { conflict?: boolean }) {
  const text = conflict ? CONFLICT_PRICE_TEXT : UNKNOWN_PRICE_TEXT;
  return (
    <Tooltip title={text}>
      <Box component="span" tabIndex={0} aria-label={text} sx={{ color: 'text.disabled', cursor: 'help' }}>
        —
      </Box>
    </Tooltip>
  );
}

const lowest = Number.NEGATIVE_INFINITY;

/** The ranking: every product sold on the period, sortable by each figure. */
export function rankingColumns(currency: string): ReportColumn<MixProduct>[] {
  return [
    { key: 'rank', header: 'Rang', align: 'right', width: 56, render: (p) => formatInteger(p.rank ?? 0), sortValue: (p) => p.rank ?? Number.MAX_SAFE_INTEGER },
    { key: 'name', header: 'Produit', render: (p) => <ProductName name={p.name} category={p.category} />, sortValue: (p) => p.name },
    { key: 'quantity', header: 'Unités', align: 'right', nowrap: true, render: (p) => formatInteger(p.quantity), sortValue: (p) => p.quantity },
    { key: 'revenue', header: 'CA TTC', align: 'right', nowrap: true, render: (p) => formatCents(p.revenueCents, currency), sortValue: (p) => p.revenueCents },
    { key: 'share', header: 'Part du CA', align: 'right', nowrap: true, render: (p) => formatPercent(p.share), sortValue: (p) => p.share },
    {
      key: 'trend',
      header: 'Tendance',
      help: "Évolution du CA TTC et du rang par rapport à la période précédente de même durée.",
      align: 'right',
      render: (p) => (
        <Box sx={{ display: 'inline-flex', flexDirection: 'column', alignItems: 'flex-end', gap: 0.25 }}>
          <Change value={p.revenueCents} reference={p.previousRevenueCents} detail={`${PREVIOUS_NAME} : ${formatCents(p.previousRevenueCents, currency)}`} />
          <RankChange row={p} />
        </Box>
      ),
      sortValue: (p) => p.trend ?? lowest,
    },
    {
      key: 'margin',
      header: 'Marge',
      help: "CA HT − unités × prix d'achat des cartes ; « — » quand le prix d'achat est inconnu.",
      align: 'right',
      nowrap: true,
      render: (p) => (p.marginCents == null ? <Unknown conflict={p.priceConflict} /> : formatCents(p.marginCents, currency)),
      sortValue: (p) => p.marginCents ?? lowest,
    },
    {
      key: 'marginRate',
      header: 'Taux de marge',
      align: 'right',
      nowrap: true,
      render: (p) => (p.marginRate == null ? <Unknown conflict={p.priceConflict} /> : formatPercent(p.marginRate)),
      sortValue: (p) => p.marginRate ?? lowest,
    },
  ];
}

/** Risers and fallers: the revenue gained or lost, the largest first. */
export function moversColumns(currency: string): ReportColumn<MixProduct>[] {
  return [
    { key: 'name', header: 'Produit', render: (p) => <ProductName name={p.name} category={p.category} />, sortValue: (p) => p.name },
    { key: 'revenue', header: 'CA TTC', align: 'right', nowrap: true, render: (p) => formatCents(p.revenueCents, currency), sortValue: (p) => p.revenueCents },
    { key: 'previous', header: 'CA précédent', align: 'right', nowrap: true, render: (p) => formatCents(p.previousRevenueCents, currency), sortValue: (p) => p.previousRevenueCents },
    {
      key: 'gain',
      header: 'Écart',
      align: 'right',
      nowrap: true,
      render: (p) => {
        const g = gain(p);
        return (
          <Box component="span" sx={{ fontWeight: 600, color: g > 0 ? 'success.dark' : g < 0 ? 'error.main' : undefined }}>
            {`${g > 0 ? '+' : g < 0 ? '\u2212' : ''}${formatCents(Math.abs(g), currency)}`}
          </Box>
        );
      },
      sortValue: (p) => gain(p),
    },
    {
      key: 'trend',
      header: 'Évolution',
      align: 'right',
      render: (p) => <Change value={p.revenueCents} reference={p.previousRevenueCents} detail={`${PREVIOUS_NAME} : ${formatCents(p.previousRevenueCents, currency)}`} />,
      sortValue: (p) => p.trend ?? lowest,
    },
    { key: 'rankChange', header: 'Rang', align: 'right', render: (p) => <RankChange row={p} />, sortValue: (p) => p.rankChange ?? lowest },
    { key: 'quantity', header: 'Unités (avant)', align: 'right', nowrap: true, render: (p) => `${formatInteger(p.quantity)} (${formatInteger(p.previousQuantity)})`, sortValue: (p) => p.quantity },
  ];
}

/** The options: the most sold first. */
export function optionColumns(currency: string): ReportColumn<MixOption>[] {
  return [
    { key: 'rank', header: 'Rang', align: 'right', width: 56, render: (o) => formatInteger(o.rank ?? 0), sortValue: (o) => o.rank ?? Number.MAX_SAFE_INTEGER },
    { key: 'name', header: 'Option', render: (o) => <ProductName name={o.name} category={o.group} />, sortValue: (o) => o.name },
    { key: 'quantity', header: 'Unités', align: 'right', nowrap: true, render: (o) => formatInteger(o.quantity), sortValue: (o) => o.quantity },
    { key: 'revenue', header: 'CA TTC', align: 'right', nowrap: true, render: (o) => formatCents(o.revenueCents, currency), sortValue: (o) => o.revenueCents },
    { key: 'share', header: 'Part des options', align: 'right', nowrap: true, render: (o) => formatPercent(o.share), sortValue: (o) => o.share },
    {
      key: 'trend',
      header: 'Tendance',
      align: 'right',
      render: (o) => (
        <Box sx={{ display: 'inline-flex', flexDirection: 'column', alignItems: 'flex-end', gap: 0.25 }}>
          <Change value={o.revenueCents} reference={o.previousRevenueCents} detail={`${PREVIOUS_NAME} : ${formatCents(o.previousRevenueCents, currency)}`} />
          <RankChange row={o} />
        </Box>
      ),
      sortValue: (o) => o.trend ?? lowest,
    },
  ];
}
