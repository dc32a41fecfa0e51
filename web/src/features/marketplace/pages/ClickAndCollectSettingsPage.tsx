import { useState, type ReactNode } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Divider,
  FormControlLabel,
  InputAdornment,
  MenuItem,
  Stack,
  Switch,
  TextField,
  Typography,
} from '@mui/material';
import StorefrontOutlinedIcon from '@mui/icons-material/StorefrontOutlined';
import ShoppingBagOutlinedIcon from '@mui/icons-material/ShoppingBagOutlined';
import AddRoundedIcon from '@mui/icons-material/AddRounded';
import { ApiError } from '../../../api/client';
import type { AppRoute } from '../../../app/routeTable';
import { useSession } from '../../../app/session';
import { crumbsOf } from '../../../components/crumbs';
import { EmptyState } from '../../../components/EmptyState';
import { ErrorBlock } from '../../../components/ErrorBlock';
import { LoadingPanel } from '../../../components/LoadingPanel';
import { PageHeader } from '../../../components/PageHeader';
import { Toggle } from '../../../components/Toggle';
import { useToast } from '../../../components/Toast';
import { formatCount } from '../../deploy/format';
import { currencySymbol } from '../../reports/format';
import { RestaurantFilter } from '../../restaurants/RestaurantFilter';
import { useReportRestaurant } from '../../orders/useReportRestaurant';
import {
  SLOT_CHOICES,
  fieldOf,
  formOf,
  ordersPerHour,
  settingsOf,
  validate,
  type CollectField,
  type CollectForm,
} from '../clickAndCollectForm';
import { addModuleMutation, configureMutation, marketplaceChanged, marketplaceQuery, setStatusMutation } from '../queries';
import { SELECT_RESTAURANT_TEXT, canManageRole } from '../texts';
import type { MarketplaceModule, MarketplaceRestaurant } from '../types';

/**
 * Configuration Click & Collect (/{product}/configclickandcollect): one restaurant's click & collect
 * module — on or off, pickup slots and their capacity, preparation time, minimum order and fees,
 * automatic acceptance. The click & collect apps read them from /kiosk/v1/clickandcollect.
 */
export function ClickAndCollectSettingsPage({ route }: { route: AppRoute }) {
  const session = useSession();
  const { choice, fixed, loading, currency } = useReportRestaurant();
  const canManage = canManageRole(session?.roles);
  const restaurantId = typeof choice === 'number' && choice !== 0 ? choice : null;
  const list = useQuery({ ...marketplaceQuery(restaurantId ?? 0), enabled: restaurantId !== null });
  const client = useQueryClient();
  const toast = useToast();
  const add = useMutation({
    ...addModuleMutation(),
    onSuccess: () => toast.success('Le module Click & Collect est ajouté au restaurant, désactivé : réglez-le puis activez-le.'),
    onError: (error) => toast.error(error.detail),
    onSettled: () => void marketplaceChanged(client),
  });

  const restaurant = list.data?.restaurants?.[0];
  const module = restaurant?.modules?.find((m) => m.kind === 'click_and_collect');

  let body: ReactNode;
  if (restaurantId === null) {
    body =
      fixed && loading ? (
        <LoadingPanel minHeight={360} />
      ) : (
        <Card>
          <EmptyState message={SELECT_RESTAURANT_TEXT} icon={<StorefrontOutlinedIcon />} minHeight={360} />
        </Card>
      );
  } else if (list.isPending) {
    body = <LoadingPanel minHeight={360} />;
  } else if (list.isError || !restaurant) {
    body = <ErrorBlock onRetry={() => void list.refetch()} retrying={list.isFetching} />;
  } else if (!module) {
    body = (
      <Card>
        <EmptyState
          icon={<ShoppingBagOutlinedIcon />}
          minHeight={360}
          message={`Le Click & Collect n'est pas encore installé sur ${restaurant.nom}.`}
          action={
            canManage ? (
              <Button
                variant="contained"
                startIcon={<AddRoundedIcon />}
                loading={add.isPending}
                onClick={() => add.mutate({ restaurantId: restaurant.id, kind: 'click_and_collect' })}
              >
                Ajouter le Click & Collect
              </Button>
            ) : undefined
          }
        />
      </Card>
    );
  } else {
    body = <SettingsCard key={`${restaurant.id}-${module.version}`} restaurant={restaurant} module={module} canManage={canManage} currency={currency} />;
  }

  return (
    <PageHeader
      title={route.title}
      subtitle="Créneaux de retrait, capacité, temps de préparation et frais du Click & Collect, restaurant par restaurant."
      breadcrumbs={crumbsOf(route)}
      actions={<RestaurantFilter />}
    >
      {body}
    </PageHeader>
  );
}

function SettingsCard({
  restaurant,
  module,
  canManage,
  currency,
}: {
  restaurant: MarketplaceRestaurant;
  module: MarketplaceModule;
  canManage: boolean;
  currency: string;
}) {
  const symbol = currencySymbol(currency);
  const client = useQueryClient();
  const toast = useToast();
  const [form, setForm] = useState<CollectForm>(() => formOf(module.settings));
  const [errors, setErrors] = useState<Partial<Record<CollectField, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const ref = { restaurantId: restaurant.id, kind: module.kind };

  const save = useMutation({
    ...configureMutation(),
    onSuccess: () => {
      toast.success(`Les réglages Click & Collect de ${restaurant.nom} sont enregistrés.`);
      void marketplaceChanged(client);
    },
    onError: (error) => {
      const placed: Partial<Record<CollectField, string>> = {};
      for (const e of error instanceof ApiError ? error.errors : []) {
        const key = fieldOf(e.location);
        if (key && e.message) placed[key] = e.message;
      }
      setErrors(placed);
      setFailure(
        error.status === 409
          ? 'Ces réglages ont été modifiés entre-temps par quelqu’un d’autre. Rechargez la page : vos saisies sont encore affichées.'
          : error.detail,
      );
    },
  });
  const toggle = useMutation({
    ...setStatusMutation(),
    onSuccess: (m) => toast.success(m.status ? 'Le Click & Collect est activé.' : 'Le Click & Collect est désactivé.'),
    onError: (error) => toast.error(error.detail),
    onSettled: () => void marketplaceChanged(client),
  });

  const set = <K extends keyof CollectForm>(key: K, value: CollectForm[K]) => {
    setForm((f) => ({ ...f, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };
  const submit = () => {
    const found = validate(form);
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length > 0) return;
    save.mutate({ ...ref, settings: settingsOf(form), selected_pos: [], version: module.version });
  };
  const perHour = ordersPerHour(form);
  const text = (key: CollectField, label: string, unit: string, help: string) => (
    <TextField
      label={label}
      value={form[key]}
      onChange={(e) => set(key, e.target.value as never)}
      error={Boolean(errors[key])}
      helperText={errors[key] ?? help}
      disabled={!canManage}
      inputMode="decimal"
      slotProps={{ input: { endAdornment: <InputAdornment position="end">{unit}</InputAdornment> } }}
      fullWidth
    />
  );

  return (
    <Stack spacing={2.5}>
      <Card>
        <CardContent sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
          <ShoppingBagOutlinedIcon sx={{ color: '#F97316' }} />
          <Box sx={{ flex: 1, minWidth: 240 }}>
            <Typography variant="h6" component="h2">
              Click & Collect — {restaurant.nom}
            </Typography>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {module.status
                ? 'Activé : les clients commandent et choisissent leur créneau de retrait.'
                : 'Désactivé : les clients ne peuvent pas commander en ligne dans ce restaurant.'}
            </Typography>
          </Box>
          <Toggle
            label="Click & Collect activé"
            checked={module.status}
            disabled={!canManage || toggle.isPending}
            onChange={(status) => toggle.mutate({ ...ref, status, version: module.version })}
            onLabel="Activé"
            offLabel="Désactivé"
          />
        </CardContent>
      </Card>

      <Card>
        <CardContent>
          <Stack spacing={3}>
            {failure && <Alert severity="error">{failure}</Alert>}
            <Section title="Créneaux de retrait" help="Le client choisit un créneau ; un créneau plein n'est plus proposé.">
              <TextField
                select
                label="Durée d'un créneau"
                value={form.slot_minutes}
                onChange={(e) => set('slot_minutes', Number(e.target.value))}
                error={Boolean(errors.slot_minutes)}
                helperText={errors.slot_minutes ?? ' '}
                disabled={!canManage}
                fullWidth
              >
                {SLOT_CHOICES.map((m) => (
                  <MenuItem key={m} value={m}>
                    {m < 60 ? `${m} minutes` : m === 60 ? '1 heure' : m === 90 ? '1 h 30' : '2 heures'}
                  </MenuItem>
                ))}
              </TextField>
              {text('slot_capacity', 'Commandes par créneau', 'commandes', perHour ? `Soit ${formatCount(perHour)} commandes par heure au plus.` : ' ')}
              {text('preparation_minutes', 'Temps de préparation', 'min', 'Le premier créneau proposé commence après ce délai.')}
            </Section>
            <Divider />
            <Section title="Montants" help="En devise du restaurant ; laissez vide pour aucun.">
              {text('min_order', 'Commande minimum', symbol, ' ')}
              {text('service_fee', 'Frais de gestion', symbol, 'Ajoutés à chaque commande.')}
              {text('delivery_fee', 'Frais de livraison', symbol, 'Vide : retrait sur place seulement.')}
            </Section>
            <Divider />
            <Section title="Réception des commandes" help="Ce que fait la caisse quand une commande arrive." columns={1}>
              <FormControlLabel
                control={<Switch checked={form.auto_accept_commands} onChange={(e) => set('auto_accept_commands', e.target.checked)} disabled={!canManage} />}
                label="Accepter automatiquement les commandes"
              />
              <FormControlLabel
                control={<Switch checked={form.ring_new_command} onChange={(e) => set('ring_new_command', e.target.checked)} disabled={!canManage} />}
                label="Sonnerie à chaque nouvelle commande"
              />
            </Section>
            {canManage && (
              <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
                <Button variant="contained" onClick={submit} loading={save.isPending}>
                  Enregistrer
                </Button>
              </Box>
            )}
          </Stack>
        </CardContent>
      </Card>
    </Stack>
  );
}

function Section({ title, help, children, columns = 3 }: { title: string; help: string; children: ReactNode; columns?: number }) {
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '260px 1fr' }, gap: 3 }}>
      <Box>
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
          {title}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {help}
        </Typography>
      </Box>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: `repeat(${columns}, minmax(0, 1fr))` }, gap: columns === 1 ? 0.5 : 2, alignItems: 'start' }}>
        {children}
      </Box>
    </Box>
  );
}
