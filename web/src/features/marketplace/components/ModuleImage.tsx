import { Box } from '@mui/material';
import HubOutlinedIcon from '@mui/icons-material/HubOutlined';
import CableRoundedIcon from '@mui/icons-material/CableRounded';
import ShoppingBagOutlinedIcon from '@mui/icons-material/ShoppingBagOutlined';
import ExtensionOutlinedIcon from '@mui/icons-material/ExtensionOutlined';
import type { ReactNode } from 'react';

interface Visual {
  background: string;
  color: string;
  content: ReactNode;
}

/** The module illustrations, drawn by the app (the API names them by key): no image from elsewhere. */
const visuals: Record<string, Visual> = {
  uber_eats: { background: '#111111', color: '#06C167', content: 'UE' },
  deliveroo: { background: '#00CCBC', color: '#FFFFFF', content: 'D' },
  connector: { background: '#4F46E5', color: '#FFFFFF', content: <HubOutlinedIcon /> },
  connector_light: { background: '#E0E7FF', color: '#4338CA', content: <CableRoundedIcon /> },
  click_and_collect: { background: '#F97316', color: '#FFFFFF', content: <ShoppingBagOutlinedIcon /> },
};

export function ModuleImage({ image, name, size = 56 }: { image: string; name: string; size?: number }) {
  const v = visuals[image] ?? { background: '#64748B', color: '#FFFFFF', content: <ExtensionOutlinedIcon /> };
  return (
    <Box
      role="img"
      aria-label={`Logo ${name}`}
      sx={{
        width: size,
        height: size,
        flexShrink: 0,
        borderRadius: `${Math.round(size / 4)}px`,
        display: 'grid',
        placeItems: 'center',
        backgroundColor: v.background,
        color: v.color,
        fontWeight: 800,
        fontSize: size * 0.36,
        letterSpacing: '-0.02em',
        boxShadow: 'inset 0 0 0 1px rgba(0,0,0,0.06)',
        '& svg': { fontSize: size * 0.5 },
      }}
    >
      {v.content}
    </Box>
  );
}
