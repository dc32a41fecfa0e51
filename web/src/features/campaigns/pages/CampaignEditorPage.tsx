import { useEffect, useMemo, useState } from 'react';
import { DateField } from '../../../components/DateField';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { Alert, Box, Button, MenuItem, Paper, Stack, TextField, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import SendRoundedIcon from '@mui/icons-material/SendRounded';
import ScheduleRoundedIcon from '@mui/icons-material/ScheduleRounded';
import type { AppRoute } from '../../../app/routeTable';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { crumbsOf } from '../../../components/crumbs';
import { ErrorBlock } from '../../../components/ErrorBlock';
import { LoadingPanel } from '../../../components/LoadingPanel';
import { PageHeader } from '../../../components/PageHeader';
import { toastSaveError } from '../../../components/saveError';
import { useToast } from '../../../components/Toast';
import { restaurantsQuery } from '../../restaurants/queries';
import { SegmentFields } from '../components/SegmentFields';
import { SmsCounter } from '../components/SmsCounter';
import {
  campaignQuery,
  createCampaignMutation,
  estimateQuery,
  listsQuery,
  marketingChanged,
  sendCampaignMutation,
  settingsQuery,
  updateCampaignMutation,
} from '../queries';
import { DEFAULT_STOP_LINE, formatMoney } from '../sms';
import type { Campaign, CampaignInput, Segment } from '../types';
import { useCanWriteCampaigns } from './CampaignsPage';

interface Draft {
  name: string;
  channel: 'sms' | 'email';
  segment: Segment;
  listId: string;
  subject: string;
  body: string;
  promoCode: string;
  /** datetime-local value, '' for none. */
  scheduledAt: string;
}

const emptyDraft: Draft = { name: '', channel: 'sms', segment: { restaurantIds: [] }, listId: '', subject: '', body: '', promoCode: '', scheduledAt: '' };

/** yyyy-MM-ddTHH:mm in the browser's zone, the value of a datetime-local field. */
function localInput(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  const p = (v: number) => String(v).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}`;
}

function draftOf(c: Campaign): Draft {
  return { name: c.name, channel: c.channel, segment: c.segment, listId: '', subject: c.subject ?? '', body: c.body, promoCode: c.promoCode ?? '', scheduledAt: localInput(c.scheduledAt) };
}

/** Waits until the value stops changing for a moment (the live estimate asks the server). */
function useSettled<T>(value: T, ms = 400): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return settled;
}

/** Nouvel envoi / Modifier l'envoi: the campaign editor, with the live counter and estimate. */
export function CampaignEditorPage({ route }: { route: AppRoute }) {
  const params = useParams();
  const id = params.id ? Number(params.id) : 0;
  const existing = useQuery({ ...campaignQuery(id), enabled: id > 0 });
  if (id > 0 && existing.isPending) return <PageHeader title={route.title} breadcrumbs={crumbsOf(route)}><LoadingPanel /></PageHeader>;
  if (id > 0 && existing.isError) return <PageHeader title={route.title} breadcrumbs={crumbsOf(route)}><ErrorBlock onRetry={() => void existing.refetch()} retrying={existing.isFetching} /></PageHeader>;
  return <Editor key={existing.data?.id ?? 0} route={route} campaign={existing.data} />;
}

function Editor({ route, campaign }: { route: AppRoute; campaign?: Campaign }) {
  const canWrite = useCanWriteCampaigns();
  const navigate = useNavigate();
  const client = useQueryClient();
  const toast = useToast();
  const [draft, setDraft] = useState<Draft>(campaign ? draftOf(campaign) : emptyDraft);
  const [version, setVersion] = useState(campaign?.version ?? 0);
  const [savedId, setSavedId] = useState(campaign?.id ?? 0);
  const [confirmSend, setConfirmSend] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const restaurants = useQuery(restaurantsQuery());
  const lists = useQuery(listsQuery());
  const settings = useQuery(settingsQuery());
  const locked = !canWrite || (campaign !== undefined && campaign.status !== 'draft' && campaign.status !== 'scheduled');
  const stopLine = settings.data?.stopLine || DEFAULT_STOP_LINE;

  const estimateBody = useSettled(useMemo(() => ({ channel: draft.channel, segment: draft.segment, body: draft.body }), [draft.channel, draft.segment, draft.body]));
  const estimate = useQuery(estimateQuery(estimateBody));

  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));

  const create = useMutation(createCampaignMutation());
  const update = useMutation(updateCampaignMutation());
  const send = useMutation(sendCampaignMutation());
  const pending = create.isPending || update.isPending || send.isPending;

  const input = (schedule: boolean): CampaignInput => ({
    name: draft.name,
    channel: draft.channel,
    segment: draft.segment,
    subject: draft.channel === 'email' ? draft.subject : '',
    body: draft.body,
    promoCode: draft.promoCode,
    ...(schedule && draft.scheduledAt ? { scheduledAt: new Date(draft.scheduledAt).toISOString() } : {}),
  });

  const fieldErrors = (error: unknown) => {
    const list = (error as { body?: { errors?: { location?: string; message?: string }[] } })?.body?.errors ?? [];
    const next: Record<string, string> = {};
    for (const e of list) if (e.location && e.message) next[e.location.replace(/^body\./, '')] = e.message;
    setErrors(next);
  };

  async function save(schedule: boolean): Promise<Campaign | null> {
    setErrors({});
    try {
      const c = savedId > 0 ? await update.mutateAsync({ id: savedId, version, body: input(schedule) }) : await create.mutateAsync(input(schedule));
      setSavedId(c.id);
      setVersion(c.version);
      marketingChanged(client);
      return c;
    } catch (error) {
      fieldErrors(error);
      toastSaveError(toast, error, "L'envoi n'a pas pu être enregistré.");
      return null;
    }
  }

  async function onDraft() {
    const c = await save(false);
    if (c) toast.success(`Brouillon « ${c.name} » enregistré.`);
  }

  async function onSchedule() {
    if (draft.scheduledAt && !/T([01]\d|2[0-3]):[0-5]\d$/.test(draft.scheduledAt)) {
      setErrors({ scheduledAt: "L'heure s'écrit hh:mm, par exemple 18:30." });
      return;
    }
    if (!draft.scheduledAt) {
      setErrors({ scheduledAt: "Choisissez la date et l'heure de l'envoi." });
      return;
    }
    const c = await save(true);
    if (c) {
      toast.success(`Envoi « ${c.name} » programmé.`);
      navigate('/mesClients/CampagnesSms');
    }
  }

  async function onSendNow() {
    const c = await save(false);
    setConfirmSend(false);
    if (!c) return;
    try {
      await send.mutateAsync({ id: c.id });
      marketingChanged(client);
      toast.success(`Envoi « ${c.name} » en cours.`);
      navigate('/mesClients/CampagnesSms');
    } catch (error) {
      toastSaveError(toast, error, "L'envoi n'a pas pu partir.");
    }
  }

  const e = estimate.data;
  const recipients = e?.recipients ?? 0;
  const providerMissing = settings.data && (draft.channel === 'sms' ? !settings.data.smsConfigured : !settings.data.emailConfigured);

  return (
    <PageHeader title={route.title} subtitle="Un SMS ou un e-mail aux clients qui ont accepté vos offres sur ce canal." breadcrumbs={crumbsOf(route)}>
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', lg: 'minmax(0, 2fr) minmax(280px, 1fr)' }, alignItems: 'start' }}>
        <Stack spacing={3}>
          {locked && campaign && <Alert severity="info">Cette campagne est déjà partie ou annulée : elle ne peut plus être modifiée.</Alert>}
          <Paper variant="outlined" sx={{ p: 3 }}>
            <Stack spacing={2}>
              <TextField label="Nom de la campagne" value={draft.name} onChange={(ev) => set('name', ev.target.value)} disabled={locked} required error={!!errors.name} helperText={errors.name ?? 'Pour vous : vos clients ne le voient pas.'} />
              <ToggleButtonGroup exclusive value={draft.channel} onChange={(_, v) => v && set('channel', v)} disabled={locked} aria-label="Canal" size="small">
                <ToggleButton value="sms">SMS</ToggleButton>
                <ToggleButton value="email">E-mail</ToggleButton>
              </ToggleButtonGroup>
              {providerMissing && (
                <Alert severity="warning">
                  {draft.channel === 'sms' ? "Aucun fournisseur SMS n'est configuré sur ce serveur : les SMS ne partiront pas (--sms-url)." : "Aucun serveur de mail n'est configuré : les e-mails iront dans le journal du serveur (--smtp-url)."}
                </Alert>
              )}
            </Stack>
          </Paper>
          <Paper variant="outlined" sx={{ p: 3 }}>
            <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
              Destinataires
            </Typography>
            <TextField
              select
              fullWidth
              label="Liste de diffusion"
              value={draft.listId}
              disabled={locked}
              sx={{ mb: 2 }}
              onChange={(ev) => {
                const l = (lists.data ?? []).find((x) => String(x.id) === ev.target.value);
                setDraft((d) => ({ ...d, listId: ev.target.value, segment: l ? l.segment : d.segment }));
              }}
              helperText="Reprend le filtre d'une liste enregistrée ; vous pouvez l'ajuster ensuite."
            >
              <MenuItem value="">Segment sur mesure</MenuItem>
              {(lists.data ?? []).map((l) => (
                <MenuItem key={l.id} value={String(l.id)}>
                  {l.name}
                </MenuItem>
              ))}
            </TextField>
            <SegmentFields value={draft.segment} onChange={(s) => setDraft((d) => ({ ...d, segment: s, listId: '' }))} restaurants={restaurants.data ?? []} disabled={locked} />
          </Paper>
          <Paper variant="outlined" sx={{ p: 3 }}>
            <Stack spacing={2}>
              <Typography variant="h6" component="h2">
                Message
              </Typography>
              {draft.channel === 'email' && (
                <TextField label="Objet" value={draft.subject} onChange={(ev) => set('subject', ev.target.value)} disabled={locked} required error={!!errors.subject} helperText={errors.subject ?? ' '} />
              )}
              <TextField
                label="Texte"
                multiline
                minRows={4}
                value={draft.body}
                onChange={(ev) => set('body', ev.target.value)}
                disabled={locked}
                required
                error={!!errors.body}
                helperText={errors.body ?? (draft.channel === 'email' ? 'Un lien de désinscription est ajouté à chaque e-mail.' : ' ')}
              />
              {draft.channel === 'sms' && <SmsCounter body={draft.body} stopLine={stopLine} />}
              <TextField label="Code promo" value={draft.promoCode} onChange={(ev) => set('promoCode', ev.target.value.toUpperCase())} disabled={locked} helperText="Facultatif : les commandes qui l'utilisent après l'envoi sont comptées." />
              <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start' }}>
                <DateField
                  label="Programmer le"
                  value={draft.scheduledAt.slice(0, 10)}
                  onChange={(day) => set('scheduledAt', day ? `${day}T${draft.scheduledAt.slice(11, 16) || '10:00'}` : '')}
                  disabled={locked}
                  error={!!errors.scheduledAt}
                  helperText={errors.scheduledAt ?? 'Laisser vide pour un brouillon ou un envoi immédiat.'}
                  width={200}
                />
                <TextField
                  size="small"
                  label="À"
                  placeholder="hh:mm"
                  value={draft.scheduledAt.slice(11, 16)}
                  onChange={(ev) => {
                    const time = ev.target.value.replace(/[^\d:]/g, '').slice(0, 5);
                    if (draft.scheduledAt) set('scheduledAt', `${draft.scheduledAt.slice(0, 10)}T${time}`);
                  }}
                  disabled={locked || !draft.scheduledAt}
                  slotProps={{ htmlInput: { inputMode: 'numeric', 'aria-label': "Heure de l'envoi" } }}
                  sx={{ width: 110 }}
                />
              </Stack>
            </Stack>
          </Paper>
        </Stack>
        <Paper variant="outlined" sx={{ p: 3, position: { lg: 'sticky' }, top: { lg: 16 } }} aria-label="Estimation">
          <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
            Estimation
          </Typography>
          {estimate.isError ? (
            <ErrorBlock onRetry={() => void estimate.refetch()} retrying={estimate.isFetching} />
          ) : !e ? (
            <LoadingPanel />
          ) : (
            <Stack spacing={1}>
              <Typography>
                <strong>{recipients.toLocaleString('fr-FR')}</strong> {recipients > 1 ? 'destinataires' : 'destinataire'}
              </Typography>
              {draft.channel === 'sms' && (
                <>
                  <Typography variant="body2" color="text.secondary">
                    {e.segments.toLocaleString('fr-FR')} {e.segments > 1 ? 'SMS' : 'SMS'} par message · {e.encoding === 'ucs2' ? 'Unicode' : 'GSM'}
                  </Typography>
                  <Typography>
                    Coût estimé : <strong>{formatMoney(e.cost.cents, e.cost.currency)}</strong>
                  </Typography>
                  {settings.data && (
                    <Typography variant="caption" color="text.secondary">
                      {formatMoney(settings.data.pricePerSms.cents, settings.data.pricePerSms.currency)} par SMS, facturé par votre fournisseur SMS.
                    </Typography>
                  )}
                </>
              )}
            </Stack>
          )}
          {!locked && (
            <Stack spacing={1} sx={{ mt: 3 }}>
              <Button variant="contained" startIcon={<SendRoundedIcon />} onClick={() => setConfirmSend(true)} disabled={pending}>
                Envoyer maintenant
              </Button>
              <Button variant="outlined" startIcon={<ScheduleRoundedIcon />} onClick={() => void onSchedule()} disabled={pending}>
                Programmer
              </Button>
              <Button onClick={() => void onDraft()} disabled={pending}>
                Enregistrer le brouillon
              </Button>
            </Stack>
          )}
        </Paper>
      </Box>
      <ConfirmDialog
        open={confirmSend}
        title="Envoyer maintenant"
        message={`Envoyer « ${draft.name || 'cette campagne'} » à ${recipients.toLocaleString('fr-FR')} ${recipients > 1 ? 'destinataires' : 'destinataire'} maintenant\u00a0?`}
        warning={draft.channel === 'sms' && e ? `Coût estimé\u00a0: ${formatMoney(e.cost.cents, e.cost.currency)}. Un envoi parti ne peut pas être rappelé.` : 'Un envoi parti ne peut pas être rappelé.'}
        confirmLabel="Envoyer"
        pending={pending}
        onCancel={() => setConfirmSend(false)}
        onConfirm={() => void onSendNow()}
      />
    </PageHeader>
  );
}
