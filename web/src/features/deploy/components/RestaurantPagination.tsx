import { TablePagination } from '@mui/material';
import { formatCount } from '../format';

/** Paging of the deployment screens' restaurant tables: shown only beyond one page of 25. */
export function RestaurantPagination({
  count,
  page,
  rowsPerPage,
  onPage,
  onRowsPerPage,
}: {
  count: number;
  page: number;
  rowsPerPage: number;
  onPage: (page: number) => void;
  onRowsPerPage: (rows: number) => void;
}) {
  if (count <= 25) return null;
  return (
    <TablePagination
      component="div"
      count={count}
      page={page}
      onPageChange={(_, p) => onPage(p)}
      rowsPerPage={rowsPerPage}
      onRowsPerPageChange={(e) => {
        onRowsPerPage(Number(e.target.value));
        onPage(0);
      }}
      rowsPerPageOptions={[25, 50, 100]}
      labelRowsPerPage="Restaurants par page"
      labelDisplayedRows={({ from, to, count: n }) => `${formatCount(from)}–${formatCount(to)} sur ${formatCount(n)}`}
    />
  );
}
