// Images of the carte's elements, read through the generated API client; the multipart upload uses
// fetch with the same Bearer token the API client sends (the session's accessToken).
//   POST /api/v1/images (multipart: kind, file, name, moment) → 201 {path, url}
//   GET  /api/v1/images/{kind}/{file} → the image's bytes
import { useEffect, useState } from 'react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, ApiError, toApiError } from '../../api/client';
import { sessionStore } from '../../app/session';

export type ImageKind = 'products' | 'categories' | 'ingredients' | 'supplements' | 'tags' | 'brands';

export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export const IMAGE_MAX_BYTES = 2 * 1024 * 1024;
export const IMAGE_ACCEPT = IMAGE_TYPES.join(',');

/** Where an uploaded image lives: `path` goes into the element's field. */
export interface StoredImage {
  path: string;
  url: string;
}

/** Checked before uploading, in the server's terms (PNG, JPEG or WebP, 2 Mo at most). */
export function imageFileError(file: Pick<File, 'type' | 'size'>): string | null {
  if (!(IMAGE_TYPES as readonly string[]).includes(file.type)) return 'Format non accepté : choisissez une image PNG, JPEG ou WebP.';
  if (file.size > IMAGE_MAX_BYTES) return `Image trop lourde (${(file.size / (1024 * 1024)).toFixed(1).replace('.', ',')} Mo) : 2 Mo au plus.`;
  if (file.size === 0) return 'Ce fichier est vide.';
  return null;
}

function origin(): string {
  return typeof window === 'undefined' ? '' : window.location.origin;
}

function authHeaders(): Record<string, string> {
  const token = sessionStore.get()?.accessToken;
  return token ? { Authorization: `Bearer ${token}` } : {};
}

async function failure(response: Response): Promise<ApiError> {
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    body = undefined;
  }
  const problem = typeof body === 'object' && body !== null ? (body as ConstructorParameters<typeof ApiError>[1]) : undefined;
  return new ApiError(response.status, problem);
}

/** A path the browser can load directly (an old carte's absolute address). */
export const isDirectImage = (path: string) => /^(https?:|data:|blob:)/i.test(path);

export async function uploadImage(kind: ImageKind, file: File, options: { name?: string; moment?: boolean } = {}): Promise<StoredImage> {
  const form = new FormData();
  form.append('kind', kind);
  form.append('file', file);
  if (options.name?.trim()) form.append('name', options.name.trim());
  if (options.moment) form.append('moment', 'true');
  let response: Response;
  try {
    response = await globalThis.fetch(`${origin()}/api/v1/images`, { method: 'POST', body: form, headers: authHeaders() });
  } catch {
    throw new ApiError(0, undefined);
  }
  if (!response.ok) throw await failure(response);
  return (await response.json()) as StoredImage;
}

export async function fetchImage(kind: ImageKind, path: string, signal?: AbortSignal): Promise<Blob> {
  const { data, error, response } = await api.GET('/api/v1/images/{kind}/{file}', {
    params: { path: { kind, file: path } },
    parseAs: 'blob',
    signal,
  });
  // Not `instanceof Blob`: the fetch implementation's Blob may come from another realm (tests).
  if (!response.ok || !data) throw toApiError(response, error);
  return data as Blob;
}

/** An image's bytes, cached for the session (an address never changes content). */
export const imageQuery = (kind: ImageKind, path: string) =>
  queryOptions({
    queryKey: ['images', kind, path] as const,
    queryFn: ({ signal }) => fetchImage(kind, path, signal),
    enabled: path !== '' && !isDirectImage(path),
    staleTime: Infinity,
    retry: 1,
  });

/** A URL an <img> can show for a stored image: an object URL of its bytes, revoked when no longer shown. */
export function useImageUrl(kind: ImageKind, path: string): { url: string | null; loading: boolean; failed: boolean } {
  const query = useQuery(imageQuery(kind, path));
  const [url, setUrl] = useState<string | null>(null);
  const blob = query.data;
  useEffect(() => {
    if (!blob || !path || isDirectImage(path) || typeof URL.createObjectURL !== 'function') {
      setUrl(null);
      return;
    }
    const objectUrl = URL.createObjectURL(blob);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [blob, path]);
  if (!path) return { url: null, loading: false, failed: false };
  if (isDirectImage(path)) return { url: path, loading: false, failed: false };
  return { url, loading: query.isPending || (Boolean(blob) && url === null), failed: query.isError };
}
