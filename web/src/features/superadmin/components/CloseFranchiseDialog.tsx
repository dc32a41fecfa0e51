import { Box } from '@mui/material';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import LockOpenOutlinedIcon from '@mui/icons-material/LockOpenOutlined';
import type { FranchiseSummary } from '../../../api/types';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { CLOSE_LABEL, IMPERSONATE_LABEL, REOPEN_LABEL } from '../texts';

export { CLOSE_LABEL, REOPEN_LABEL };

export interface CloseFranchiseDialogProps {
  /** The franchise to close, or to reopen when it is closed. */
  franchise: FranchiseSummary;
  pending: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}

/** Says what closing (or reopening) a franchise does before it is done. */
export function CloseFranchiseDialog({ franchise, pending, onCancel, onConfirm }: CloseFranchiseDialogProps) {
  const name = `«\u00a0${franchise.name}\u00a0»`;
  if (franchise.closedAt) {
    return (
      <ConfirmDialog
        open
        title="Rouvrir la franchise"
        message={`Rouvrir la franchise ${name}\u00a0?`}
        warning="Ses utilisateurs pourront de nouveau se connecter, et ses caisses et bornes reprendre avec leurs clés actuelles. Ses données n’ont pas bougé."
        confirmLabel="Rouvrir la franchise"
        tone="primary"
        icon={<LockOpenOutlinedIcon />}
        pending={pending}
        onCancel={onCancel}
        onConfirm={onConfirm}
      />
    );
  }
  return (
    <ConfirmDialog
      open
      title={CLOSE_LABEL}
      message={`Fermer la franchise ${name}\u00a0?`}
      warning={
        <Box component="ul" sx={{ m: 0, pl: 2.5, display: 'flex', flexDirection: 'column', gap: 0.75 }}>
          <li>Ses données sont gardées telles quelles&nbsp;: cartes, restaurants, commandes, historique.</li>
          <li>Ses utilisateurs ne peuvent plus se connecter, et ses caisses et bornes sont refusées aussitôt.</li>
          <li>Vous pouvez toujours lire et exporter ses données avec «&nbsp;{IMPERSONATE_LABEL}&nbsp;».</li>
          <li>«&nbsp;{REOPEN_LABEL}&nbsp;» rend l’accès à tous, sans rien perdre.</li>
        </Box>
      }
      confirmLabel={CLOSE_LABEL}
      tone="error"
      icon={<LockOutlinedIcon />}
      pending={pending}
      onCancel={onCancel}
      onConfirm={onConfirm}
    />
  );
}
