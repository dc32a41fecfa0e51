import { useEffect, useId, useRef, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Divider,
  FormLabel,
  IconButton,
  List,
  ListItem,
  ListItemText,
  MenuItem,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlineRounded';
import { errorMessage } from '../../../api/client';
import { useSession } from '../../../app/session';
import { ErrorBlock } from '../../../components/ErrorBlock';
import { applyServerErrors } from '../../../components/serverErrors';
import { restaurantsQuery } from '../../restaurants/queries';
import {
  ALL_RESTAURANTS_LABEL,
  createSubscription,
  deleteSubscription,
  FREQUENCY_LABELS,
  FREQUENCY_WHEN,
  sendPreview,
  subscriptionSchema,
  subscriptionsChanged,
  subscriptionsQuery,
  type Frequency,
  type Subscription,
  type SubscriptionForm,
} from '../summaries';

export const SUMMARY_DIALOG_TITLE = 'Recevoir le résumé par e-mail';
export const PREVIEW_LABEL = 'Envoyer un aperçu maintenant';
export const SUBSCRIBE_LABEL = "S'abonner";

const FORM_ID = 'summary-subscription-form';

interface Notice {
  severity: 'success' | 'error';
  text: string;
}

function scopeOf(s: Subscription): string {
  return s.restaurantId === 0 ? ALL_RESTAURANTS_LABEL : s.restaurantName || `Restaurant ${s.restaurantId}`;
}

/**
 * The user's subscriptions, each with its delete button. What happened is said inside the dialog
 * (a toast would cover its buttons on a phone, where the dialog takes the whole screen).
 */
function SubscriptionList({ onNotice }: { onNotice: (notice: Notice) => void }) {
  const client = useQueryClient();
  const list = useQuery(subscriptionsQuery());
  const remove = useMutation({
    mutationFn: (s: Subscription) => deleteSubscription(s.id),
    onSuccess: (_, s) => {
      void subscriptionsChanged(client);
      onNotice({ severity: 'success', text: `${s.email} ne recevra plus le résumé ${FREQUENCY_LABELS[s.frequency].toLowerCase()}.` });
    },
    onError: (error) => onNotice({ severity: 'error', text: errorMessage(error) }),
  });
  if (list.isPending) {
    return (
      <Box role="status" aria-label="Chargement des abonnements" sx={{ display: 'flex', justifyContent: 'center', py: 2 }}>
        <CircularProgress size={24} />
      </Box>
    );
  }
  if (list.isError) {
    return <ErrorBlock message={errorMessage(list.error)} onRetry={() => void list.refetch()} retrying={list.isFetching} />;
  }
  if (list.data.length === 0) {
    return (
      <Typography variant="body2" sx={{ color: 'text.secondary', py: 1 }}>
        Aucun abonnement pour l'instant.
      </Typography>
    );
  }
  return (
    <List dense disablePadding aria-label="Mes abonnements">
      {list.data.map((s) => {
        const frequency = FREQUENCY_LABELS[s.frequency];
        return (
          <ListItem
            key={s.id}
            divider
            disableGutters
            secondaryAction={
              <IconButton
                edge="end"
                aria-label={`Supprimer le résumé ${frequency.toLowerCase()} envoyé à ${s.email} (${scopeOf(s)})`}
                onClick={() => remove.mutate(s)}
                disabled={remove.isPending && remove.variables?.id === s.id}
              >
                <DeleteOutlineIcon />
              </IconButton>
            }
          >
            <ListItemText
              primary={`${frequency} · ${scopeOf(s)}`}
              secondary={`${s.email} — ${FREQUENCY_WHEN[s.frequency]}`}
              slotProps={{ primary: { sx: { fontWeight: 600 } }, secondary: { sx: { overflowWrap: 'anywhere' } } }}
              sx={{ pr: 5 }}
            />
          </ListItem>
        );
      })}
    </List>
  );
}

export interface SummaryDialogProps {
  open: boolean;
  onClose: () => void;
  /** The restaurant the flash shows (0: all), chosen by default. */
  restaurantId: number;
}

/** « Recevoir par e-mail »: subscribe to a daily or weekly summary, list and delete, send a preview. */
export function SummaryDialog({ open, onClose, restaurantId }: SummaryDialogProps) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const session = useSession();
  const client = useQueryClient();
  const restaurants = useQuery(restaurantsQuery());
  const titleId = useId();
  const frequencyLabelId = useId();
  const [banner, setBanner] = useState<string | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const noticeRef = useRef<HTMLDivElement>(null);
  // On a phone the form's buttons are far below the notice: bring it into view.
  useEffect(() => {
    if (notice) noticeRef.current?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' });
  }, [notice]);
  const {
    control,
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<SubscriptionForm>({
    resolver: zodResolver(subscriptionSchema),
    defaultValues: { frequency: 'daily', restaurantId, email: session?.user_email ?? '' },
  });

  useEffect(() => {
    if (open) {
      reset({ frequency: 'daily', restaurantId, email: session?.user_email ?? '' });
      setBanner(null);
      setNotice(null);
    }
  }, [open, restaurantId, session?.user_email, reset]);

  const create = useMutation({
    mutationFn: createSubscription,
    onSuccess: (s) => {
      void subscriptionsChanged(client);
      setNotice({ severity: 'success', text: `Abonnement enregistré : ${s.email} recevra le résumé ${FREQUENCY_LABELS[s.frequency].toLowerCase()}.` });
    },
  });
  const preview = useMutation({
    mutationFn: sendPreview,
    onSuccess: (p) => setNotice({ severity: 'success', text: `Aperçu envoyé à ${p.sentTo} : « ${p.subject} ».` }),
  });
  const failed = create.error ?? preview.error;
  useEffect(() => {
    if (!failed) return setBanner(null);
    setBanner(applyServerErrors(failed, ['frequency', 'restaurantId', 'email'], setError) ? null : errorMessage(failed));
  }, [failed, setError]);

  const busy = create.isPending || preview.isPending;
  const submit = (action: 'create' | 'preview') =>
    handleSubmit((values) => {
      setNotice(null);
      create.reset();
      preview.reset();
      const body = { frequency: values.frequency, restaurantId: values.restaurantId, email: values.email.trim() };
      if (action === 'create') create.mutate(body);
      else preview.mutate(body);
    });

  return (
    <Dialog open={open} onClose={busy ? undefined : onClose} maxWidth="sm" fullWidth fullScreen={fullScreen} aria-labelledby={titleId}>
      <DialogTitle id={titleId} sx={{ pb: 0.5 }}>
        {SUMMARY_DIALOG_TITLE}
      </DialogTitle>
      <DialogContent>
        <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
          Le chiffre d'affaires TTC et HT, les commandes et le panier moyen, comparés à la période précédente et à l'an dernier,
          avec vos meilleurs restaurants. Chaque devise est présentée à part.
        </Typography>
        <Typography variant="subtitle2" component="h3" sx={{ fontWeight: 700 }}>
          Mes abonnements
        </Typography>
        {notice && (
          <Alert ref={noticeRef} severity={notice.severity} role={notice.severity === 'error' ? 'alert' : 'status'} sx={{ mb: 1 }}>
            {notice.text}
          </Alert>
        )}
        <SubscriptionList onNotice={setNotice} />
        <Divider sx={{ my: 2 }} />
        <Typography variant="subtitle2" component="h3" sx={{ fontWeight: 700, mb: 1.5 }}>
          Nouvel abonnement
        </Typography>
        <Box
          component="form"
          id={FORM_ID}
          noValidate
          onSubmit={submit('create')}
          sx={{ display: 'flex', flexDirection: 'column', gap: 2.5 }}
        >
          {banner && <Alert severity="error">{banner}</Alert>}
          <Box>
            <FormLabel id={frequencyLabelId} sx={{ fontSize: '0.8125rem', fontWeight: 600, display: 'block', mb: 1 }}>
              Fréquence
            </FormLabel>
            <Controller
              name="frequency"
              control={control}
              render={({ field }) => (
                <ToggleButtonGroup
                  exclusive
                  fullWidth
                  value={field.value}
                  aria-labelledby={frequencyLabelId}
                  onChange={(_, next: Frequency | null) => next && field.onChange(next)}
                >
                  {(['daily', 'weekly'] as const).map((f) => (
                    <ToggleButton key={f} value={f} sx={{ textTransform: 'none', py: 1, flexDirection: 'column', gap: 0.25 }}>
                      <span>{FREQUENCY_LABELS[f]}</span>
                      <Typography variant="caption" sx={{ color: 'text.secondary', fontWeight: 400, lineHeight: 1.3 }}>
                        {FREQUENCY_WHEN[f]}
                      </Typography>
                    </ToggleButton>
                  ))}
                </ToggleButtonGroup>
              )}
            />
            {errors.frequency && (
              <Typography variant="caption" color="error" role="alert">
                {errors.frequency.message}
              </Typography>
            )}
          </Box>
          <Controller
            name="restaurantId"
            control={control}
            render={({ field }) => (
              <TextField
                select
                label="Restaurants"
                fullWidth
                value={field.value}
                onChange={(e) => field.onChange(Number(e.target.value))}
                error={Boolean(errors.restaurantId)}
                helperText={errors.restaurantId?.message ?? (restaurants.isError ? 'La liste des restaurants est indisponible.' : undefined)}
              >
                <MenuItem value={0}>{ALL_RESTAURANTS_LABEL}</MenuItem>
                {(restaurants.data ?? [])
                  .filter((r) => !r.archived || r.id === field.value)
                  .map((r) => (
                    <MenuItem key={r.id} value={r.id}>
                      {r.nom || r.pseudo}
                    </MenuItem>
                  ))}
              </TextField>
            )}
          />
          <TextField
            label="Adresse e-mail"
            type="email"
            required
            fullWidth
            autoComplete="email"
            error={Boolean(errors.email)}
            helperText={errors.email?.message ?? 'Le résumé est envoyé à cette adresse.'}
            {...register('email')}
          />
        </Box>
      </DialogContent>
      {/* On a phone, one button a line, the main one first. */}
      <DialogActions
        sx={{
          px: 3,
          pb: 2.5,
          gap: 1,
          flexDirection: { xs: 'column-reverse', sm: 'row' },
          alignItems: { xs: 'stretch', sm: 'center' },
          '& > :not(style) ~ :not(style)': { ml: 0 },
        }}
      >
        <Button color="inherit" onClick={onClose} disabled={busy}>
          Fermer
        </Button>
        <Box sx={{ flex: 1, display: { xs: 'none', sm: 'block' } }} />
        <Button variant="outlined" onClick={submit('preview')} loading={preview.isPending} disabled={create.isPending}>
          {PREVIEW_LABEL}
        </Button>
        <Button type="submit" form={FORM_ID} variant="contained" loading={create.isPending} disabled={preview.isPending}>
          {SUBSCRIBE_LABEL}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
