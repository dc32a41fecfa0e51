import { useMemo, useState, type ReactNode } from 'react';
import { Link as RouterLink, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { Controller, useForm, useWatch, type Control } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Autocomplete,
  Box,
  Button,
  Card,
  Chip,
  Divider,
  InputAdornment,
  MenuItem,
  Stack,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import SearchOffRoundedIcon from '@mui/icons-material/SearchOffRounded';
import { ApiError, errorMessage } from '../../../api/client';
import type { Restaurant } from '../../../api/types';
import type { AppRoute } from '../../../app/routeTable';
import { useSession } from '../../../app/session';
import { crumbsOf } from '../../../components/crumbs';
import { DateField } from '../../../components/DateField';
import { EmptyState } from '../../../components/EmptyState';
import { ErrorBlock } from '../../../components/ErrorBlock';
import { LabelledCheckbox } from '../../../components/LabelledCheckbox';
import { LoadingPanel } from '../../../components/LoadingPanel';
import { PageHeader } from '../../../components/PageHeader';
import { applyServerErrors } from '../../../components/serverErrors';
import { useToast } from '../../../components/Toast';
import { catalogueQuery } from '../../menus/queries';
import { currencySymbol } from '../../reports/format';
import { useFranchiseCurrency } from '../../reports/components/useCurrency';
import { restaurantsQuery } from '../../restaurants/queries';
import { CHANNELS, DAYS, ORDER_TYPES, conditionsText, effectText } from '../amounts';
import { ChoiceGroup } from '../components/ChoiceGroup';
import { ClockField } from '../components/ClockField';
import { TriggerChip } from '../components/Chips';
import { TargetPicker, categoryOptions, productOptions } from '../components/TargetPicker';
import { familyOf, listPath, parseDiscountId, type DiscountFamily } from '../paths';
import { createDiscountMutation, discountQuery, discountsChanged, updateDiscountMutation } from '../queries';
import {
  discountBody,
  discountFieldNames,
  discountFormValues,
  discountRenamedFields,
  discountSchema,
  type DiscountForm,
} from '../schemas';
import type { Discount } from '../types';

export const SAVED_TEXT = 'Réduction enregistrée.';
export const CONFLICT_TEXT =
  "Quelqu'un a modifié cette réduction pendant que vous la modifiiez. Vos changements sont toujours là : rechargez la réduction pour repartir de sa dernière version, ou annulez.";

/** « Modifier la réduction » (/brigade/editreduction/:idRed) and « Modifier une réduction » (/reductions/edit?id=). */
export function EditDiscountPage({ route }: { route: AppRoute }) {
  const { pathname } = useLocation();
  const family = familyOf(pathname);
  const params = useParams();
  const [search] = useSearchParams();
  const id = parseDiscountId(family === 'reductions' ? search.get('id') : params.idRed, family);
  const creating = id === 'new';
  const session = useSession();
  const canManage = !session || session.roles !== 'guest';
  const discount = useQuery({ ...discountQuery(typeof id === 'number' ? id : 0), enabled: typeof id === 'number' });
  const restaurants = useQuery(restaurantsQuery());
  const currency = useFranchiseCurrency();
  const back = listPath(family);
  const title = creating ? 'Nouvelle réduction' : route.title;
  const d = discount.data;

  let content;
  if (id === null || (discount.error instanceof ApiError && discount.error.status === 404)) content = <DiscountMissing listPath={back} />;
  else if (discount.isError) content = <ErrorBlock message={errorMessage(discount.error)} onRetry={() => void discount.refetch()} retrying={discount.isFetching} />;
  else if (restaurants.isError) content = <ErrorBlock message={errorMessage(restaurants.error)} onRetry={() => void restaurants.refetch()} retrying={restaurants.isFetching} />;
  else if ((!creating && !d) || !restaurants.data) content = <LoadingPanel minHeight="40vh" />;
  // Keyed by the discount: a background refetch never wipes what the user is typing.
  else
    content = (
      <DiscountEditor
        key={d?.id ?? 'new'}
        discount={d}
        restaurants={restaurants.data}
        currency={currency}
        family={family}
        readOnly={!canManage}
        restaurantsRequired={session?.roles === 'moderator' || session?.roles === 'restaurant'}
      />
    );

  return (
    <PageHeader
      title={title}
      subtitle={
        d ? (
          <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
            <span>{d.name}</span>
            <TriggerChip automatic={d.automatic} />
          </Box>
        ) : creating ? (
          "Ce qu'elle retire, sur quoi, et quand elle s'applique : automatiquement à la borne ou avec un code promo."
        ) : undefined
      }
      breadcrumbs={[...crumbsOf(route).slice(0, 2), { label: 'Réductions', to: back }, { label: title }]}
    >
      {content}
    </PageHeader>
  );
}

function DiscountMissing({ listPath: to }: { listPath: string }) {
  return (
    <Card>
      <EmptyState
        icon={<SearchOffRoundedIcon />}
        title="Réduction introuvable"
        message="Cette réduction n'existe pas, a été supprimée ou ne fait pas partie de vos restaurants."
        action={
          <Button component={RouterLink} to={to} variant="outlined">
            Retour à la liste des réductions
          </Button>
        }
      />
    </Card>
  );
}

interface DiscountEditorProps {
  discount: Discount | undefined;
  restaurants: Restaurant[];
  currency: string;
  family: DiscountFamily;
  readOnly: boolean;
  restaurantsRequired: boolean;
}

function DiscountEditor({ discount, restaurants, currency, family, readOnly, restaurantsRequired }: DiscountEditorProps) {
  const client = useQueryClient();
  const toast = useToast();
  const navigate = useNavigate();
  // The version this form was read at; « Recharger » after a conflict moves it to the latest.
  const [base, setBase] = useState(discount);
  const creating = !base;
  const form = useForm<DiscountForm>({ resolver: zodResolver(discountSchema({ restaurantsRequired })), defaultValues: discountFormValues(base, currency) });
  const { register, control, handleSubmit, setError, formState, reset } = form;
  const errors = formState.errors;
  const [banner, setBanner] = useState<string | null>(null);
  const [conflict, setConflict] = useState(false);
  const back = listPath(family);

  const done = (saved: Discount) => {
    discountsChanged(client, saved);
    toast.success(SAVED_TEXT);
    void navigate(back);
  };
  const failed = (error: ApiError) => {
    if (error.status === 409) {
      setConflict(true);
      setBanner(null);
      return;
    }
    setBanner(applyServerErrors<DiscountForm>(error, discountFieldNames, setError, discountRenamedFields) ? null : error.detail);
  };
  const create = useMutation({ ...createDiscountMutation(), onSuccess: done, onError: failed });
  const update = useMutation({ ...updateDiscountMutation(), onSuccess: done, onError: failed });
  const saving = create.isPending || update.isPending;

  const reload = useQuery({ ...discountQuery(base?.id ?? 0), enabled: false });
  const reloadLatest = async () => {
    const { data } = await reload.refetch();
    if (data) {
      setBase(data);
      reset(discountFormValues(data, currency));
      setConflict(false);
    }
  };

  const submit = handleSubmit((values) => {
    setBanner(null);
    setConflict(false);
    const body = discountBody(values, base);
    if (base?.id) update.mutate({ id: base.id, version: base.version, body });
    else create.mutate(body);
  });

  const kind = useWatch({ control, name: 'kind' });
  const target = useWatch({ control, name: 'rules.target' });
  const formCurrency = useWatch({ control, name: 'currency' });
  const currencies = useMemo(() => [...new Set([currency, ...restaurants.map((r) => r.currency).filter(Boolean)])], [currency, restaurants]);
  const moneySign = currencySymbol(kind === 'montant' ? formCurrency || currency : currency);

  const catalogue = useQuery({ ...catalogueQuery(), enabled: target !== 'order' });
  const carteName = useMemo(() => {
    const names = new Map((catalogue.data?.campaigns ?? []).map((c) => [c.id, c.nom]));
    return (cid: number) => names.get(cid) ?? `Carte n° ${cid}`;
  }, [catalogue.data]);
  const options = useMemo(() => {
    const items = catalogue.data?.items ?? [];
    return target === 'categories' ? categoryOptions(items, carteName) : productOptions(items, carteName);
  }, [catalogue.data, target, carteName]);

  const twoColumns = { display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))' }, columnGap: 2.5, rowGap: 2 } as const;

  return (
    <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 1fr) 340px' }, alignItems: 'start' }}>
      <Card component="form" noValidate onSubmit={(e) => void submit(e)} aria-label={creating ? 'Nouvelle réduction' : 'Modifier la réduction'}>
        <Box component="fieldset" disabled={readOnly} sx={{ border: 0, m: 0, p: 0, minWidth: 0 }}>
          <Stack spacing={3} sx={{ px: 3, pt: 3, pb: 2.5 }}>
            {readOnly && <Alert severity="info">Votre compte invité lit les réductions sans pouvoir les modifier.</Alert>}
            {conflict && (
              <Alert
                severity="warning"
                action={
                  <Button color="inherit" size="small" onClick={() => void reloadLatest()} loading={reload.isFetching}>
                    Recharger
                  </Button>
                }
              >
                {CONFLICT_TEXT}
              </Alert>
            )}
            {banner && <Alert severity="error">{banner}</Alert>}

            <Section title="Réduction" text="Son nom est repris sur le ticket et dans Mes Réductions.">
              <Stack spacing={2}>
                <TextField
                  label="Nom"
                  required
                  fullWidth
                  autoFocus={creating}
                  error={Boolean(errors.name)}
                  helperText={errors.name?.message ?? ' '}
                  {...register('name')}
                />
                <Box sx={twoColumns}>
                  <Controller
                    control={control}
                    name="kind"
                    render={({ field }) => (
                      <Box>
                        <Typography variant="body2" sx={{ fontWeight: 500, mb: 0.75 }}>
                          Type de réduction
                        </Typography>
                        <ToggleButtonGroup
                          exclusive
                          size="small"
                          value={field.value}
                          onChange={(_, v: DiscountForm['kind'] | null) => v && field.onChange(v)}
                          aria-label="Type de réduction"
                          fullWidth
                        >
                          <ToggleButton value="pourcentage" sx={{ textTransform: 'none' }}>
                            Pourcentage
                          </ToggleButton>
                          <ToggleButton value="montant" sx={{ textTransform: 'none' }}>
                            Montant
                          </ToggleButton>
                        </ToggleButtonGroup>
                      </Box>
                    )}
                  />
                  <Stack direction="row" spacing={1.5} sx={{ alignItems: 'flex-end' }}>
                    <TextField
                      label={kind === 'pourcentage' ? 'Pourcentage' : 'Montant'}
                      required
                      fullWidth
                      autoComplete="off"
                      placeholder={kind === 'pourcentage' ? '10' : '2,50'}
                      error={Boolean(errors.valueText)}
                      helperText={errors.valueText?.message ?? (kind === 'pourcentage' ? 'Par exemple 12,5 pour 12,5 %.' : 'Par exemple 2,50.')}
                      slotProps={{
                        htmlInput: { inputMode: 'decimal' },
                        input: { endAdornment: <InputAdornment position="end">{kind === 'pourcentage' ? '%' : moneySign}</InputAdornment> },
                      }}
                      {...register('valueText')}
                    />
                    {kind === 'montant' && (
                      <Controller
                        control={control}
                        name="currency"
                        render={({ field }) => (
                          <TextField
                            select
                            label="Devise"
                            value={field.value}
                            onChange={(e) => field.onChange(e.target.value)}
                            inputRef={field.ref}
                            error={Boolean(errors.currency)}
                            helperText={errors.currency?.message ?? ' '}
                            sx={{ minWidth: 110 }}
                          >
                            {[...new Set([...currencies, field.value])].filter(Boolean).map((c) => (
                              <MenuItem key={c} value={c}>
                                {c}
                              </MenuItem>
                            ))}
                          </TextField>
                        )}
                      />
                    )}
                  </Stack>
                </Box>
                {kind === 'montant' && (
                  <Typography variant="caption" sx={{ color: 'text.secondary', mt: -1 }}>
                    Une réduction en {formCurrency || currency} ne s'applique que dans les restaurants qui comptent en {formCurrency || currency}.
                  </Typography>
                )}
              </Stack>
            </Section>
            <Divider />

            <Section title="Appliquée sur">
              <Stack spacing={2}>
                <Controller
                  control={control}
                  name="rules.target"
                  render={({ field }) => (
                    <ToggleButtonGroup
                      exclusive
                      size="small"
                      value={field.value}
                      onChange={(_, v: DiscountForm['rules']['target'] | null) => {
                        if (!v) return;
                        field.onChange(v);
                        // Categories and products are not the same ids: a switch starts an empty choice.
                        form.setValue('rules.targetIds', []);
                      }}
                      aria-label="Appliquée sur"
                    >
                      <ToggleButton value="order" sx={{ textTransform: 'none', px: 2 }}>
                        Toute la commande
                      </ToggleButton>
                      <ToggleButton value="categories" sx={{ textTransform: 'none', px: 2 }}>
                        Des catégories
                      </ToggleButton>
                      <ToggleButton value="products" sx={{ textTransform: 'none', px: 2 }}>
                        Des produits
                      </ToggleButton>
                    </ToggleButtonGroup>
                  )}
                />
                {target !== 'order' &&
                  (catalogue.isError ? (
                    <ErrorBlock message={errorMessage(catalogue.error)} onRetry={() => void catalogue.refetch()} retrying={catalogue.isFetching} />
                  ) : (
                    <Controller
                      control={control}
                      name="rules.targetIds"
                      render={({ field }) => (
                        <TargetPicker
                          ref={field.ref}
                          kind={target}
                          options={options}
                          value={field.value}
                          onChange={field.onChange}
                          loading={catalogue.isPending}
                          error={errors.rules?.targetIds?.message}
                        />
                      )}
                    />
                  ))}
              </Stack>
            </Section>
            <Divider />

            <Section title="Conditions" text="Laissez vide ce qui ne limite pas la réduction.">
              <Stack spacing={2.5}>
                <Box sx={twoColumns}>
                  <TextField
                    label="Panier minimum"
                    fullWidth
                    autoComplete="off"
                    placeholder="15,00"
                    error={Boolean(errors.rules?.minBasketText)}
                    helperText={errors.rules?.minBasketText?.message ?? 'Sous-total avant réduction ; vide : aucun minimum.'}
                    slotProps={{ htmlInput: { inputMode: 'decimal' }, input: { endAdornment: <InputAdornment position="end">{moneySign}</InputAdornment> } }}
                    {...register('rules.minBasketText')}
                  />
                </Box>
                <Controller
                  control={control}
                  name="rules.orderTypes"
                  render={({ field }) => (
                    <ChoiceGroup label="Types de commande" options={ORDER_TYPES} value={field.value} onChange={field.onChange} noneText="Tous les types de commande." error={errors.rules?.orderTypes?.message} />
                  )}
                />
                <Controller
                  control={control}
                  name="rules.channels"
                  render={({ field }) => (
                    <ChoiceGroup label="Canaux" options={CHANNELS} value={field.value} onChange={field.onChange} noneText="Caisse, borne et click & collect." error={errors.rules?.channels?.message} />
                  )}
                />
                <Controller
                  control={control}
                  name="rules.days"
                  render={({ field }) => (
                    <ChoiceGroup
                      label="Jours"
                      options={DAYS.map((d) => ({ code: d.code, label: d.short }))}
                      value={field.value}
                      onChange={field.onChange}
                      noneText="Tous les jours."
                      error={errors.rules?.days?.message}
                    />
                  )}
                />
                <Box sx={twoColumns}>
                  <Controller
                    control={control}
                    name="rules.startTime"
                    render={({ field }) => (
                      <ClockField label="De" name="startTime" value={field.value} onChange={field.onChange} error={Boolean(errors.rules?.startTime)} helperText={errors.rules?.startTime?.message ?? 'Heure locale du restaurant ; vide : toute la journée.'} />
                    )}
                  />
                  <Controller
                    control={control}
                    name="rules.endTime"
                    render={({ field }) => (
                      <ClockField label="À" name="endTime" value={field.value} onChange={field.onChange} error={Boolean(errors.rules?.endTime)} helperText={errors.rules?.endTime?.message ?? 'Exclue ; une plage peut passer minuit (22 h → 2 h).'} />
                    )}
                  />
                  <Controller
                    control={control}
                    name="startDate"
                    render={({ field }) => (
                      <DateField label="Du" value={field.value} onChange={field.onChange} fullWidth error={Boolean(errors.startDate)} helperText={errors.startDate?.message ?? 'Vide : dès maintenant.'} />
                    )}
                  />
                  <Controller
                    control={control}
                    name="endDate"
                    render={({ field }) => (
                      <DateField label="Au" value={field.value} onChange={field.onChange} fullWidth error={Boolean(errors.endDate)} helperText={errors.endDate?.message ?? 'Inclus ; vide : sans fin.'} />
                    )}
                  />
                </Box>
                <Controller
                  control={control}
                  name="rules.restaurants"
                  render={({ field }) => (
                    <Autocomplete
                      multiple
                      disableCloseOnSelect
                      options={restaurants}
                      value={restaurants.filter((r) => field.value.includes(r.id))}
                      getOptionLabel={(r) => (r.ville ? `${r.nom} — ${r.ville}` : r.nom)}
                      isOptionEqualToValue={(a, b) => a.id === b.id}
                      onChange={(_, next) => field.onChange(next.map((r) => r.id))}
                      noOptionsText="Aucun restaurant"
                      renderValue={(list, getItemProps) =>
                        list.map((r, index) => {
                          const { key, ...props } = getItemProps({ index });
                          return <Chip key={key} size="small" label={r.nom} {...props} />;
                        })
                      }
                      renderInput={(params) => (
                        <TextField
                          {...params}
                          inputRef={field.ref}
                          label="Restaurants"
                          required={restaurantsRequired}
                          placeholder={field.value.length === 0 ? 'Toute la franchise' : undefined}
                          error={Boolean(errors.rules?.restaurants)}
                          helperText={errors.rules?.restaurants?.message ?? (restaurantsRequired ? 'Les restaurants où elle s\'applique.' : 'Vide : tous les restaurants de la franchise.')}
                        />
                      )}
                    />
                  )}
                />
              </Stack>
            </Section>
            <Divider />

            <Section title="Application">
              <Stack spacing={1.5}>
                <Controller
                  control={control}
                  name="automatic"
                  render={({ field }) => (
                    <LabelledCheckbox
                      label="Automatique"
                      checked={field.value}
                      onChange={field.onChange}
                      disabled={readOnly}
                      description="La borne l'applique d'elle-même quand les conditions sont remplies. Sinon, elle ne s'obtient qu'avec un code promo."
                    />
                  )}
                />
                <Controller
                  control={control}
                  name="stackable"
                  render={({ field }) => (
                    <LabelledCheckbox label="Cumulable" checked={field.value} onChange={field.onChange} disabled={readOnly} description="Se cumule avec les autres réductions cumulables de la commande." />
                  )}
                />
                <Controller
                  control={control}
                  name="active"
                  render={({ field }) => (
                    <LabelledCheckbox label="Active" checked={field.value} onChange={field.onChange} disabled={readOnly} description="Désactivée, elle ne s'applique plus et ses codes sont refusés." />
                  )}
                />
              </Stack>
            </Section>
          </Stack>
        </Box>
        <Divider />
        <Stack direction="row" spacing={1.5} sx={{ px: 3, py: 2, justifyContent: 'flex-end' }}>
          <Button component={RouterLink} to={back} color="inherit" disabled={saving}>
            {readOnly ? 'Retour' : 'Annuler'}
          </Button>
          {!readOnly && (
            <Button type="submit" variant="contained" disabled={saving} loading={saving}>
              Enregistrer
            </Button>
          )}
        </Stack>
      </Card>
      <Summary control={control} restaurants={restaurants} currency={currency} codes={base?.codes ?? 0} editCodesHint={!creating} />
    </Box>
  );
}

/** The discount as the kiosk will apply it, rewritten as the user types. */
function Summary({ control, restaurants, currency, codes, editCodesHint }: { control: Control<DiscountForm>; restaurants: Restaurant[]; currency: string; codes: number; editCodesHint: boolean }) {
  const values = useWatch({ control });
  const names = useMemo(() => new Map(restaurants.map((r) => [r.id, r.nom])), [restaurants]);
  const body = discountBody(
    {
      ...discountFormValues(undefined, currency),
      ...values,
      rules: { ...discountFormValues(undefined, currency).rules, ...values.rules },
    } as DiscountForm,
    undefined,
  );
  const valid = body.value > 0;
  const conditions = conditionsText(body, (id) => names.get(id) ?? `Restaurant n° ${id}`, currency);
  return (
    <Card component="section" sx={{ position: { lg: 'sticky' }, top: { lg: 94 } }} aria-label="Résumé">
      <Box sx={{ px: 2.5, py: 2, borderBottom: 1, borderColor: 'divider' }}>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
          Résumé
        </Typography>
        <Typography variant="caption" sx={{ color: 'text.secondary' }}>
          Ce que la borne et la caisse appliqueront.
        </Typography>
      </Box>
      <Stack spacing={1.5} sx={{ px: 2.5, py: 2 }}>
        <Typography variant="body1" sx={{ fontWeight: 600 }}>
          {body.name || 'Sans nom'}
        </Typography>
        <Typography variant="h6" component="p" sx={{ color: valid ? 'primary.main' : 'text.secondary', fontSize: '1.125rem' }}>
          {valid ? effectText(body) : 'Valeur à saisir'}
        </Typography>
        <Box>
          <Typography variant="caption" sx={{ color: 'text.secondary', textTransform: 'uppercase', letterSpacing: 0.4 }}>
            Conditions
          </Typography>
          {conditions.length === 0 ? (
            <Typography variant="body2">Sans condition</Typography>
          ) : (
            <Box component="ul" sx={{ m: 0, pl: 2.25 }}>
              {conditions.map((c) => (
                <Typography key={c} component="li" variant="body2">
                  {c}
                </Typography>
              ))}
            </Box>
          )}
        </Box>
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
          <TriggerChip automatic={body.automatic} />
          {body.stackable && <Chip size="small" variant="outlined" label="Cumulable" />}
          <Chip size="small" color={body.active ? 'success' : 'default'} variant="outlined" label={body.active ? 'Active' : 'Inactive'} />
        </Stack>
        {!body.automatic && (
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {editCodesHint
              ? `${codes} code${codes > 1 ? 's' : ''} promo accorde${codes > 1 ? 'nt' : ''} cette réduction. Créez-en depuis l'écran Codes Promo.`
              : "Une fois enregistrée, créez ses codes depuis l'écran Codes Promo."}
          </Typography>
        )}
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
      {text ? (
        <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
          {text}
        </Typography>
      ) : (
        <Box sx={{ mb: 2 }} />
      )}
      {children}
    </Box>
  );
}

