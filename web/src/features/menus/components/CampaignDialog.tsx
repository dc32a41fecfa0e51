import { useEffect, useState } from 'react';
import { Controller, useFieldArray, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import * as z from 'zod/mini';
import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, IconButton, Stack, TextField, Tooltip, Typography } from '@mui/material';
import AddRoundedIcon from '@mui/icons-material/AddRounded';
import DeleteOutlineRoundedIcon from '@mui/icons-material/DeleteOutlineRounded';
import { errorMessage } from '../../../api/client';
import { applyServerErrors } from '../../../components/serverErrors';
import { Toggle } from '../../../components/Toggle';
import { DateField } from '../../../components/DateField';
import type { CampaignForm } from '../schemas';
import type { Campaign } from '../types';

export const PERIOD_ORDER_ERROR = 'La date de début est supérieure à la date de fin.';
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const optionalDay = z.string().check(z.regex(/^(\d{4}-\d{2}-\d{2})?$/, 'Date invalide (AAAA-MM-JJ).'));

/** The carte's record as the dialog edits it: name, optional period, and the periodic dates as start/end rows. */
const dialogSchema = z
  .object({
    nom: z.string().check(
      z.trim(),
      z.minLength(1, 'Le nom de la carte est obligatoire.'),
      z.maxLength(120, 'Le nom de la carte ne doit pas dépasser 120 caractères.'),
    ),
    dateDebut: optionalDay,
    dateFin: optionalDay,
    isPeriodic: z.boolean(),
    periods: z.array(z.object({ start: z.string(), end: z.string() })),
  })
  .check(
    z.superRefine((v, ctx) => {
      if (v.dateDebut && v.dateFin && v.dateDebut > v.dateFin) {
        ctx.addIssue({ code: 'custom', path: ['dateDebut'], message: PERIOD_ORDER_ERROR, input: v.dateDebut });
      }
      if (!v.isPeriodic) return;
      v.periods.forEach((p, i) => {
        if (!DAY.test(p.start)) ctx.addIssue({ code: 'custom', path: ['periods', i, 'start'], message: 'La date de début est obligatoire.', input: p.start });
        if (!DAY.test(p.end)) ctx.addIssue({ code: 'custom', path: ['periods', i, 'end'], message: 'La date de fin est obligatoire.', input: p.end });
        if (DAY.test(p.start) && DAY.test(p.end) && p.start > p.end) {
          ctx.addIssue({ code: 'custom', path: ['periods', i, 'start'], message: PERIOD_ORDER_ERROR, input: p.start });
        }
      });
    }),
  );

type DialogForm = z.infer<typeof dialogSchema>;

/** What the dialog gives back: the record's fields, with campagneDates flat (start, end, start, end…). */
export interface CampaignDialogValues extends CampaignForm {
  isPeriodic: boolean;
  campagneDates: string[];
}

/** [start, end, start, end…] ↔ rows; an odd last date gets an empty end. */
export function datesToPeriods(dates: readonly string[] | null | undefined): { start: string; end: string }[] {
  const list = dates ?? [];
  const rows: { start: string; end: string }[] = [];
  for (let i = 0; i < list.length; i += 2) rows.push({ start: list[i] ?? '', end: list[i + 1] ?? '' });
  return rows;
}

export const periodsToDates = (rows: readonly { start: string; end: string }[]) => rows.flatMap((r) => [r.start, r.end]);

export interface CampaignDialogProps {
  open: boolean;
  /** The carte being edited; none to create one. */
  campaign?: Campaign | null;
  pending: boolean;
  error: unknown;
  onCancel: () => void;
  onSubmit: (values: CampaignDialogValues) => void;
}

const FIELDS = ['nom', 'dateDebut', 'dateFin', 'isPeriodic'] as const;

function defaults(campaign: Campaign | null | undefined): DialogForm {
  const periods = datesToPeriods(campaign?.campagneDates);
  return {
    nom: campaign?.nom ?? '',
    dateDebut: campaign?.dateDebut ?? '',
    dateFin: campaign?.dateFin ?? '',
    isPeriodic: campaign?.isPeriodic ?? false,
    periods: periods.length > 0 ? periods : [{ start: '', end: '' }],
  };
}

/** 'Nouvelle carte' or 'Modifier la carte': name, optional period, and the dates of a periodic carte. */
export function CampaignDialog({ open, campaign, pending, error, onCancel, onSubmit }: CampaignDialogProps) {
  const editing = Boolean(campaign);
  const form = useForm<DialogForm>({ resolver: zodResolver(dialogSchema), defaultValues: defaults(null) });
  const { reset, setError } = form;
  const periods = useFieldArray({ control: form.control, name: 'periods' });
  const periodic = useWatch({ control: form.control, name: 'isPeriodic' });

  useEffect(() => {
    if (open) reset(defaults(campaign));
  }, [open, campaign, reset]);

  // The server's field errors land on the fields; what was typed stays.
  const [placed, setPlaced] = useState(false);
  useEffect(() => {
    setPlaced(error ? applyServerErrors<DialogForm>(error, FIELDS, setError) : false);
  }, [error, setError]);

  const submit = (v: DialogForm) =>
    onSubmit({
      nom: v.nom,
      dateDebut: v.dateDebut,
      dateFin: v.dateFin,
      isPeriodic: v.isPeriodic,
      // Off, the dates stay as they were (the toggle alone decides whether they apply).
      campagneDates: v.isPeriodic ? periodsToDates(v.periods) : (campaign?.campagneDates ?? []),
    });

  const title = editing ? 'Modifier la carte' : 'Nouvelle carte';
  return (
    <Dialog open={open} onClose={pending ? undefined : onCancel} maxWidth="sm" fullWidth aria-labelledby="campaign-dialog-title">
      <DialogTitle id="campaign-dialog-title" sx={{ pb: 0.5 }}>
        {title}
      </DialogTitle>
      <form noValidate onSubmit={form.handleSubmit(submit)}>
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
                    <DateField
                      name={field.name}
                      value={field.value ?? ''}
                      onChange={field.onChange}
                      label={name === 'dateDebut' ? 'Début (facultatif)' : 'Fin (facultative)'}
                      size="medium"
                      fullWidth
                      error={Boolean(fieldState.error)}
                      helperText={fieldState.error?.message ?? ' '}
                    />
                  )}
                />
              ))}
            </Stack>
            <Box>
              <Controller
                control={form.control}
                name="isPeriodic"
                render={({ field }) => (
                  <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                    <Toggle label="Carte périodique" showLabel checked={field.value} onChange={field.onChange} />
                  </Stack>
                )}
              />
              <Typography variant="caption" sx={{ color: 'text.secondary', display: 'block' }}>
                Les dates d’une carte périodique sont reportées chaque mois (mêmes jours).
              </Typography>
            </Box>
            {periodic && (
              <Stack spacing={1} role="group" aria-label="Dates de la carte périodique">
                {periods.fields.map((row, i) => (
                  <Stack key={row.id} direction="row" spacing={1.5} sx={{ alignItems: 'flex-start' }}>
                    {(['start', 'end'] as const).map((part) => (
                      <Controller
                        key={part}
                        control={form.control}
                        name={`periods.${i}.${part}`}
                        render={({ field, fieldState }) => (
                          <DateField
                            name={field.name}
                            value={field.value ?? ''}
                            onChange={field.onChange}
                            label={`${part === 'start' ? 'Début' : 'Fin'} ${i + 1}`}
                            fullWidth
                            error={Boolean(fieldState.error)}
                            helperText={fieldState.error?.message ?? ' '}
                          />
                        )}
                      />
                    ))}
                    <Tooltip title="Retirer ces dates">
                      <span>
                        <IconButton
                          aria-label={`Retirer les dates ${i + 1}`}
                          disabled={periods.fields.length <= 1}
                          onClick={() => periods.remove(i)}
                          sx={{ mt: 0.25 }}
                        >
                          <DeleteOutlineRoundedIcon fontSize="small" />
                        </IconButton>
                      </span>
                    </Tooltip>
                  </Stack>
                ))}
                <Box>
                  <Button size="small" startIcon={<AddRoundedIcon />} onClick={() => periods.append({ start: '', end: '' })}>
                    Ajouter des dates
                  </Button>
                </Box>
              </Stack>
            )}
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2.5 }}>
          <Button color="inherit" onClick={onCancel} disabled={pending}>
            Annuler
          </Button>
          <Button type="submit" variant="contained" loading={pending}>
            {editing ? 'Enregistrer' : 'Créer la carte'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
