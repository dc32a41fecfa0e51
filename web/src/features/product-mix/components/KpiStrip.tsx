import type { ReactNode } from 'react';
import { Box, Card, Skeleton, Stack, Typography } from '@mui/material';
import { Change } from '../../flash/components/Change';
import { cellBorders, kpiGrid } from '../../flash/components/PeriodSection';
import { rangeText } from '../../flash/format';
import { formatCents, formatInteger, formatPercent } from '../../reports/format';
import { productsText, unitsText } from '../format';
import type { ProductMix } from '../types';

export const PREVIOUS_LABEL = 'vs période précédente';
export const MARGIN_UNKNOWN_TEXT = 'Marge inconnue';

function Cell({ label, value, children }: { label: string; value: ReactNode; children?: ReactNode }) {
  return (
    <Box role="group" aria-label={label} sx={{ p: { xs: 1.5, sm: 2 }, minWidth: 0, display: 'flex', flexDirection: 'column', gap: 0.5 }}>
      <Typography variant="body2" sx={{ color: 'text.secondary', fontWeight: 500, fontSize: { xs: '0.75rem', sm: '0.8125rem' } }}>
        {label}
      </Typography>
      <Typography
        className="kpi-value"
        sx={{ fontSize: { xs: '1.125rem', sm: '1.5rem' }, fontWeight: 700, lineHeight: 1.2, fontVariantNumeric: 'tabular-nums', letterSpacing: '-0.01em', whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }}
      >
        {value}
      </Typography>
      <Stack spacing={0.25} sx={{ alignItems: 'flex-start', minWidth: 0 }}>
        {children}
      </Stack>
    </Box>
  );
}

const Note = ({ children }: { children: ReactNode }) => (
  <Typography variant="caption" sx={{ color: 'text.secondary', lineHeight: 1.35 }}>
    {children}
  </Typography>
);

/**
 * The period at a glance: products and units sold, revenue TTC and HT against the previous period,
 * and the margin of the products whose purchase price the cartes give, with the share of the HT
 * revenue it covers (« inconnue » when no product sold has one).
 */
export function KpiStrip({ data }: { data: ProductMix }) {
  const t = data.totals;
  const m = t.margin;
  const money = (c: number) => formatCents(c, data.currency);
  const previous = `${rangeText(data.previous, data.previousUntil)}`;
  return (
    <Card component="section" aria-label="Chiffres de la période" sx={{ minWidth: 0 }}>
      <Typography variant="caption" component="p" sx={{ px: 2, pt: 1.25, pb: 1, color: 'text.secondary', borderBottom: 1, borderColor: 'divider' }}>
        {`${rangeText(data)} · Comparé à : ${previous} (période précédente)`}
      </Typography>
      <Box sx={{ ...kpiGrid, ...cellBorders }}>
        <Cell label="Produits vendus" value={formatInteger(t.products)}>
          <Note>{unitsText(t.quantity)}</Note>
          <Change value={t.quantity} reference={t.previousQuantity} label={PREVIOUS_LABEL} detail={`${previous} : ${unitsText(t.previousQuantity)}`} />
        </Cell>
        <Cell label="CA TTC" value={money(t.revenueCents)}>
          <Change value={t.revenueCents} reference={t.previousRevenueCents} label={PREVIOUS_LABEL} detail={`${previous} : ${money(t.previousRevenueCents)}`} />
          <Note>{`dont options : ${money(t.optionsRevenueCents)}`}</Note>
        </Cell>
        <Cell label="CA HT" value={money(t.htCents)}>
          <Note>Chaque ligne au taux de TVA de sa vente</Note>
        </Cell>
        {m.knownProducts === 0 ? (
          <Cell label="Marge" value={<Box component="span" sx={{ color: 'text.secondary' }}>{MARGIN_UNKNOWN_TEXT}</Box>}>
            <Note>Aucun produit vendu n'a de prix d'achat dans les cartes.</Note>
          </Cell>
        ) : (
          <Cell label="Marge (prix d'achat connus)" value={money(m.marginCents)}>
            <Note>{`Taux : ${formatPercent(m.rate)} du CA HT couvert`}</Note>
            <Note>
              {`Couvre ${formatPercent(m.knownShare)} du CA HT (${productsText(m.knownProducts)})`}
              {m.unknownProducts > 0 && ` ; ${productsText(m.unknownProducts)} sans prix d'achat : marge inconnue`}
            </Note>
          </Cell>
        )}
      </Box>
    </Card>
  );
}

export function KpiStripSkeleton() {
  return (
    <Card aria-busy aria-label="Chiffres de la période" sx={{ minWidth: 0 }}>
      <Box sx={{ px: 2, py: 1.25, borderBottom: 1, borderColor: 'divider' }}>
        <Skeleton variant="text" width="50%" />
      </Box>
      <Box sx={{ ...kpiGrid, ...cellBorders }}>
        {[0, 1, 2, 3].map((i) => (
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
