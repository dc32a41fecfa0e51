import type { ReactNode } from 'react';
import { Box } from '@mui/material';
import type { BandColour } from '../bands';

/** A figure on its colour band (green → orange → red), as a compact pill. */
export function BandValue({ colour, children }: { colour: BandColour; children: ReactNode }) {
  return (
    <Box
      component="span"
      data-band-level={colour.level.toFixed(2)}
      sx={{
        display: 'inline-block',
        minWidth: 56,
        px: 1,
        py: 0.25,
        borderRadius: 1,
        textAlign: 'right',
        fontWeight: 600,
        fontVariantNumeric: 'tabular-nums',
        backgroundColor: colour.background,
        color: colour.color,
      }}
      style={{ backgroundColor: colour.background }}
    >
      {children}
    </Box>
  );
}
