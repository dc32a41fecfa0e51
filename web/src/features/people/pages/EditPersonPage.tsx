import { useEffect, useState, type ReactNode } from 'react';
import { Link as RouterLink, useLocation, useNavigate, useParams } from 'react-router';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Box, Button, Card, Divider, MenuItem, Stack, TextField, Typography } from '@mui/material';
import PersonOffOutlinedIcon from '@mui/icons-material/PersonOffOutlined';
import { ApiError, errorMessage } from '../../../api/client';
import type { Restaurant } from '../../../api/types';
import { useSession } from '../../../app/session';
import { PageHeader } from '../../../components/PageHeader';
import { LoadingPanel } from '../../../components/LoadingPanel';
import { ErrorBlock } from '../../../components/ErrorBlock';
import { EmptyState } from '../../../components/EmptyState';
import { applyServerErrors } from '../../../components/serverErrors';
import { useToast } from '../../../components/Toast';
import { restaurantsQuery } from '../../restaurants/queries';
import { PeopleForbidden } from '../components/PeopleForbidden';
import { RestaurantChecklist } from '../components/RestaurantChecklist';
import { RoleCards } from '../components/RoleCards';
import { StatusChip } from '../components/RoleChip';
import { listPathFrom, peopleCrumbs } from '../paths';
import { createPersonMutation, personQuery, personSaved, updatePersonMutation } from '../queries';
import { personName } from '../roles';
import {
  MIN_PASSWORD,
  newPersonBody,
  personBody,
  personFieldNames,
  personFormValues,
  personSchema,
  type PersonForm,
} from '../schemas';
import type { Person } from '../types';

export const SAVED_TEXT = 'Compte enregistré.';

/** The route's `id`: 'new', a positive number, or null for anything else (shown as not found). */
function parseId(raw: string | undefined): 'new' | number | null {
  if (raw === 'new') return 'new';
  if (!raw || !/^\d+$/.test(raw)) return null;
  const n = Number(raw);
  return Number.isSafeInteger(n) && n > 0 ? n : null;
}

/** 'Nouveau compte' (/brigade/EditUtilisateur/new) or 'Modifier le compte' (/brigade/EditUtilisateur/{id}). */
export function EditPersonPage() {
  const params = useParams();
  const id = parseId(params.id);
  const creating = id === 'new';
  const session = useSession();
  const allowed = !session || session.roles === 'admin';
  const listPath = listPathFrom(useLocation().state);
  const person = useQuery({ ...personQuery(typeof id === 'number' ? id : 0), enabled: allowed && typeof id === 'number' });
  const restaurants = useQuery({ ...restaurantsQuery(), enabled: allowed && id !== null });
  const title = creating ? 'Nouveau compte' : 'Modifier le compte';
  const p = person.data;
  const forbidden = !allowed || [person.error, restaurants.error].some((e) => e instanceof ApiError && e.status === 403);

  let content;
  if (forbidden) content = <PeopleForbidden />;
  else if (id === null || (person.error instanceof ApiError && person.error.status === 404)) content = <PersonMissing listPath={listPath} />;
  else if (person.isError) content = <ErrorBlock message={errorMessage(person.error)} onRetry={() => void person.refetch()} retrying={person.isFetching} />;
  else if (restaurants.isError)
    content = <ErrorBlock message={errorMessage(restaurants.error)} onRetry={() => void restaurants.refetch()} retrying={restaurants.isFetching} />;
  else if ((!creating && !p) || !restaurants.data) content = <LoadingPanel minHeight="40vh" />;
  // Keyed by the account: a refetch never wipes what the user is typing.
  else content = <PersonEditor key={p?.id ?? 'new'} person={p} restaurants={restaurants.data} listPath={listPath} />;

  return (
    <PageHeader
      title={title}
      subtitle={
        p ? (
          <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
            <span>
              {personName(p)} · {p.login}
            </span>
            {p.blocked && <StatusChip blocked />}
          </Box>
        ) : creating ? (
          'Un identifiant, un premier mot de passe, un rôle et les restaurants du compte.'
        ) : undefined
      }
      breadcrumbs={peopleCrumbs(listPath, { label: title })}
    >
      {content}
    </PageHeader>
  );
}

function PersonMissing({ listPath }: { listPath: string }) {
  return (
    <Card>
      <EmptyState
        icon={<PersonOffOutlinedIcon />}
        title="Compte introuvable"
        message="Ce compte n'existe pas ou ne fait pas partie de votre franchise."
        action={
          <Button component={RouterLink} to={listPath} variant="outlined">
            Retour à la liste des comptes
          </Button>
        }
      />
    </Card>
  );
}

interface PersonEditorProps {
  person: Person | undefined;
  restaurants: Restaurant[];
  listPath: string;
}

function PersonEditor({ person, restaurants, listPath }: PersonEditorProps) {
  const creating = !person;
  const client = useQueryClient();
  const toast = useToast();
  const navigate = useNavigate();
  const form = useForm<PersonForm>({ resolver: zodResolver(personSchema(creating)), defaultValues: personFormValues(person) });
  const { register, control, handleSubmit, setError, formState } = form;
  const errors = formState.errors;
  const role = useWatch({ control, name: 'role' });
  const [banner, setBanner] = useState<string | null>(null);

  const done = (saved: Person) => {
    personSaved(client, saved);
    toast.success(SAVED_TEXT);
    void navigate(listPath);
  };
  const failed = (error: ApiError) => {
    setBanner(applyServerErrors<PersonForm>(error, personFieldNames, setError) ? null : error.detail);
  };
  const create = useMutation({ ...createPersonMutation(), onSuccess: done, onError: failed });
  const update = useMutation({ ...updatePersonMutation(person?.id ?? 0), onSuccess: done, onError: failed });
  const saving = create.isPending || update.isPending;

  // A moderator's restaurant and a guest's list follow each other when the role changes, so
  // switching back and forth loses nothing and a one-restaurant guest becomes its moderator.
  const { getValues, setValue } = form;
  useEffect(() => {
    if (role === 'moderator') {
      const list = getValues('restaurants');
      if (!getValues('restaurantId') && list.length === 1 && list[0] !== undefined) setValue('restaurantId', list[0]);
    } else {
      const rid = getValues('restaurantId');
      if (rid && getValues('restaurants').length === 0) setValue('restaurants', [rid]);
    }
  }, [role, getValues, setValue]);

  const submit = handleSubmit((values) => {
    setBanner(null);
    if (creating) create.mutate(newPersonBody(values));
    else update.mutate(personBody(values));
  });

  const twoColumns = { display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))' }, columnGap: 2.5, rowGap: 2 } as const;

  return (
    <Card component="form" noValidate onSubmit={(e) => void submit(e)} aria-label={creating ? 'Nouveau compte' : 'Modifier le compte'}>
      <Stack spacing={3} sx={{ px: 3, pt: 3, pb: 2.5 }}>
        {banner && <Alert severity="error">{banner}</Alert>}
        <Section title="Connexion" text={creating ? "L'identifiant ne pourra plus changer ensuite." : "L'identifiant ne change pas. Le mot de passe se réinitialise depuis la liste des comptes."}>
          <Box sx={twoColumns}>
            <TextField
              label="Identifiant"
              required={creating}
              fullWidth
              autoFocus={creating}
              autoComplete="off"
              error={Boolean(errors.login)}
              helperText={errors.login?.message ?? (creating ? 'Sans espace ; sert à se connecter.' : ' ')}
              slotProps={{ input: { readOnly: !creating }, htmlInput: { spellCheck: false } }}
              {...register('login')}
            />
            <Box sx={{ display: { xs: 'none', sm: 'block' } }} />
            {creating && (
              <>
                <TextField
                  label="Mot de passe"
                  type="password"
                  required
                  fullWidth
                  autoComplete="new-password"
                  error={Boolean(errors.password)}
                  helperText={errors.password?.message ?? `Au moins ${MIN_PASSWORD} caractères.`}
                  {...register('password')}
                />
                <TextField
                  label="Confirmation"
                  type="password"
                  required
                  fullWidth
                  autoComplete="new-password"
                  error={Boolean(errors.confirmation)}
                  helperText={errors.confirmation?.message ?? ' '}
                  {...register('confirmation')}
                />
              </>
            )}
          </Box>
        </Section>
        <Divider />
        <Section title="Identité">
          <Box sx={twoColumns}>
            <TextField label="Nom" required fullWidth autoFocus={!creating} error={Boolean(errors.nom)} helperText={errors.nom?.message ?? ' '} {...register('nom')} />
            <TextField label="Prénom" fullWidth error={Boolean(errors.prenom)} helperText={errors.prenom?.message ?? ' '} {...register('prenom')} />
            <TextField
              label="E-mail"
              type="email"
              fullWidth
              autoComplete="off"
              error={Boolean(errors.email)}
              helperText={errors.email?.message ?? ' '}
              {...register('email')}
            />
          </Box>
        </Section>
        <Divider />
        <Section title="Accès">
          <Stack spacing={2.5}>
            <Controller
              control={control}
              name="role"
              render={({ field }) => <RoleCards value={field.value} onChange={field.onChange} error={errors.role?.message} />}
            />
            {role === 'moderator' ? (
              <Controller
                control={control}
                name="restaurantId"
                render={({ field }) => (
                  <TextField
                    select
                    label="Restaurant"
                    required
                    fullWidth
                    value={field.value || ''}
                    inputRef={field.ref}
                    onBlur={field.onBlur}
                    onChange={(e) => field.onChange(Number(e.target.value))}
                    error={Boolean(errors.restaurantId)}
                    helperText={errors.restaurantId?.message ?? 'Le restaurant que ce modérateur gère.'}
                    sx={{ maxWidth: { sm: 'calc(50% - 10px)' } }}
                  >
                    {restaurants.length === 0 && (
                      <MenuItem value="" disabled>
                        La franchise n'a aucun restaurant.
                      </MenuItem>
                    )}
                    {restaurants.map((r) => (
                      <MenuItem key={r.id} value={r.id}>
                        {r.nom}
                        {r.ville ? ` — ${r.ville}` : ''}
                      </MenuItem>
                    ))}
                  </TextField>
                )}
              />
            ) : (
              <Controller
                control={control}
                name="restaurants"
                render={({ field }) => (
                  <RestaurantChecklist
                    ref={field.ref}
                    restaurants={restaurants}
                    value={field.value}
                    onChange={field.onChange}
                    error={errors.restaurants?.message}
                  />
                )}
              />
            )}
          </Stack>
        </Section>
      </Stack>
      <Divider />
      <Stack direction="row" spacing={1.5} sx={{ px: 3, py: 2, justifyContent: 'flex-end' }}>
        <Button component={RouterLink} to={listPath} color="inherit" disabled={saving}>
          Annuler
        </Button>
        <Button type="submit" variant="contained" disabled={saving} loading={saving}>
          Enregistrer
        </Button>
      </Stack>
    </Card>
  );
}

function Section({ title, text, children }: { title: string; text?: string; children: ReactNode }) {
  return (
    <Box component="section">
      <Typography variant="h6" component="h2" sx={{ fontSize: '1rem' }}>
        {title}
      </Typography>
      {text && (
        <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
          {text}
        </Typography>
      )}
      {!text && <Box sx={{ mb: 2 }} />}
      {children}
    </Box>
  );
}
