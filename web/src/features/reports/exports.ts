import { api, toApiError } from '../../api/client';
import type { paths } from '../../api/schema';
import { dispositionFileName } from '../menus/catalogue';

type ExportOperation = paths['/api/v1/reports/export']['get'];

/** A report that exports (the report parameter of GET /api/v1/reports/export). */
export type ExportReport = NonNullable<ExportOperation['parameters']['query']>['report'];
export type ExportFormat = NonNullable<ExportOperation['parameters']['query']>['format'];
/** The report's own parameters (range, restaurant, currency, grain…), as its screen sends them. */
export type ExportParams = Omit<NonNullable<ExportOperation['parameters']['query']>, 'report' | 'format' | 'table'>;

export const EXPORT_FORMATS: readonly { format: ExportFormat; label: string }[] = [
  { format: 'xlsx', label: 'Excel (.xlsx)' },
  { format: 'csv', label: 'CSV' },
];

/**
 * Downloads a report's table (or, in xlsx without a table, all its tables) through the
 * authenticated client; the file name is the server's (Content-Disposition).
 */
export async function downloadReportExport(
  report: ExportReport,
  format: ExportFormat,
  params: ExportParams,
  table?: string,
): Promise<{ blob: Blob; fileName: string }> {
  // Empty values are left out: the server reads an absent currency or tz as its default.
  const query = Object.fromEntries(Object.entries(params).filter(([, v]) => v !== undefined && v !== '')) as ExportParams;
  const { data, error, response } = await api.GET('/api/v1/reports/export', {
    params: { query: { ...query, report, format, ...(table ? { table } : {}) } },
    parseAs: 'blob',
  });
  if (!response.ok || !data) throw toApiError(response, error);
  return { blob: data as Blob, fileName: dispositionFileName(response.headers.get('Content-Disposition')) ?? `${report}.${format}` };
}
