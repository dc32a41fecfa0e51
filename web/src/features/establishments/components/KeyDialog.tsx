import { useRef, useState } from 'react';
import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField, Typography } from '@mui/material';
import { alpha } from '@mui/material/styles';
import KeyRoundedIcon from '@mui/icons-material/KeyRounded';
import type { IssuedKey } from '../../../api/types';
import { CopyButton, selectAll } from '../../../components/CopyButton';

export const KEY_WARNING =
  "Cette clé ne sera plus jamais affichée. Copiez-la maintenant et saisissez-la dans l'équipement ; si elle est perdue, renouvelez-la.";

export interface KeyDialogProps {
  /** The issue's answer; null closes the dialog (the key then exists nowhere in the browser). */
  issued: IssuedKey | null;
  renewed?: boolean;
  onClose: () => void;
}

/** Shows a freshly issued device key, once, with a way to copy it. */
export function KeyDialog({ issued, renewed = false, onClose }: KeyDialogProps) {
  const input = useRef<HTMLInputElement | null>(null);
  const [copyFailed, setCopyFailed] = useState(false);
  const [copied, setCopied] = useState(false);
  // Kept while the dialog fades out, then dropped: the key is held nowhere once it is closed.
  const [shown, setShown] = useState<IssuedKey | null>(issued);
  if (issued && issued !== shown) setShown(issued);
  const name = shown?.equipment.name ?? '';

  const close = () => {
    setCopyFailed(false);
    setCopied(false);
    onClose();
  };

  return (
    <Dialog
      open={issued !== null}
      // A click beside the dialog must not throw the key away: only the button closes it.
      onClose={(_, reason) => reason !== 'backdropClick' && close()}
      maxWidth="sm"
      fullWidth
      aria-labelledby="key-dialog-title"
      slotProps={{ transition: { onExited: () => setShown(null) } }}
    >
      <DialogTitle id="key-dialog-title" sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
        <Box
          aria-hidden
          sx={(theme) => ({
            width: 40,
            height: 40,
            flexShrink: 0,
            borderRadius: '12px',
            display: 'grid',
            placeItems: 'center',
            color: 'primary.main',
            backgroundColor: alpha(theme.palette.primary.main, 0.1),
          })}
        >
          <KeyRoundedIcon />
        </Box>
        <Box sx={{ minWidth: 0 }}>
          {renewed ? 'Nouvelle clé' : 'Clé'} de « {name} »
          <Typography variant="body2" sx={{ color: 'text.secondary', fontWeight: 400 }}>
            {renewed ? "L'ancienne clé ne fonctionne plus." : "Saisissez-la dans l'équipement pour le connecter."}
          </Typography>
        </Box>
      </DialogTitle>
      <DialogContent>
        <Stack spacing={2.5}>
          <Alert severity="warning">{KEY_WARNING}</Alert>
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'flex-start' }}>
            <TextField
              label="Clé de l'équipement"
              value={shown?.key ?? ''}
              fullWidth
              inputRef={input}
              onFocus={(e) => selectAll(e.target)}
              helperText={
                copyFailed
                  ? 'Copie automatique impossible : la clé est sélectionnée, copiez-la avec Ctrl+C (⌘+C sur Mac).'
                  : copied
                    ? 'Clé copiée dans le presse-papiers.'
                    : ' '
              }
              slotProps={{
                input: { readOnly: true },
                htmlInput: {
                  spellCheck: false,
                  'data-testid': 'device-key',
                  style: { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace', fontSize: '0.9375rem', letterSpacing: '0.02em' },
                },
              }}
            />
            <Box sx={{ '& button': { height: 56 } }}>
              <CopyButton
                labelled
                text={shown?.key ?? ''}
                what="la clé"
                copiedLabel="Copiée"
                input={() => input.current}
                onCopied={() => {
                  setCopied(true);
                  setCopyFailed(false);
                }}
                onFailed={() => setCopyFailed(true)}
              />
            </Box>
          </Stack>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            Identifiant de l'équipement :{' '}
            <Box component="span" sx={{ fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace', color: 'text.primary' }}>
              {shown?.equipment.user_keen_id}
            </Box>
          </Typography>
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button variant={copied ? 'contained' : 'outlined'} color={copied ? 'primary' : 'inherit'} onClick={close}>
          {copied ? 'Terminé' : 'Fermer'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
