import { ApiError } from '../../../api/client';
import { DATA_ERROR_TEXT } from '../../../components/ErrorBlock';

/** The server's French detail when there is one, else the generic data-retrieval error. */
export function errorText(error: unknown): string {
  if (error instanceof ApiError && error.detail) return error.detail;
  return DATA_ERROR_TEXT;
}
