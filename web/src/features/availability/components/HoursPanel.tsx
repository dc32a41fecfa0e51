import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Box,
  Button,
  Card,
  Checkbox,
  Chip,
  Divider,
  FormControlLabel,
  IconButton,
  Stack,
  Switch,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Tooltip,
  Typography,
} from '@mui/material';
import AddRoundedIcon from '@mui/icons-material/AddRounded';
import CloseRoundedIcon from '@mui/icons-material/CloseRounded';
import ContentCopyRoundedIcon from '@mui/icons-material/ContentCopyRounded';
import DeleteOutlineRoundedIcon from '@mui/icons-material/DeleteOutlineRounded';
import EventBusyOutlinedIcon from '@mui/icons-material/EventBusyOutlined';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import type { ChannelHours, Hours, HoursSlot, OpenState, OpeningHours } from '../../../api/types';
import { useSession } from '../../../app/session';
import { DateField } from '../../../components/DateField';
import { ErrorBlock } from '../../../components/ErrorBlock';
import { LoadingPanel } from '../../../components/LoadingPanel';
import { isConflict } from '../../../components/saveError';
import { useToast } from '../../../components/Toast';
import {
  CHANNELS,
  CHANNEL_LABELS,
  DAY_NAMES,
  addDays,
  channelValid,
  editableHours,
  endsNextDay,
  longDate,
  nextSlot,
  slotProblems,
  timeIn,
  type Channel,
} from '../model';
import { availabilityChanged, availabilityKeys, hoursQuery, saveHoursMutation } from '../queries';

/** Opening hours per channel: weekly slots and dated exceptions, saved with If-Match. */
export function HoursPanel({ restaurantId, restaurantName }: { restaurantId: number; restaurantName: string }) {
  const query = useQuery(hoursQuery(restaurantId));
  if (query.isPending) return <LoadingPanel minHeight={360} />;
  if (query.isError || !query.data) return <ErrorBlock onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  return <HoursEditor key={query.data.version} saved={query.data} restaurantId={restaurantId} restaurantName={restaurantName} />;
}

function openLabel(o: OpenState, timeZone: string): string {
  if (!o.changesAt) return o.open ? 'Ouvert' : 'Fermé';
  return o.open ? `Ouvert · ferme à ${timeIn(o.changesAt, timeZone)}` : `Fermé · ouvre à ${timeIn(o.changesAt, timeZone)}`;
}

function HoursEditor({ saved, restaurantId, restaurantName }: { saved: OpeningHours; restaurantId: number; restaurantName: string }) {
  const session = useSession();
  const readOnly = session?.roles === 'restaurant';
  const client = useQueryClient();
  const toast = useToast();
  const [draft, setDraft] = useState<Hours>(() => editableHours(saved.hours));
  const [channel, setChannel] = useState<Channel>('borne');
  const [conflict, setConflict] = useState<string | null>(null);
  const dirty = JSON.stringify(draft) !== JSON.stringify(editableHours(saved.hours));
  const valid = CHANNELS.every((c) => channelValid(draft[c]));
  const save = useMutation({
    ...saveHoursMutation(restaurantId),
    onSuccess: (next) => {
      client.setQueryData(availabilityKeys.hours(restaurantId), next);
      toast.success(`Les horaires de « ${restaurantName || 'ce restaurant'} » sont enregistrés.`);
      void availabilityChanged(client);
    },
    onError: (error) => {
      if (isConflict(error)) setConflict(error.detail);
    },
  });
  const c = draft[channel];
  const setC = (next: ChannelHours) => setDraft((d) => ({ ...d, [channel]: next }));
  const setDay = (day: number, slots: HoursSlot[]) => setC({ ...c, weekly: (c.weekly ?? []).map((d) => (d.day === day ? { ...d, slots } : d)) });
  const open = saved.open;

  return (
    <Stack spacing={2.5}>
      {conflict && (
        <Alert
          severity="warning"
          action={
            <Button color="inherit" size="small" onClick={() => void client.invalidateQueries({ queryKey: availabilityKeys.hours(restaurantId) })}>
              Recharger
            </Button>
          }
        >
          {conflict}
        </Alert>
      )}
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'center' }, justifyContent: 'space-between' }}>
        <ToggleButtonGroup exclusive value={channel} onChange={(_, v: Channel | null) => v && setChannel(v)} aria-label="Canal">
          {CHANNELS.map((ch) => (
            <ToggleButton key={ch} value={ch} sx={{ px: 2.5, gap: 1, textTransform: 'none', fontWeight: 600 }}>
              <Box
                component="span"
                aria-hidden
                sx={{ width: 8, height: 8, borderRadius: '50%', bgcolor: open[ch].open ? 'success.main' : 'text.disabled' }}
              />
              {CHANNEL_LABELS[ch]}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
          {CHANNELS.map((ch) => (
            <Chip
              key={ch}
              size="small"
              variant="outlined"
              color={open[ch].open ? 'success' : 'default'}
              label={`${CHANNEL_LABELS[ch]} : ${openLabel(open[ch], saved.timeZone)}`}
            />
          ))}
        </Stack>
      </Stack>

      <Card component="section" aria-labelledby="weekly-title">
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ px: 3, pt: 2.5, pb: 2, alignItems: { sm: 'center' } }}>
          <Box sx={{ flex: 1 }}>
            <Typography id="weekly-title" variant="h6" component="h2">
              Horaires de la semaine — {CHANNEL_LABELS[channel]}
            </Typography>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              Heures locales du restaurant ({saved.timeZone}). Un créneau qui finit avant son ouverture se termine le lendemain (06:00 au plus
              tard).
            </Typography>
          </Box>
          <FormControlLabel
            control={<Switch checked={c.alwaysOpen} disabled={readOnly} onChange={(_, v) => setC({ ...c, alwaysOpen: v })} />}
            label="Sans restriction horaire"
          />
        </Stack>
        <Divider />
        {c.alwaysOpen ? (
          <Box sx={{ px: 3, py: 3 }}>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {CHANNEL_LABELS[channel]} : ouvert à toute heure, tous les jours (sauf jours particuliers ci-dessous). Désactivez « Sans restriction
              horaire » pour définir des créneaux.
            </Typography>
          </Box>
        ) : (
          <Box>
            {(c.weekly ?? []).map((d) => (
              <DayRow
                key={d.day}
                label={DAY_NAMES[d.day] ?? ''}
                slots={d.slots ?? []}
                readOnly={readOnly}
                onChange={(slots) => setDay(d.day, slots)}
                onCopyToWeek={
                  readOnly ? undefined : () => setC({ ...c, weekly: (c.weekly ?? []).map((x) => ({ ...x, slots: (d.slots ?? []).map((s) => ({ ...s })) })) })
                }
              />
            ))}
          </Box>
        )}
      </Card>

      <Card component="section" aria-labelledby="exceptions-title">
        <Stack direction="row" spacing={2} sx={{ px: 3, pt: 2.5, pb: 2, alignItems: 'center' }}>
          <Box sx={{ flex: 1 }}>
            <Typography id="exceptions-title" variant="h6" component="h2">
              Jours particuliers — {CHANNEL_LABELS[channel]}
            </Typography>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              Jours fériés, fermetures exceptionnelles ou horaires spéciaux : ils remplacent les horaires de la semaine ce jour-là.
            </Typography>
          </Box>
          {!readOnly && (
            <Button
              variant="outlined"
              startIcon={<AddRoundedIcon />}
              onClick={() => {
                const last = (c.exceptions ?? []).at(-1)?.date;
                const date = last ? addDays(last, 1) : addDays(new Date().toISOString().slice(0, 10), 1);
                setC({ ...c, exceptions: [...(c.exceptions ?? []), { date, label: '', closed: true, slots: [] }] });
              }}
            >
              Ajouter un jour
            </Button>
          )}
        </Stack>
        <Divider />
        {(c.exceptions ?? []).length === 0 ? (
          <Stack direction="row" spacing={1.5} sx={{ px: 3, py: 3, alignItems: 'center', color: 'text.secondary' }}>
            <EventBusyOutlinedIcon fontSize="small" />
            <Typography variant="body2">Aucun jour particulier.</Typography>
          </Stack>
        ) : (
          (c.exceptions ?? []).map((e, i) => {
            const set = (next: Partial<typeof e>) => setC({ ...c, exceptions: (c.exceptions ?? []).map((x, j) => (j === i ? { ...x, ...next } : x)) });
            const duplicate = (c.exceptions ?? []).some((x, j) => j < i && x.date === e.date);
            return (
              <Box key={i} sx={{ px: 3, py: 2, borderBottom: 1, borderColor: 'divider', '&:last-child': { borderBottom: 0 } }}>
                <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'flex-start' } }}>
                  <DateField
                    label="Date"
                    value={e.date}
                    onChange={(date) => set({ date })}
                    disabled={readOnly}
                    error={duplicate}
                    helperText={duplicate ? 'Ce jour figure déjà.' : e.date ? longDate(e.date) : undefined}
                  />
                  <TextField
                    size="small"
                    label="Libellé"
                    placeholder="Noël, inventaire…"
                    value={e.label}
                    disabled={readOnly}
                    onChange={(ev) => set({ label: ev.target.value })}
                    slotProps={{ htmlInput: { maxLength: 60 } }}
                    sx={{ width: { md: 220 } }}
                  />
                  <FormControlLabel
                    control={
                      <Checkbox
                        checked={e.closed}
                        disabled={readOnly}
                        onChange={(_, closed) => set({ closed, slots: closed ? [] : e.slots?.length ? e.slots : [nextSlot([])] })}
                      />
                    }
                    label="Fermé toute la journée"
                    sx={{ mt: { md: 0.5 } }}
                  />
                  <Box sx={{ flex: 1 }}>
                    {!e.closed && <SlotEditor slots={e.slots ?? []} readOnly={readOnly} onChange={(slots) => set({ slots })} />}
                  </Box>
                  {!readOnly && (
                    <Tooltip title="Retirer ce jour">
                      <IconButton
                        aria-label={`Retirer le ${e.date}`}
                        onClick={() => setC({ ...c, exceptions: (c.exceptions ?? []).filter((_, j) => j !== i) })}
                      >
                        <DeleteOutlineRoundedIcon />
                      </IconButton>
                    </Tooltip>
                  )}
                </Stack>
              </Box>
            );
          })
        )}
      </Card>

      {save.error && save.error.status !== 409 && <Alert severity="error">{save.error.detail}</Alert>}
      {readOnly ? (
        <Stack direction="row" spacing={1} sx={{ color: 'text.secondary', alignItems: 'center' }}>
          <LockOutlinedIcon sx={{ fontSize: 16 }} />
          <Typography variant="caption">Lecture seule : le propriétaire de la franchise ou le responsable du restaurant règle les horaires.</Typography>
        </Stack>
      ) : (
        <Card sx={{ position: 'sticky', bottom: 16, zIndex: 2 }}>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ px: 3, py: 1.5, alignItems: { sm: 'center' } }}>
            <Typography variant="body2" sx={{ color: 'text.secondary', flex: 1 }}>
              {dirty
                ? 'Modifications non enregistrées'
                : saved.version > 0
                  ? `Enregistrés${saved.updatedBy ? ` par ${saved.updatedBy}` : ''}${saved.updatedAt ? ` le ${new Date(saved.updatedAt).toLocaleString('fr-FR', { dateStyle: 'short', timeStyle: 'short' })}` : ''}`
                  : 'Jamais enregistrés : tous les canaux sont ouverts à toute heure.'}
            </Typography>
            <Button
              color="inherit"
              startIcon={<ContentCopyRoundedIcon />}
              onClick={() => setDraft((d) => ({ ...d, ...Object.fromEntries(CHANNELS.filter((x) => x !== channel).map((x) => [x, structuredClone(d[channel])])) }))}
            >
              Appliquer aux autres canaux
            </Button>
            <Button color="inherit" disabled={!dirty} onClick={() => setDraft(editableHours(saved.hours))}>
              Annuler
            </Button>
            <Button variant="contained" disabled={!dirty || !valid} loading={save.isPending} onClick={() => save.mutate({ hours: draft, version: saved.version })}>
              Enregistrer
            </Button>
          </Stack>
        </Card>
      )}
    </Stack>
  );
}

function DayRow({
  label,
  slots,
  readOnly,
  onChange,
  onCopyToWeek,
}: {
  label: string;
  slots: HoursSlot[];
  readOnly: boolean;
  onChange: (slots: HoursSlot[]) => void;
  onCopyToWeek?: () => void;
}) {
  return (
    <Stack
      direction={{ xs: 'column', md: 'row' }}
      spacing={2}
      sx={{ px: 3, py: 1.5, borderBottom: 1, borderColor: 'divider', '&:last-child': { borderBottom: 0 }, alignItems: { md: 'flex-start' } }}
    >
      <Typography variant="body2" sx={{ width: 110, fontWeight: 600, pt: { md: 1 } }}>
        {label}
      </Typography>
      <Box sx={{ flex: 1 }}>
        <SlotEditor slots={slots} readOnly={readOnly} onChange={onChange} closedLabel />
      </Box>
      {onCopyToWeek && (
        <Tooltip title={`Appliquer les créneaux du ${label.toLowerCase()} à toute la semaine`}>
          <IconButton size="small" aria-label={`Copier le ${label.toLowerCase()} sur toute la semaine`} onClick={onCopyToWeek} sx={{ mt: 0.5 }}>
            <ContentCopyRoundedIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
    </Stack>
  );
}

function SlotEditor({ slots, readOnly, onChange, closedLabel }: { slots: HoursSlot[]; readOnly: boolean; onChange: (s: HoursSlot[]) => void; closedLabel?: boolean }) {
  const problems = slotProblems(slots);
  const set = (i: number, next: Partial<HoursSlot>) => onChange(slots.map((s, j) => (j === i ? { ...s, ...next } : s)));
  return (
    <Stack direction="row" spacing={1.5} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'flex-start' }}>
      {slots.length === 0 && closedLabel && <Chip label="Fermé" size="small" sx={{ mt: 0.75 }} />}
      {slots.map((s, i) => (
        <Box key={i}>
          <Stack
            direction="row"
            spacing={0.5}
            sx={{
              alignItems: 'center',
              border: 1,
              borderColor: problems[i] ? 'error.main' : 'divider',
              borderRadius: 2,
              pl: 1,
              pr: 0.5,
              py: 0.5,
            }}
          >
            <TimeInput label="Ouverture" value={s.open} disabled={readOnly} onChange={(open) => set(i, { open })} />
            <Typography sx={{ color: 'text.secondary' }}>–</Typography>
            <TimeInput label="Fermeture" value={s.close} disabled={readOnly} onChange={(close) => set(i, { close })} />
            {endsNextDay(s) && !problems[i] && (
              <Typography variant="caption" sx={{ color: 'text.secondary', px: 0.5 }}>
                le lendemain
              </Typography>
            )}
            {!readOnly && (
              <IconButton size="small" aria-label="Retirer ce créneau" onClick={() => onChange(slots.filter((_, j) => j !== i))}>
                <CloseRoundedIcon fontSize="small" />
              </IconButton>
            )}
          </Stack>
          {problems[i] && (
            <Typography variant="caption" role="alert" sx={{ color: 'error.main', display: 'block', maxWidth: 300, mt: 0.5 }}>
              {problems[i]}
            </Typography>
          )}
        </Box>
      ))}
      {!readOnly && slots.length < 6 && (
        <Button size="small" startIcon={<AddRoundedIcon />} onClick={() => onChange([...slots, nextSlot(slots)])} sx={{ mt: 0.5 }}>
          Créneau
        </Button>
      )}
    </Stack>
  );
}

/** HH:MM typed as text: the same 24-hour display in every browser language. */
function TimeInput({ label, value, disabled, onChange }: { label: string; value: string; disabled: boolean; onChange: (v: string) => void }) {
  return (
    <TextField
      variant="standard"
      value={value}
      disabled={disabled}
      placeholder="HH:MM"
      onChange={(e) => onChange(e.target.value.replace(/[^\d:]/g, '').slice(0, 5))}
      slotProps={{ htmlInput: { 'aria-label': label, inputMode: 'numeric', style: { width: 48, textAlign: 'center' } }, input: { disableUnderline: true } }}
    />
  );
}
