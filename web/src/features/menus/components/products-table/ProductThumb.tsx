import { memo, useEffect, useState } from 'react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { Avatar, Skeleton } from '@mui/material';
import FastfoodOutlinedIcon from '@mui/icons-material/FastfoodOutlined';
import { api, toApiError } from '../../../../api/client';
import { isDirectImage } from '../../productImages';

/** A product image's bytes, read through the API client (Bearer) and cached for the session. */
const thumbQuery = (path: string) =>
  queryOptions({
    queryKey: ['images', 'products', path] as const,
    queryFn: async ({ signal }): Promise<Blob> => {
      const { data, error, response } = await api.GET('/api/v1/images/{kind}/{file}', {
        params: { path: { kind: 'products', file: path } },
        parseAs: 'blob',
        signal,
      });
      if (!response.ok || !(data instanceof Blob)) throw toApiError(response, error);
      return data;
    },
    enabled: path !== '' && !isDirectImage(path),
    staleTime: Infinity,
    retry: false,
  });

/** A product's picture, small; fetched only while its row is drawn. */
export const ProductThumb = memo(function ProductThumb({ path, name }: { path: string; name: string }) {
  const query = useQuery(thumbQuery(path));
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

  const src = isDirectImage(path) ? path : url;
  if (path && !isDirectImage(path) && query.isPending) return <Skeleton variant="rounded" width={32} height={32} />;
  return (
    <Avatar
      variant="rounded"
      src={src ?? undefined}
      alt={src ? name : undefined}
      sx={{ width: 32, height: 32, bgcolor: 'action.hover', color: 'text.disabled' }}
    >
      <FastfoodOutlinedIcon fontSize="small" />
    </Avatar>
  );
});
