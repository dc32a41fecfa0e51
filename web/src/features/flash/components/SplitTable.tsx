import { Box, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import { formatCents, formatInteger, formatPercent } from '../../reports/format';
import { share } from '../format';
import type { FlashSplit } from '../types';
import { Change } from './Change';

export interface SplitTableProps {
  /** Accessible name: 'Par type de commande (EUR)'. */
  label: string;
  /** Header of the first column: 'Type de commande', 'Source'. */
  keyHeader: string;
  rows: readonly FlashSplit[];
  currency: string;
  /** The period's revenue in this currency: the whole each share is taken of. */
  revenueCents: number;
  /** 'vs mercredi dernier', for the trend column's header. */
  previousLabel: string;
}

const numeric = { whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' } as const;

/** Orders and revenue of one breakdown (order type or source) with its share of the revenue and its trend. */
export function SplitTable({ label, keyHeader, rows, currency, revenueCents, previousLabel }: SplitTableProps) {
  if (rows.length === 0) {
    return (
      <Typography variant="body2" sx={{ color: 'text.secondary', px: 2, py: 3 }}>
        Aucune commande sur cette période
      </Typography>
    );
  }
  return (
    <TableContainer sx={{ overflowX: 'auto', contain: 'inline-size' }}>
      <Table size="small" aria-label={label} sx={{ '& th': { fontWeight: 600, fontSize: '0.75rem', color: 'text.secondary', lineHeight: 1.3 }, '& th, & td': { px: { xs: 1, sm: 2 } } }}>
        <TableHead>
          <TableRow>
            <TableCell>{keyHeader}</TableCell>
            <TableCell align="right">Commandes</TableCell>
            <TableCell align="right">CA TTC</TableCell>
            <TableCell align="right">Part du CA</TableCell>
            <TableCell align="right">{`Évolution ${previousLabel}`}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => {
            const part = share(row.revenueCents, revenueCents);
            return (
              <TableRow key={row.key} hover sx={{ '&:last-child td': { borderBottom: 0 } }}>
                <TableCell sx={{ fontWeight: 500 }}>{row.label}</TableCell>
                <TableCell align="right" sx={numeric}>
                  {formatInteger(row.orders)}
                </TableCell>
                <TableCell align="right" sx={{ ...numeric, fontWeight: 600 }}>
                  {formatCents(row.revenueCents, currency)}
                </TableCell>
                <TableCell align="right" sx={numeric}>
                  <Box sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
                    <Box aria-hidden sx={{ width: 48, height: 6, borderRadius: 3, bgcolor: 'action.hover', overflow: 'hidden', display: { xs: 'none', sm: 'block' } }}>
                      <Box sx={{ width: `${Math.min(100, part)}%`, height: '100%', bgcolor: 'primary.main', borderRadius: 3 }} />
                    </Box>
                    {formatPercent(part, 1)}
                  </Box>
                </TableCell>
                <TableCell align="right">
                  <Change
                    value={row.revenueCents}
                    reference={row.previousRevenueCents}
                    detail={`${previousLabel.replace(/^vs /, '')} : ${formatInteger(row.previousOrders)} commande${row.previousOrders > 1 ? 's' : ''}, ${formatCents(row.previousRevenueCents, currency)}`}
                  />
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
