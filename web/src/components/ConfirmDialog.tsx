import { useId, type ReactNode } from 'react';
import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';
import { alpha } from '@mui/material/styles';
import HelpOutlineRoundedIcon from '@mui/icons-material/HelpOutlineRounded';

export type ConfirmTone = 'error' | 'warning' | 'primary';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  /** The question, naming what is about to happen. */
  message: ReactNode;
  /** A second, quieter line: consequences, how to undo. */
  warning?: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  tone?: ConfirmTone;
  icon?: ReactNode;
  /** True while the action runs: the confirm button shows progress and both buttons wait. */
  pending?: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}

/** Asks before an action that is hard to undo (delete, archive, revoke…). */
export function ConfirmDialog({
  open,
  title,
  message,
  warning,
  confirmLabel,
  cancelLabel = 'Annuler',
  tone = 'primary',
  icon,
  pending = false,
  onCancel,
  onConfirm,
}: ConfirmDialogProps) {
  const id = useId();
  return (
    <Dialog
      open={open}
      onClose={pending ? undefined : onCancel}
      maxWidth="xs"
      fullWidth
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
    >
      <DialogTitle id={`${id}-title`} sx={{ display: 'flex', alignItems: 'center', gap: 1.5, pb: 1 }}>
        <Box
          aria-hidden
          sx={(theme) => ({
            width: 40,
            height: 40,
            flexShrink: 0,
            borderRadius: '12px',
            display: 'grid',
            placeItems: 'center',
            color: `${tone}.main`,
            backgroundColor: alpha(theme.palette[tone].main, 0.1),
          })}
        >
          {icon ?? <HelpOutlineRoundedIcon />}
        </Box>
        {title}
      </DialogTitle>
      <DialogContent>
        <Typography id={`${id}-text`} component="div" variant="body2" sx={{ color: 'text.primary' }}>
          {message}
        </Typography>
        {warning && (
          <Typography component="div" variant="body2" sx={{ color: 'text.secondary', mt: 1.5 }}>
            {warning}
          </Typography>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button onClick={onCancel} disabled={pending} color="inherit">
          {cancelLabel}
        </Button>
        <Button onClick={onConfirm} variant="contained" color={tone} loading={pending}>
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
