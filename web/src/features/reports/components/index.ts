// Shared report pieces: the report screens and the sales screens (features/sales) import them from here.
export { DateRangeFilter, useDateRange, START_LABEL, END_LABEL } from './DateRangeFilter';
export type { DateRangeFilterProps } from './DateRangeFilter';
export {
  ReportTable,
  REPORT_PAGE_SIZES,
  DEFAULT_PAGE_SIZE,
  ALL_ROWS,
  ALL_ROWS_LABEL,
  ROWS_PER_PAGE_LABEL,
  displayedRows,
  pageSizeOptions,
} from './ReportTable';
export type { ReportColumn, ReportTableProps, ServerPagination } from './ReportTable';
export { ReportCard } from './ReportCard';
export type { ReportCardProps } from './ReportCard';
export { BandValue } from './BandCell';
export { useFranchiseCurrency, useMoney } from './useCurrency';
export { CurrencyChoice, CURRENCY_LABEL } from './CurrencyChoice';
export type { CurrencyChoiceProps } from './CurrencyChoice';
export { errorText } from './states';
export { useReportRestaurant } from './useReportRestaurant';
