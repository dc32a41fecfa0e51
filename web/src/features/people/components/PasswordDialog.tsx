import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField, Typography } from '@mui/material';
import { applyServerErrors } from '../../../components/serverErrors';
import { useToast } from '../../../components/Toast';
import { personSaved, setPasswordMutation } from '../queries';
import { MIN_PASSWORD, passwordSchema, type PasswordForm } from '../schemas';
import type { Person } from '../types';

const EMPTY: PasswordForm = { password: '', confirmation: '' };

/** 'Réinitialiser le mot de passe': a new password typed twice; the server's rule shows on the field. */
export function PasswordDialog({ open, person, onClose }: { open: boolean; person: Person | null; onClose: () => void }) {
  const client = useQueryClient();
  const toast = useToast();
  const form = useForm<PasswordForm>({ resolver: zodResolver(passwordSchema), defaultValues: EMPTY });
  const { reset, setError, register, formState } = form;
  const [banner, setBanner] = useState<string | null>(null);
  const run = useMutation({
    ...setPasswordMutation(),
    onSuccess: () => {
      personSaved(client);
      toast.success(`Le mot de passe de « ${person?.login ?? ''} » est réinitialisé.`);
      onClose();
    },
    onError: (error) => setBanner(applyServerErrors<PasswordForm>(error, ['password'], setError) ? null : error.detail),
  });
  const resetRun = run.reset;

  useEffect(() => {
    if (!open) return;
    reset(EMPTY);
    setBanner(null);
    resetRun();
  }, [open, reset, resetRun]);

  const errors = formState.errors;
  return (
    <Dialog open={open && person !== null} onClose={run.isPending ? undefined : onClose} maxWidth="xs" fullWidth aria-labelledby="password-dialog-title">
      <DialogTitle id="password-dialog-title" sx={{ pb: 0.5 }}>
        Réinitialiser le mot de passe
      </DialogTitle>
      <form noValidate onSubmit={form.handleSubmit((v) => person && run.mutate({ id: person.id, password: v.password }))}>
        <DialogContent>
          <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2.5 }}>
            Nouveau mot de passe du compte « {person?.login} ». Communiquez-le à son titulaire : l'ancien ne fonctionnera plus.
          </Typography>
          <Stack spacing={2}>
            {banner && <Alert severity="error">{banner}</Alert>}
            <TextField
              label="Nouveau mot de passe"
              type="password"
              required
              autoFocus
              autoComplete="new-password"
              error={Boolean(errors.password)}
              helperText={errors.password?.message ?? `Au moins ${MIN_PASSWORD} caractères.`}
              {...register('password')}
            />
            <TextField
              label="Confirmation"
              type="password"
              required
              autoComplete="new-password"
              error={Boolean(errors.confirmation)}
              helperText={errors.confirmation?.message ?? ' '}
              {...register('confirmation')}
            />
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2.5 }}>
          <Button onClick={onClose} disabled={run.isPending} color="inherit">
            Annuler
          </Button>
          <Button type="submit" variant="contained" loading={run.isPending}>
            Réinitialiser
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
