import { useMemo, useState } from 'react';
import {
  Box,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableFooter,
  TableHead,
  TablePagination,
  TableRow,
  Tooltip,
  Typography,
} from '@mui/material';
import { alpha, type Theme } from '@mui/material/styles';
import WarningAmberRoundedIcon from '@mui/icons-material/WarningAmberRounded';
import { formatCents, formatInteger } from '../../reports/format';
import { DEFAULT_PAGE_SIZE, REPORT_PAGE_SIZES, ROWS_PER_PAGE_LABEL, displayedRows, pageSizeOptions } from '../../reports/components';
import { equipmentLabel, zColumns, zGroups, zIdentityIssues, zTotals, type ZColumn, type ZRow } from '../zColumns';

const RESTAURANT_WIDTH = 180;
const EQUIPMENT_WIDTH = 170;
const GROUP_ROW_HEIGHT = 34;

export interface ZTableProps {
  rows: readonly ZRow[];
  /** The currency the answer states for its rows: the total row's. Each row is shown in its own. */
  currency: string;
}

const groupStart = (c: ZColumn, i: number) => i === 0 || zColumns[i - 1]?.group !== c.group;

/** The edge between column groups, so the eye finds Totaux / TVA / Paiements / Commandes. */
const groupBorder = (theme: Theme) => `1px solid ${theme.palette.divider}`;

/**
 * The wide Z table: one row per restaurant and equipment, the two naming columns kept in view
 * while the figures scroll sideways, and a total row over every row (not only the page shown).
 */
export function ZTable({ rows, currency }: ZTableProps) {
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(DEFAULT_PAGE_SIZE);
  const totals = useMemo(() => zTotals(rows), [rows]);

  // A new answer (other range or restaurant) starts again on its first page.
  const [seen, setSeen] = useState(rows);
  if (seen !== rows) {
    setSeen(rows);
    setPage(0);
  }

  const visible = pageSize === -1 ? rows : rows.slice(page * pageSize, page * pageSize + pageSize);
  const show = (c: ZColumn, v: number, code: string) => (c.kind === 'money' ? formatCents(v, code) : formatInteger(v));
  // Amounts of different currencies are never added: the total row only sums rows of one currency.
  const oneCurrency = rows.every((r) => (r.currency || currency) === currency);

  // On a phone only the restaurant stays in view while the figures scroll: two sticky columns would fill the screen.
  const stickyCell = (left: number, width: number, extra: object = {}) => ({
    position: 'sticky',
    left: left === 0 ? 0 : { xs: 'auto', sm: left },
    minWidth: width,
    maxWidth: width,
    width,
    zIndex: 2,
    backgroundColor: 'background.paper',
    ...extra,
  });

  return (
    <Box>
      <TableContainer sx={{ maxHeight: 'calc(100vh - 290px)', minHeight: 240 }}>
        <Table
          size="small"
          stickyHeader
          aria-label="Z Équipement"
          sx={{
            borderCollapse: 'separate',
            '& td, & th': { whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' },
            '& tbody tr:hover td': { backgroundColor: (t) => alpha(t.palette.primary.main, 0.04) },
          }}
        >
          <TableHead>
            <TableRow>
              <TableCell
                rowSpan={2}
                sx={{ ...stickyCell(0, RESTAURANT_WIDTH), zIndex: 4, verticalAlign: 'bottom', fontWeight: 600 }}
              >
                Restaurant
              </TableCell>
              <TableCell
                rowSpan={2}
                sx={(t) => ({
                  ...stickyCell(RESTAURANT_WIDTH, EQUIPMENT_WIDTH),
                  zIndex: 4,
                  verticalAlign: 'bottom',
                  fontWeight: 600,
                  borderRight: groupBorder(t),
                  boxShadow: `4px 0 6px -4px ${alpha(t.palette.text.primary, 0.15)}`,
                })}
              >
                Équipement
              </TableCell>
              {zGroups.map((g) => (
                <TableCell
                  key={g.id}
                  align="center"
                  colSpan={zColumns.filter((c) => c.group === g.id).length}
                  sx={(t) => ({
                    height: GROUP_ROW_HEIGHT,
                    py: 0.5,
                    fontSize: '0.72rem',
                    letterSpacing: '0.06em',
                    textTransform: 'uppercase',
                    color: 'text.secondary',
                    borderRight: groupBorder(t),
                    backgroundColor: alpha(t.palette.primary.main, t.palette.mode === 'dark' ? 0.12 : 0.05),
                  })}
                >
                  {g.label}
                </TableCell>
              ))}
            </TableRow>
            <TableRow>
              {zColumns.map((c, i) => (
                <TableCell
                  key={c.id}
                  align="right"
                  sx={(t) => ({
                    top: GROUP_ROW_HEIGHT,
                    fontWeight: 600,
                    minWidth: c.kind === 'money' ? 112 : 96,
                    borderLeft: groupStart(c, i) && i > 0 ? groupBorder(t) : undefined,
                  })}
                >
                  <Tooltip title={c.help} placement="top" describeChild>
                    <Box component="span" sx={{ cursor: 'help', borderBottom: '1px dotted', borderColor: 'text.disabled' }}>
                      {c.label}
                    </Box>
                  </Tooltip>
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {visible.map((r) => {
              const issues = zIdentityIssues(r);
              return (
                <TableRow key={`${r.restaurantId}-${r.equipmentId}`}>
                  <TableCell component="th" scope="row" sx={stickyCell(0, RESTAURANT_WIDTH, { fontWeight: 500, overflow: 'hidden', textOverflow: 'ellipsis' })} title={r.pseudo}>
                    {r.pseudo}
                  </TableCell>
                  <TableCell
                    sx={(t) => ({
                      ...stickyCell(RESTAURANT_WIDTH, EQUIPMENT_WIDTH),
                      borderRight: groupBorder(t),
                      boxShadow: `4px 0 6px -4px ${alpha(t.palette.text.primary, 0.15)}`,
                    })}
                  >
                    <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.75, minWidth: 0 }}>
                      <Box component="span" sx={{ overflow: 'hidden', textOverflow: 'ellipsis' }} title={equipmentLabel(r)}>
                        {equipmentLabel(r)}
                      </Box>
                      {issues.length > 0 && (
                        <Tooltip title={`Totaux incohérents : ${issues.join(' ; ')}`}>
                          <WarningAmberRoundedIcon aria-label="Totaux incohérents" sx={{ fontSize: 16, color: 'warning.main' }} />
                        </Tooltip>
                      )}
                    </Box>
                  </TableCell>
                  {zColumns.map((c, i) => {
                    const v = c.value(r);
                    return (
                      <TableCell
                        key={c.id}
                        align="right"
                        sx={(t) => ({
                          color: v === 0 ? 'text.disabled' : 'text.primary',
                          fontWeight: c.id === 'totalWithPlatform' ? 600 : 400,
                          borderLeft: groupStart(c, i) && i > 0 ? groupBorder(t) : undefined,
                        })}
                      >
                        {show(c, v, r.currency || currency)}
                      </TableCell>
                    );
                  })}
                </TableRow>
              );
            })}
          </TableBody>
          <TableFooter>
            <TableRow
              sx={(t) => ({
                '& td, & th': {
                  position: 'sticky',
                  bottom: 0,
                  zIndex: 1,
                  fontWeight: 700,
                  fontSize: '0.8125rem',
                  color: 'text.primary',
                  borderTop: `2px solid ${t.palette.divider}`,
                  borderBottom: 'none',
                  backgroundColor: t.palette.mode === 'dark' ? t.palette.grey[900] : t.palette.grey[50],
                },
              })}
            >
              <TableCell component="th" scope="row" sx={{ left: 0, zIndex: '3 !important', minWidth: RESTAURANT_WIDTH }}>
                Total
              </TableCell>
              <TableCell sx={(t) => ({ left: { xs: 'auto', sm: RESTAURANT_WIDTH }, zIndex: '3 !important', borderRight: groupBorder(t), fontWeight: '400 !important', color: 'text.secondary' })}>
                {`${formatInteger(rows.length)} équipement${rows.length > 1 ? 's' : ''}`}
              </TableCell>
              {zColumns.map((c, i) => (
                <TableCell key={c.id} align="right" sx={(t) => ({ borderLeft: groupStart(c, i) && i > 0 ? groupBorder(t) : undefined })}>
                  {c.kind === 'money' && !oneCurrency ? '—' : show(c, totals[c.id] ?? 0, currency)}
                </TableCell>
              ))}
            </TableRow>
          </TableFooter>
        </Table>
      </TableContainer>
      <TablePagination
        component="div"
        count={rows.length}
        page={pageSize === -1 ? 0 : page}
        rowsPerPage={pageSize}
        rowsPerPageOptions={pageSizeOptions(REPORT_PAGE_SIZES)}
        onPageChange={(_, next) => setPage(next)}
        onRowsPerPageChange={(e) => {
          setPageSize(Number(e.target.value));
          setPage(0);
        }}
        labelRowsPerPage={ROWS_PER_PAGE_LABEL}
        labelDisplayedRows={displayedRows}
        sx={{ borderTop: 1, borderColor: 'divider' }}
      />
      <Typography component="p" variant="caption" sx={{ px: 2, pb: 1.5, color: 'text.secondary' }}>
        Montants TTC des commandes payées. Survolez un en-tête pour le détail de chaque colonne.
      </Typography>
    </Box>
  );
}
