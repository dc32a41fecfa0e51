import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, toApiError, unwrap } from '../../api/client';
import type { components } from '../../api/schema';
import { dispositionFileName } from '../menus/catalogue';

export type Accounting = components['schemas']['Accounting'];
export type AccountingFormat = 'csv' | 'xlsx';

/** What the Z of the day is asked for: one business day, a restaurant (0: all), a currency. */
export interface ZDayParams {
  /** yyyy-mm-dd */
  date: string;
  restaurantId: number;
  currency?: string;
}

/** The accounting export's parameters: a period, a restaurant (0: all), a currency. */
export interface AccountingParams {
  start: string;
  end: string;
  restaurantId: number;
  currency?: string;
}

export const PREVIEW_LINES = 10;

export const ACCOUNTING_FORMATS: readonly { format: AccountingFormat; label: string; help: string }[] = [
  { format: 'csv', label: 'CSV', help: 'UTF-8 avec BOM, séparateur « ; », virgule décimale, dates JJ/MM/AAAA' },
  { format: 'xlsx', label: 'Excel (.xlsx)', help: 'Nombres et dates réels, format 1 234,56' },
];

const withCurrency = <T extends { currency?: string }>(p: T): T => (p.currency ? p : { ...p, currency: undefined });

export const accountingKeys = {
  all: ['accounting'] as const,
  preview: (p: AccountingParams) => [...accountingKeys.all, 'preview', p] as const,
};

/** The journal's columns and first lines (the screen's preview), with the number of lines. */
export const accountingPreviewQuery = (p: AccountingParams) =>
  queryOptions({
    queryKey: accountingKeys.preview(p),
    queryFn: (): Promise<Accounting> =>
      unwrap(api.GET('/api/v1/reports/accounting/preview', { params: { query: { ...withCurrency(p), limit: PREVIEW_LINES } } })),
    placeholderData: keepPreviousData,
  });

/** A downloaded file and the name the server gives it (Content-Disposition). */
export interface Downloaded {
  blob: Blob;
  fileName: string;
}

/** The Z of the day as a PDF, fetched through the authenticated client (bearer token). */
export async function downloadZPdf(p: ZDayParams): Promise<Downloaded> {
  const { data, error, response } = await api.GET('/api/v1/reports/z.pdf', {
    params: { query: withCurrency(p) },
    parseAs: 'blob',
  });
  if (!response.ok || !data) throw toApiError(response, error);
  const blob = data instanceof Blob ? data : new Blob([], { type: 'application/pdf' });
  return { blob: blob.type === 'application/pdf' ? blob : new Blob([blob], { type: 'application/pdf' }), fileName: dispositionFileName(response.headers.get('Content-Disposition')) ?? `Z ${p.date}.pdf` };
}

/** The accounting journal as CSV or xlsx. */
export async function downloadAccounting(p: AccountingParams, format: AccountingFormat): Promise<Downloaded> {
  const { data, error, response } = await api.GET('/api/v1/reports/accounting', {
    params: { query: { ...withCurrency(p), format } },
    parseAs: 'blob',
  });
  if (!response.ok || !data) throw toApiError(response, error);
  return {
    blob: data as Blob,
    fileName: dispositionFileName(response.headers.get('Content-Disposition')) ?? `journal-comptable_${p.start}_${p.end}.${format}`,
  };
}
