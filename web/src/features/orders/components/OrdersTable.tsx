import {
  Box,
  Card,
  LinearProgress,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
  Typography,
} from '@mui/material';
import { alpha } from '@mui/material/styles';
import { EmptyState } from '../../../components/EmptyState';
import { ErrorBlock } from '../../../components/ErrorBlock';
import { LoadingPanel } from '../../../components/LoadingPanel';
import { errorMessage } from '../../../api/client';
import {
  count,
  dateTimeIn,
  shortDateTimeIn,
  LIST_TITLES,
  money,
  orderType,
  PAGE_SIZES,
  sourceName,
  statusOf,
  type OrderPage,
  type OrderSource,
} from '../format';
import { StatusBadge, StatusLegend } from './Status';

export interface OrdersTableProps {
  source: OrderSource;
  data: OrderPage | undefined;
  loading: boolean;
  fetching: boolean;
  error: unknown;
  onRetry: () => void;
  page: number;
  pageSize: number;
  onPageChange: (page: number) => void;
  onPageSizeChange: (size: number) => void;
  selectedId: number | null;
  onSelect: (id: number) => void;
  currency: string;
  timeZone?: string;
}

/** 'Liste Commandes - …': one page of orders from the server, the chosen one highlighted. */
export function OrdersTable(props: OrdersTableProps) {
  const { source, data, loading, fetching, error, onRetry, page, pageSize, selectedId, onSelect, currency, timeZone } = props;
  const title = LIST_TITLES[source];
  const rows = data?.items ?? [];
  const total = data?.total ?? 0;
  const collect = source === 'clickncollect';

  return (
    <Card component="section" aria-labelledby="orders-title" sx={{ display: 'flex', flexDirection: 'column', minWidth: 0 }}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ px: 2, py: 1.5, alignItems: { xs: 'flex-start', sm: 'center' }, justifyContent: 'space-between' }}
      >
        <Box>
          <Typography id="orders-title" variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
            {title}
          </Typography>
          {data && (
            <Typography variant="caption" sx={{ color: 'text.secondary' }}>
              {total === 0 ? 'Aucune commande' : `${count(total)} commande${total > 1 ? 's' : ''}`}
            </Typography>
          )}
        </Box>
        <StatusLegend />
      </Stack>
      <Box sx={{ height: 2 }}>{fetching && !loading && <LinearProgress sx={{ height: 2 }} aria-label="Actualisation" />}</Box>
      {loading ? (
        <LoadingPanel minHeight={320} />
      ) : error ? (
        <Box sx={{ p: 2 }}>
          <ErrorBlock message={errorMessage(error)} onRetry={onRetry} />
        </Box>
      ) : rows.length === 0 ? (
        <EmptyState minHeight={320} />
      ) : (
        <TableContainer sx={{ maxHeight: { md: 'calc(100vh - 360px)' }, minHeight: 240 }}>
          <Table size="small" stickyHeader aria-labelledby="orders-title" sx={{ '& th, & td': { px: 1.25 }, '& th:first-of-type, & td:first-of-type': { pl: 2 } }}>
            <TableHead>
              <TableRow>
                <TableCell>{collect ? 'N° commande' : 'Commande'}</TableCell>
                <TableCell>Date paiement</TableCell>
                <TableCell>{collect ? 'Type' : 'Équipement'}</TableCell>
                <TableCell align="right">Total</TableCell>
                <TableCell>Statut</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((row) => {
                const selected = row.id === selectedId;
                const { tone } = statusOf(row.status);
                return (
                  <TableRow
                    key={row.id}
                    hover
                    selected={selected}
                    aria-selected={selected}
                    tabIndex={0}
                    onClick={() => onSelect(row.id)}
                    onKeyDown={(e) => {
                      if (e.key === 'Enter' || e.key === ' ') {
                        e.preventDefault();
                        onSelect(row.id);
                      }
                    }}
                    sx={(theme) => ({
                      cursor: 'pointer',
                      '& td:first-of-type': { boxShadow: `inset 3px 0 0 ${theme.palette[tone].main}` },
                      '&.Mui-selected, &.Mui-selected:hover': { backgroundColor: alpha(theme.palette.primary.main, 0.12) },
                      '&.Mui-selected td:first-of-type': { boxShadow: `inset 3px 0 0 ${theme.palette.primary.main}` },
                      '&:focus-visible': { outline: `2px solid ${theme.palette.primary.main}`, outlineOffset: -2 },
                    })}
                  >
                    <TableCell sx={{ fontWeight: 600, fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
                      <Box component="span" title={row.id_cmd} sx={{ display: 'block', maxWidth: 150, overflow: 'hidden', textOverflow: 'ellipsis' }}>
                        {row.id_cmd}
                      </Box>
                    </TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }} title={dateTimeIn(row.paid_at, timeZone)}>
                      {shortDateTimeIn(row.paid_at, timeZone)}
                    </TableCell>
                    <TableCell>
                      {collect ? (
                        orderType(row.type)
                      ) : (
                        <>
                          <Typography variant="body2" noWrap sx={{ maxWidth: 140, lineHeight: 1.3 }}>
                            {row.equipement || sourceName(row.source)}
                          </Typography>
                          <Typography variant="caption" noWrap component="div" sx={{ color: 'text.secondary', lineHeight: 1.3 }}>
                            {orderType(row.type)}
                          </Typography>
                        </>
                      )}
                    </TableCell>
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap', fontWeight: 600, fontVariantNumeric: 'tabular-nums' }}>
                      {money(row.totalCents, row.currency || currency)}
                    </TableCell>
                    <TableCell>
                      <StatusBadge status={row.status} />
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      <TablePagination
        component="div"
        count={total}
        page={pageSize === -1 ? 0 : page}
        rowsPerPage={pageSize}
        rowsPerPageOptions={PAGE_SIZES.map((s) => (typeof s === 'number' ? s : { label: s.label, value: s.value }))}
        onPageChange={(_, next) => props.onPageChange(next)}
        onRowsPerPageChange={(e) => props.onPageSizeChange(Number(e.target.value))}
        labelRowsPerPage="Lignes par page"
        labelDisplayedRows={({ from, to, count: n }) => `${from}–${to} sur ${n}`}
        getItemAriaLabel={(type) => (type === 'next' ? 'Page suivante' : type === 'previous' ? 'Page précédente' : type === 'first' ? 'Première page' : 'Dernière page')}
        sx={{ borderTop: 1, borderColor: 'divider', mt: 'auto' }}
      />
    </Card>
  );
}
