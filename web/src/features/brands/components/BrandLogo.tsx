import { Avatar } from '@mui/material';
import { useImageUrl } from '../../menus/productImages';

export interface BrandLogoProps {
  name: string;
  logo?: string;
  primaryColor?: string;
  secondaryColor?: string;
  size?: number;
}

/** The brand's initials, for a brand without logo (or while it loads). */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  return words.slice(0, 2).map((w) => w[0]!.toLocaleUpperCase('fr-FR')).join('') || '?';
}

/** A brand's logo (an https address or an uploaded image), or its initials in its colours. */
export function BrandLogo({ name, logo = '', primaryColor, secondaryColor, size = 56 }: BrandLogoProps) {
  const { url } = useImageUrl('brands', logo);
  return (
    <Avatar
      src={url ?? undefined}
      alt={`Logo ${name}`}
      variant="rounded"
      sx={{
        width: size,
        height: size,
        fontSize: size * 0.38,
        fontWeight: 700,
        bgcolor: url ? 'transparent' : (primaryColor ?? 'primary.main'),
        color: secondaryColor ?? 'common.white',
        border: 2,
        borderColor: secondaryColor ?? 'divider',
        '& img': { objectFit: 'contain' },
      }}
    >
      {initials(name)}
    </Avatar>
  );
}
