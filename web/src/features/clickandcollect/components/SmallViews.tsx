import { Table, TableBody, TableCell, TableContainer, TableHead, TableRow } from '@mui/material';
import type { ReactNode } from 'react';

const num = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

export interface SimpleColumn<T> {
  key: string;
  header: string;
  align?: 'left' | 'right';
  render: (row: T) => ReactNode;
}

/** A chart's table view: every figure the chart draws, in rows (sticky header, scrolls inside its card). */
export function ChartTable<T>({ label, columns, rows, rowKey }: { label: string; columns: SimpleColumn<T>[]; rows: readonly T[]; rowKey: (row: T) => string }) {
  return (
    <TableContainer sx={{ maxHeight: 420, overflowX: 'auto' }}>
      <Table size="small" stickyHeader aria-label={label} sx={{ '& td, & th': { px: { xs: 1, sm: 2 } } }}>
        <TableHead>
          <TableRow>
            {columns.map((c) => (
              <TableCell key={c.key} align={c.align}>
                {c.header}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((r) => (
            <TableRow key={rowKey(r)} hover>
              {columns.map((c, i) =>
                i === 0 ? (
                  <TableCell key={c.key} component="th" scope="row" sx={{ whiteSpace: 'nowrap', fontWeight: 500 }}>
                    {c.render(r)}
                  </TableCell>
                ) : (
                  <TableCell key={c.key} align={c.align} sx={c.align === 'right' ? num : undefined}>
                    {c.render(r)}
                  </TableCell>
                ),
              )}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
