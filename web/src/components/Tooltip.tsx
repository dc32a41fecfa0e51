import type { ReactElement, ReactNode } from 'react';
import { Box, Tooltip as MuiTooltip, type TooltipProps as MuiTooltipProps } from '@mui/material';
import InfoOutlinedIcon from '@mui/icons-material/InfoOutlined';

export interface TooltipProps {
  title: ReactNode;
  children: ReactElement;
  placement?: MuiTooltipProps['placement'];
}

/**
 * Tooltip that also works on disabled controls (MUI needs a live element to listen to),
 * and stays silent when there is nothing to say.
 */
export function Tooltip({ title, children, placement = 'top' }: TooltipProps) {
  if (!title) return children;
  return (
    <MuiTooltip title={title} placement={placement}>
      <Box component="span" sx={{ display: 'inline-flex' }}>
        {children}
      </Box>
    </MuiTooltip>
  );
}

/** A small (i) icon that explains what is next to it. */
export function HelpTooltip({ title, label = 'Informations' }: { title: ReactNode; label?: string }) {
  return (
    <MuiTooltip title={title} placement="top">
      <Box
        component="span"
        tabIndex={0}
        aria-label={label}
        role="img"
        sx={{ display: 'inline-flex', color: 'text.secondary', verticalAlign: 'middle', cursor: 'help' }}
      >
        <InfoOutlinedIcon sx={{ fontSize: 18 }} />
      </Box>
    </MuiTooltip>
  );
}
