import { useEffect, useMemo, useState, type ReactNode } from 'react';
import {
  Box,
  LinearProgress,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableFooter,
  TableHead,
  TablePagination,
  TableRow,
  TableSortLabel,
  Tooltip,
  Typography,
} from '@mui/material';
import type { SxProps, Theme } from '@mui/material/styles';
import { EMPTY_TEXT } from '../../../components/EmptyState';
import { ErrorBlock } from '../../../components/ErrorBlock';
import { LoadingPanel } from '../../../components/LoadingPanel';
import { errorText } from './states';

/** Page sizes of the performance and report tables (spec §9); -1 shows every row. */
export const REPORT_PAGE_SIZES = [5, 10, 25, -1] as const;
export const DEFAULT_PAGE_SIZE = 25;
export const ALL_ROWS = -1;
export const ALL_ROWS_LABEL = 'Tout';
export const ROWS_PER_PAGE_LABEL = 'Lignes par page :';

export interface ReportColumn<T> {
  key: string;
  header: ReactNode;
  /** Explains the column (an (i) icon in the header). */
  help?: ReactNode;
  align?: 'left' | 'right' | 'center';
  render: (row: T, index: number) => ReactNode;
  /** Makes the column sortable (client pagination only). */
  sortValue?: (row: T) => number | string;
  /** Style of a body cell, e.g. a colour band. */
  cellSx?: (row: T) => SxProps<Theme>;
  /** A footer (total) cell. */
  footer?: ReactNode;
  width?: number | string;
  /** Keeps the column on one line. */
  nowrap?: boolean;
}

/** Server-side pagination: the table shows `rows` as one page of `total`. */
export interface ServerPagination {
  page: number;
  pageSize: number;
  total: number;
  onPageChange: (page: number) => void;
  /** Called with the new size; the caller goes back to page 0. */
  onPageSizeChange: (pageSize: number) => void;
}

export interface ReportTableProps<T> {
  /** Accessible name of the table (usually the card title). */
  label: string;
  columns: readonly ReportColumn<T>[];
  rows: readonly T[] | undefined;
  rowKey: (row: T, index: number) => string | number;
  loading?: boolean;
  /** Refetching while the previous rows stay on screen. */
  refreshing?: boolean;
  error?: unknown;
  onRetry?: () => void;
  emptyText?: string;
  /** Omit for client-side pagination over `rows`. */
  server?: ServerPagination;
  pageSizes?: readonly number[];
  defaultPageSize?: number;
  /** Initial client-side sort. */
  defaultSort?: { key: string; direction: 'asc' | 'desc' };
  /** Fixed body height with a sticky header (e.g. 'All' on long lists); none by default. */
  maxHeight?: number | string;
  onRowClick?: (row: T) => void;
  selectedKey?: string | number | null;
  dense?: boolean;
}

const collator = new Intl.Collator('fr', { sensitivity: 'base', numeric: true });

/** The labels MUI's pagination shows, in French. */
export function displayedRows({ from, to, count }: { from: number; to: number; count: number }): string {
  return `${from}–${to} sur ${count !== -1 ? count : `plus de ${to}`}`;
}

/** The pagination choices: 5, 10, 25 and 'Tout' (-1). */
export function pageSizeOptions(sizes: readonly number[]) {
  return sizes.map((size) => (size === ALL_ROWS ? { label: ALL_ROWS_LABEL, value: ALL_ROWS } : size));
}

/**
 * The report table: French headers with optional help, numbers right-aligned, optional band colours,
 * client or server pagination with page sizes 5, 10, 25 (default) and Tout; a page-size change
 * returns to the first page.
 */
export function ReportTable<T>({
  label,
  columns,
  rows,
  rowKey,
  loading,
  refreshing,
  error,
  onRetry,
  emptyText = EMPTY_TEXT,
  server,
  pageSizes = REPORT_PAGE_SIZES,
  defaultPageSize = DEFAULT_PAGE_SIZE,
  defaultSort,
  maxHeight,
  onRowClick,
  selectedKey,
  dense = true,
}: ReportTableProps<T>) {
  const [clientPage, setClientPage] = useState(0);
  const [clientSize, setClientSize] = useState(defaultPageSize);
  const [sort, setSort] = useState(defaultSort ?? null);
  const all = useMemo(() => rows ?? [], [rows]);

  const sorted = useMemo(() => {
    if (server || !sort) return all;
    const column = columns.find((c) => c.key === sort.key);
    if (!column?.sortValue) return all;
    const value = column.sortValue;
    const factor = sort.direction === 'asc' ? 1 : -1;
    return [...all].sort((a, b) => {
      const va = value(a);
      const vb = value(b);
      const cmp = typeof va === 'number' && typeof vb === 'number' ? va - vb : collator.compare(String(va), String(vb));
      return cmp * factor;
    });
  }, [all, columns, server, sort]);

  const count = server ? server.total : sorted.length;
  const page = server ? server.page : clientPage;
  const size = server ? server.pageSize : clientSize;

  // New data shorter than the current page (a narrower range): back to a page that exists.
  useEffect(() => {
    if (server || clientSize === ALL_ROWS) return;
    const lastPage = Math.max(0, Math.ceil(sorted.length / clientSize) - 1);
    if (clientPage > lastPage) setClientPage(lastPage);
  }, [server, sorted.length, clientSize, clientPage]);

  const visible = server || size === ALL_ROWS ? sorted : sorted.slice(page * size, page * size + size);
  const hasFooter = columns.some((c) => c.footer !== undefined);

  const changePage = (next: number) => (server ? server.onPageChange(next) : setClientPage(next));
  const changeSize = (next: number) => {
    if (server) server.onPageSizeChange(next);
    else {
      setClientSize(next);
      setClientPage(0);
    }
  };
  const toggleSort = (key: string) => {
    setClientPage(0);
    setSort((s) => (s?.key === key ? { key, direction: s.direction === 'asc' ? 'desc' : 'asc' } : { key, direction: 'desc' }));
  };

  if (loading && all.length === 0) return <LoadingPanel minHeight={200} />;
  if (error && all.length === 0) {
    return (
      <Box sx={{ p: 2 }}>
        <ErrorBlock message={errorText(error)} onRetry={onRetry} />
      </Box>
    );
  }

  return (
    <Box sx={{ position: 'relative', minWidth: 0 }}>
      {(refreshing || (loading && all.length > 0)) && (
        <LinearProgress aria-label="Mise à jour" sx={{ position: 'absolute', top: 0, left: 0, right: 0, height: 2, zIndex: 3 }} />
      )}
      {/* A wide table scrolls inside its card; `contain` keeps its width out of the page grid's sizing, so the card never pushes past the viewport. */}
      <TableContainer sx={{ maxHeight, overflowX: 'auto', contain: 'inline-size' }}>
        <Table size={dense ? 'small' : 'medium'} stickyHeader={maxHeight !== undefined} aria-label={label}>
          <TableHead>
            <TableRow>
              {columns.map((c) => (
                <TableCell
                  key={c.key}
                  align={c.align}
                  sortDirection={sort?.key === c.key ? sort.direction : false}
                  sx={{
                    width: c.width,
                    // Long French headers wrap rather than push columns out of the card.
                    whiteSpace: c.nowrap ? 'nowrap' : 'normal',
                    lineHeight: 1.3,
                    verticalAlign: 'bottom',
                    fontWeight: 600,
                    fontSize: '0.75rem',
                    color: 'text.secondary',
                    backgroundColor: 'background.paper',
                  }}
                >
                  {c.sortValue && !server ? (
                    <TableSortLabel
                      active={sort?.key === c.key}
                      direction={sort?.key === c.key ? sort.direction : 'desc'}
                      onClick={() => toggleSort(c.key)}
                    >
                      <HeaderText column={c} />
                    </TableSortLabel>
                  ) : (
                    <HeaderText column={c} />
                  )}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {visible.length === 0 ? (
              <TableRow>
                <TableCell colSpan={columns.length} align="center" sx={{ py: 6, borderBottom: 0 }}>
                  <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                    {emptyText}
                  </Typography>
                </TableCell>
              </TableRow>
            ) : (
              visible.map((row, i) => {
                const key = rowKey(row, i);
                return (
                  <TableRow
                    key={key}
                    hover
                    selected={selectedKey !== undefined && selectedKey === key}
                    onClick={onRowClick ? () => onRowClick(row) : undefined}
                    sx={{ cursor: onRowClick ? 'pointer' : undefined, '&:last-child td': { borderBottom: hasFooter ? undefined : 0 } }}
                  >
                    {columns.map((c) => (
                      <TableCell
                        key={c.key}
                        align={c.align}
                        sx={[
                          { whiteSpace: c.nowrap || c.align === 'right' ? 'nowrap' : undefined, fontVariantNumeric: 'tabular-nums' },
                          ...(c.cellSx ? [c.cellSx(row)].flat() : []),
                        ] as SxProps<Theme>}
                      >
                        {c.render(row, (server ? 0 : page * (size === ALL_ROWS ? 0 : size)) + i)}
                      </TableCell>
                    ))}
                  </TableRow>
                );
              })
            )}
          </TableBody>
          {hasFooter && visible.length > 0 && (
            <TableFooter>
              <TableRow>
                {columns.map((c) => (
                  <TableCell
                    key={c.key}
                    align={c.align}
                    sx={{ fontWeight: 700, color: 'text.primary', fontSize: '0.8125rem', whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}
                  >
                    {c.footer}
                  </TableCell>
                ))}
              </TableRow>
            </TableFooter>
          )}
        </Table>
      </TableContainer>
      <TablePagination
        component="div"
        count={count}
        page={size === ALL_ROWS ? 0 : Math.min(page, Math.max(0, Math.ceil(count / Math.max(1, size)) - 1))}
        rowsPerPage={size}
        rowsPerPageOptions={pageSizeOptions(pageSizes)}
        onPageChange={(_, next) => changePage(next)}
        onRowsPerPageChange={(e) => changeSize(Number(e.target.value))}
        labelRowsPerPage={ROWS_PER_PAGE_LABEL}
        labelDisplayedRows={displayedRows}
        getItemAriaLabel={(type) =>
          type === 'first' ? 'Première page' : type === 'last' ? 'Dernière page' : type === 'next' ? 'Page suivante' : 'Page précédente'
        }
        sx={{
          borderTop: 1,
          borderColor: 'divider',
          '& .MuiTablePagination-toolbar': { minHeight: 44, pl: 1.5, pr: 0.5, flexWrap: 'wrap', justifyContent: 'flex-end' },
          '& .MuiTablePagination-input': { mr: 2, ml: 0.5 },
          '& .MuiTablePagination-actions': { ml: 1 },
        }}
      />
    </Box>
  );
}

/** A header; with help, the text itself carries the explanation (dotted underline, tooltip on hover or focus). */
function HeaderText<T>({ column }: { column: ReportColumn<T> }) {
  if (!column.help) return <>{column.header}</>;
  return (
    <Tooltip title={column.help} describeChild placement="top">
      <Box
        component="span"
        tabIndex={0}
        sx={{ textDecoration: 'underline dotted', textUnderlineOffset: '3px', textDecorationColor: 'currentColor', cursor: 'help' }}
      >
        {column.header}
      </Box>
    </Tooltip>
  );
}
