import { memo } from 'react';
import { Avatar, Skeleton } from '@mui/material';
import FastfoodOutlinedIcon from '@mui/icons-material/FastfoodOutlined';
import { useImageUrl } from '../../productImages';

/** A product's picture, small; fetched only while its row is drawn. */
export const ProductThumb = memo(function ProductThumb({ path, name }: { path: string; name: string }) {
  const { url, loading } = useImageUrl('products', path);
  if (loading) return <Skeleton variant="rounded" width={32} height={32} />;
  return (
    <Avatar
      variant="rounded"
      src={url ?? undefined}
      alt={url ? name : undefined}
      sx={{ width: 32, height: 32, bgcolor: 'action.hover', color: 'text.disabled' }}
    >
      <FastfoodOutlinedIcon fontSize="small" />
    </Avatar>
  );
});
