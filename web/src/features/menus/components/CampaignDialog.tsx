import { useEffect, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField, Typography } from '@mui/material';
import { errorMessage } from '../../../api/client';
import { applyServerErrors } from '../../../components/serverErrors';
import { campaignSchema, type CampaignForm } from '../schemas';
import type { Campaign } from '../types';

export interface CampaignDialogProps {
  open: boolean;
  /** The carte being renamed; none to create one. */
  campaign?: Campaign | null;
  pending: boolean;
  error: unknown;
  onCancel: () => void;
  onSubmit: (values: CampaignForm) => void;
}

const FIELDS = ['nom', 'dateDebut', 'dateFin'] as const;

/** 'Nouvelle carte' or 'Renommer la carte': name and optional period. */
export function CampaignDialog({ open, campaign, pending, error, onCancel, onSubmit }: CampaignDialogProps) {
  const editing = Boolean(campaign);
  const form = useForm<CampaignForm>({
    resolver: zodResolver(campaignSchema),
    defaultValues: { nom: '', dateDebut: '', dateFin: '' },
  });
  const { reset, setError } = form;

  useEffect(() => {
    if (open) reset({ nom: campaign?.nom ?? '', dateDebut: campaign?.dateDebut ?? '', dateFin: campaign?.dateFin ?? '' });
  }, [open, campaign, reset]);

  // The server's field errors land on the fields; what was typed stays.
  const [placed, setPlaced] = useState(false);
  useEffect(() => {
    setPlaced(error ? applyServerErrors<CampaignForm>(error, FIELDS, setError) : false);
  }, [error, setError]);

  const title = editing ? 'Renommer la carte' : 'Nouvelle carte';
  return (
    <Dialog open={open} onClose={pending ? undefined : onCancel} maxWidth="sm" fullWidth aria-labelledby="campaign-dialog-title">
      <DialogTitle id="campaign-dialog-title" sx={{ pb: 0.5 }}>
        {title}
      </DialogTitle>
      <form noValidate onSubmit={form.handleSubmit(onSubmit)}>
        <DialogContent>
          <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2.5 }}>
            {editing
              ? 'Le nouveau nom apparaît partout où la carte est utilisée.'
              : 'La carte est créée vide : ajoutez ensuite ses catégories et ses produits dans l’éditeur.'}
          </Typography>
          <Stack spacing={2.5}>
            {error !== null && error !== undefined && !placed && <Alert severity="error">{errorMessage(error)}</Alert>}
            <Controller
              control={form.control}
              name="nom"
              render={({ field, fieldState }) => (
                <TextField
                  {...field}
                  label="Nom de la carte"
                  required
                  autoFocus
                  error={Boolean(fieldState.error)}
                  helperText={fieldState.error?.message ?? ' '}
                />
              )}
            />
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              {(['dateDebut', 'dateFin'] as const).map((name) => (
                <Controller
                  key={name}
                  control={form.control}
                  name={name}
                  render={({ field, fieldState }) => (
                    <TextField
                      {...field}
                      type="date"
                      label={name === 'dateDebut' ? 'Début (facultatif)' : 'Fin (facultative)'}
                      fullWidth
                      slotProps={{ inputLabel: { shrink: true } }}
                      error={Boolean(fieldState.error)}
                      helperText={fieldState.error?.message ?? ' '}
                    />
                  )}
                />
              ))}
            </Stack>
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2.5 }}>
          <Button color="inherit" onClick={onCancel} disabled={pending}>
            Annuler
          </Button>
          <Button type="submit" variant="contained" loading={pending}>
            {editing ? 'Renommer' : 'Créer la carte'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
