import { memo, useEffect, useState } from 'react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { Avatar } from '@mui/material';
import { api, toApiError } from '../../../api/client';
import { InitialsAvatar } from './InitialsAvatar';

/** A picture's address the browser loads as it is (an old carte's absolute address). */
const isDirect = (path: string) => /^(https?:|data:|blob:)/i.test(path);

/** A product image's bytes, read through the API client (Bearer) and cached for the session. */
export const productImageQuery = (path: string) =>
  queryOptions({
    queryKey: ['images', 'products', path] as const,
    queryFn: async ({ signal }): Promise<Blob> => {
      const { data, error, response } = await api.GET('/api/v1/images/{kind}/{file}', {
        params: { path: { kind: 'products', file: path } },
        parseAs: 'blob',
        signal,
      });
      // Not `instanceof Blob`: the fetch implementation's Blob may come from another realm (tests).
      if (!response.ok || !data) throw toApiError(response, error);
      return data as Blob;
    },
    enabled: path !== '' && !isDirect(path),
    staleTime: Infinity,
    retry: false,
  });

/**
 * A sold product's picture (the `image` of its sales row, from the franchise's cartes); its initials
 * only when it has none, or while and if the image cannot be read.
 */
export const ProductImage = memo(function ProductImage({ path, name, size = 36 }: { path?: string | null; name: string; size?: number }) {
  const file = path ?? '';
  const query = useQuery(productImageQuery(file));
  const blob = query.data;
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob || typeof URL.createObjectURL !== 'function') {
      setUrl(null);
      return;
    }
    const objectUrl = URL.createObjectURL(blob);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [blob]);
  const src = file && isDirect(file) ? file : url;
  if (!src) return <InitialsAvatar name={name} size={size} />;
  return <Avatar variant="rounded" src={src} alt={name} sx={{ width: size, height: size, borderRadius: 1.5, bgcolor: 'action.hover' }} />;
});
