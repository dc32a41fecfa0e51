import { memo } from 'react';
import { Avatar } from '@mui/material';
import { useImageUrl } from '../../menus/productImages';
import { InitialsAvatar } from './InitialsAvatar';

/**
 * A sold product's picture (the `image` of its sales row, from the franchise's cartes); its initials
 * only when it has none, or while and if the image cannot be read.
 */
export const ProductImage = memo(function ProductImage({ path, name, size = 36 }: { path?: string | null; name: string; size?: number }) {
  const { url } = useImageUrl('products', path ?? '');
  if (!url) return <InitialsAvatar name={name} size={size} />;
  return <Avatar variant="rounded" src={url} alt={name} sx={{ width: size, height: size, borderRadius: 1.5, bgcolor: 'action.hover' }} />;
});
