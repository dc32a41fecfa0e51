import { useEffect, useState } from 'react';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
  Stack,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import type { ApiError } from '../../../../api/client';
import { flagLabel } from '../../catalogue';

type Choice = 'keep' | 'on' | 'off';

export interface BulkFlagsDialogProps {
  open: boolean;
  count: number;
  flagNames: readonly string[];
  pending: boolean;
  error: ApiError | null;
  onCancel: () => void;
  onReload: () => void;
  onApply: (flags: Record<string, boolean>) => void;
}

/** 'Indicateurs' of the selection: set or clear any flag, the others left as they are. */
export function BulkFlagsDialog({ open, count, flagNames, pending, error, onCancel, onReload, onApply }: BulkFlagsDialogProps) {
  const [choices, setChoices] = useState<Record<string, Choice>>({});
  useEffect(() => {
    if (open) setChoices({});
  }, [open]);
  const flags = Object.fromEntries(
    Object.entries(choices)
      .filter(([, c]) => c !== 'keep')
      .map(([name, c]) => [name, c === 'on']),
  );
  const changed = Object.keys(flags).length;

  return (
    <Dialog open={open} onClose={pending ? undefined : onCancel} maxWidth="sm" fullWidth aria-labelledby="bulk-flags-title">
      <DialogTitle id="bulk-flags-title" sx={{ pb: 0.5 }}>
        Indicateurs
      </DialogTitle>
      {pending && <LinearProgress aria-label="Modification en cours" />}
      <DialogContent>
        <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
          {count} produit(s) sélectionné(s). Choisissez les indicateurs à activer ou désactiver ; les autres ne changent pas.
        </Typography>
        {error && (
          <Alert
            severity="error"
            sx={{ mb: 2 }}
            action={
              error.status === 409 ? (
                <Button color="inherit" size="small" onClick={onReload}>
                  Recharger
                </Button>
              ) : undefined
            }
          >
            {error.detail}
          </Alert>
        )}
        <Stack spacing={0.75}>
          {flagNames.map((name) => (
            <Stack key={name} direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 2 }}>
              <Typography variant="body2" id={`flag-${name}`}>
                {flagLabel(name)}
              </Typography>
              <ToggleButtonGroup
                exclusive
                size="small"
                value={choices[name] ?? 'keep'}
                onChange={(_, c: Choice | null) => c && setChoices((s) => ({ ...s, [name]: c }))}
                aria-labelledby={`flag-${name}`}
              >
                <ToggleButton value="keep" sx={{ textTransform: 'none', py: 0.25 }}>
                  Inchangé
                </ToggleButton>
                <ToggleButton value="on" color="success" sx={{ textTransform: 'none', py: 0.25 }}>
                  Oui
                </ToggleButton>
                <ToggleButton value="off" color="error" sx={{ textTransform: 'none', py: 0.25 }}>
                  Non
                </ToggleButton>
              </ToggleButtonGroup>
            </Stack>
          ))}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button color="inherit" onClick={onCancel} disabled={pending}>
          Annuler
        </Button>
        <Button variant="contained" disabled={pending || changed === 0} loading={pending} onClick={() => onApply(flags)}>
          Appliquer
        </Button>
      </DialogActions>
    </Dialog>
  );
}
