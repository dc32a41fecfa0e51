import { useEffect, type ReactNode } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, MenuItem, Stack, TextField } from '@mui/material';
import { categorySchema, type CategoryForm } from '../schemas';

export interface NameDialogProps {
  open: boolean;
  title: string;
  label: string;
  submitLabel: string;
  /** Parent choices (sub-categories); none to ask only for a name. */
  parents?: readonly { value: string; label: string }[];
  defaultParent?: string;
  pending: boolean;
  /** A server message to show under the name (the typed name stays). */
  error?: string | null;
  onCancel: () => void;
  onSubmit: (values: CategoryForm) => void;
  children?: ReactNode;
}

/** A small dialog asking for a name (and a parent): new category, new option group. */
export function NameDialog({ open, title, label, submitLabel, parents, defaultParent = '-1', pending, error, onCancel, onSubmit }: NameDialogProps) {
  const form = useForm<CategoryForm>({ resolver: zodResolver(categorySchema), defaultValues: { name: '', parent: defaultParent } });
  const { reset, setError } = form;
  useEffect(() => {
    if (open) reset({ name: '', parent: defaultParent });
  }, [open, defaultParent, reset]);
  useEffect(() => {
    if (error) setError('name', { type: 'server', message: error });
  }, [error, setError]);

  return (
    <Dialog open={open} onClose={pending ? undefined : onCancel} maxWidth="xs" fullWidth aria-labelledby="name-dialog-title">
      <DialogTitle id="name-dialog-title">{title}</DialogTitle>
      <form noValidate onSubmit={form.handleSubmit(onSubmit)}>
        <DialogContent sx={{ pt: 1 }}>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <Controller
              control={form.control}
              name="name"
              render={({ field, fieldState }) => (
                <TextField {...field} label={label} required autoFocus error={Boolean(fieldState.error)} helperText={fieldState.error?.message ?? ' '} />
              )}
            />
            {parents && (
              <Controller
                control={form.control}
                name="parent"
                render={({ field }) => (
                  <TextField {...field} select label="Catégorie parente">
                    <MenuItem value="-1">Aucune (catégorie principale)</MenuItem>
                    {parents.map((p) => (
                      <MenuItem key={p.value} value={p.value}>
                        {p.label}
                      </MenuItem>
                    ))}
                  </TextField>
                )}
              />
            )}
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2.5 }}>
          <Button color="inherit" onClick={onCancel} disabled={pending}>
            Annuler
          </Button>
          <Button type="submit" variant="contained" loading={pending}>
            {submitLabel}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
