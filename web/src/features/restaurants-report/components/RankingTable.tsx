import { useMemo, useState } from 'react';
import { Box, Chip, Stack, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, TableSortLabel } from '@mui/material';
import { AVERAGE_LABEL, METRICS, TOTAL_LABEL, type MetricKey } from '../format';
import type { RestaurantComparison, RestaurantFigures, RestaurantRow } from '../types';
import { Evolution } from './Evolution';

const num = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

type SortKey = 'name' | MetricKey;

/**
 * Every restaurant on every metric, with its change against the previous period; sortable on each
 * column (a click on a header, again to reverse). A row chooses the restaurant in focus.
 */
export function RankingTable({ data, focusId, onFocus }: { data: RestaurantComparison; focusId: number; onFocus: (id: number) => void }) {
  const [sort, setSort] = useState<{ key: SortKey; desc: boolean }>({ key: 'revenue', desc: true });
  const rows = useMemo(() => {
    const list = [...(data.restaurants ?? [])];
    if (sort.key === 'name') {
      list.sort((a, b) => a.name.localeCompare(b.name, 'fr') * (sort.desc ? -1 : 1));
      return list;
    }
    const m = METRICS.find((x) => x.key === sort.key)!;
    list.sort((a, b) => {
      const va = m.value(a.current);
      const vb = m.value(b.current);
      if (va === null || vb === null) return va === vb ? 0 : va === null ? 1 : -1;
      return (va - vb) * (sort.desc ? -1 : 1) || a.name.localeCompare(b.name, 'fr');
    });
    return list;
  }, [data, sort]);
  const header = (key: SortKey, label: string, align: 'left' | 'right' = 'right') => (
    <TableCell key={key} align={align} sortDirection={sort.key === key ? (sort.desc ? 'desc' : 'asc') : false} sx={{ whiteSpace: 'nowrap', fontWeight: 600 }}>
      <TableSortLabel
        active={sort.key === key}
        direction={sort.key === key && !sort.desc ? 'asc' : 'desc'}
        onClick={() => setSort((s) => ({ key, desc: s.key === key ? !s.desc : key !== 'name' }))}
      >
        {label}
      </TableSortLabel>
    </TableCell>
  );
  const cells = (f: RestaurantFigures, before: RestaurantFigures | null, strong?: boolean) =>
    METRICS.map((m) => {
      const v = m.value(f);
      return (
        <TableCell key={m.key} align="right" sx={{ ...num, fontWeight: strong ? 700 : undefined }}>
          <Stack sx={{ alignItems: 'flex-end', gap: 0.25 }}>
            <span>{m.show(v, data.currency)}</span>
            {before && <Evolution value={v} reference={m.value(before)} higherIsBetter={m.higherIsBetter} />}
          </Stack>
        </TableCell>
      );
    });
  return (
    <TableContainer sx={{ overflowX: 'auto', maxHeight: 640 }}>
      <Table size="small" stickyHeader aria-label="Classement des restaurants sur tous les indicateurs">
        <TableHead>
          <TableRow>
            <TableCell sx={{ fontWeight: 600 }}>#</TableCell>
            {header('name', 'Restaurant', 'left')}
            {METRICS.map((m) => header(m.key, m.short))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((r: RestaurantRow, i) => (
            <TableRow
              key={r.restaurantId}
              hover
              selected={r.restaurantId === focusId}
              onClick={() => onFocus(r.restaurantId)}
              sx={{ cursor: 'pointer' }}
            >
              <TableCell sx={{ ...num, color: 'text.secondary' }}>{i + 1}</TableCell>
              <TableCell component="th" scope="row" sx={{ minWidth: 160 }}>
                <Box
                  component="button"
                  type="button"
                  aria-pressed={r.restaurantId === focusId}
                  onClick={(e) => {
                    e.stopPropagation();
                    onFocus(r.restaurantId);
                  }}
                  sx={{ all: 'unset', cursor: 'pointer', fontWeight: 600, whiteSpace: 'nowrap', '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main' } }}
                >
                  {r.name}
                </Box>
                {r.archived && <Chip size="small" label="Archivé" sx={{ ml: 1, height: 20 }} />}
              </TableCell>
              {cells(r.current, r.previous)}
            </TableRow>
          ))}
        </TableBody>
        <TableBody sx={{ '& td, & th': { borderTop: 2, borderTopColor: 'divider', bgcolor: 'action.hover' } }}>
          <TableRow>
            <TableCell />
            <TableCell component="th" scope="row" sx={{ fontWeight: 700 }}>{AVERAGE_LABEL}</TableCell>
            {cells(data.average.current, data.average.previous)}
          </TableRow>
          <TableRow>
            <TableCell />
            <TableCell component="th" scope="row" sx={{ fontWeight: 700 }}>{TOTAL_LABEL}</TableCell>
            {cells(data.franchise.current, data.franchise.previous, true)}
          </TableRow>
        </TableBody>
      </Table>
    </TableContainer>
  );
}
