import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, AlertTitle, Box, Button, Card, Chip, Stack, Typography } from '@mui/material';
import StorefrontOutlinedIcon from '@mui/icons-material/StorefrontOutlined';
import AddRoundedIcon from '@mui/icons-material/AddRounded';
import ExtensionOutlinedIcon from '@mui/icons-material/ExtensionOutlined';
import { crumbsOf } from '../../../components/crumbs';
import type { AppRoute } from '../../../app/routeTable';
import { useSession } from '../../../app/session';
import { EmptyState } from '../../../components/EmptyState';
import { ErrorBlock } from '../../../components/ErrorBlock';
import { LoadingPanel } from '../../../components/LoadingPanel';
import { PageHeader } from '../../../components/PageHeader';
import { useToast } from '../../../components/Toast';
import { RestaurantFilter } from '../../restaurants/RestaurantFilter';
import { useReportRestaurant } from '../../orders/useReportRestaurant';
import { ModuleCard } from '../components/ModuleCard';
import { ModuleImage } from '../components/ModuleImage';
import { ModuleSettingsDialog } from '../components/ModuleSettingsDialog';
import { addModuleMutation, marketplaceChanged, marketplaceQuery, setStatusMutation } from '../queries';
import { CONFIGURE_MODULE_TEXT, SELECT_RESTAURANT_TEXT, addableKinds, canManageRole, kindNames } from '../texts';
import type { MarketplaceModule, MarketplaceRestaurant, ModuleKind } from '../types';

const grid = (dense: boolean) =>
  ({
    display: 'grid',
    gap: 2,
    gridTemplateColumns: dense
      ? { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(4, minmax(0, 1fr))' }
      : { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', xl: 'repeat(3, minmax(0, 1fr))' },
  }) as const;

/** Marketplace (spec 2nd §2.7): a restaurant's integration modules, switched on and off and configured. */
export function MarketplacePage({ route }: { route: AppRoute }) {
  const session = useSession();
  const { choice, fixed, loading } = useReportRestaurant();
  const canManage = canManageRole(session?.roles);
  const restaurantId = typeof choice === 'number' ? choice : null;
  const list = useQuery({ ...marketplaceQuery(restaurantId ?? 0), enabled: restaurantId !== null });
  const [editing, setEditing] = useState<{ restaurantId: number; kind: ModuleKind } | null>(null);
  const client = useQueryClient();
  const toast = useToast();

  const toggle = useMutation({
    ...setStatusMutation(),
    onSuccess: (m) => toast.success(m.status ? `Le module ${m.module_name} est activé.` : `Le module ${m.module_name} est désactivé.`),
    onError: (error) => toast.error(error.detail),
    onSettled: () => void marketplaceChanged(client),
  });
  const add = useMutation({
    ...addModuleMutation(),
    onSuccess: (m) => toast.success(`Le module ${m.module_name} est ajouté au restaurant.`),
    onError: (error) => toast.error(error.detail),
    onSettled: () => void marketplaceChanged(client),
  });

  const restaurants = list.data?.restaurants ?? [];
  const editingRestaurant = editing ? restaurants.find((r) => r.id === editing.restaurantId) : undefined;
  const editingModule = editingRestaurant?.modules?.find((m) => m.kind === editing?.kind);

  const card = (r: MarketplaceRestaurant, m: MarketplaceModule, dense: boolean) => (
    <ModuleCard
      key={m.id_module}
      module={m}
      dense={dense}
      canManage={canManage}
      busy={toggle.isPending && toggle.variables?.restaurantId === r.id && toggle.variables.kind === m.kind}
      onToggle={(status) => toggle.mutate({ restaurantId: r.id, kind: m.kind, status, version: m.version })}
      onConfigure={() => setEditing({ restaurantId: r.id, kind: m.kind })}
    />
  );

  let body;
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
  } else if (list.isError) {
    body = <ErrorBlock onRetry={() => void list.refetch()} retrying={list.isFetching} />;
  } else if (restaurants.length === 0) {
    body = (
      <Card>
        <EmptyState icon={<ExtensionOutlinedIcon />} minHeight={360} />
      </Card>
    );
  } else if (restaurantId === 0) {
    body = (
      <Stack spacing={3}>
        {restaurants.map((r) => (
          <Box component="section" key={r.id} aria-label={r.nom}>
            <RestaurantHeading restaurant={r} />
            <Box sx={grid(true)}>{(r.modules ?? []).map((m) => card(r, m, true))}</Box>
          </Box>
        ))}
      </Stack>
    );
  } else {
    const r = restaurants[0];
    const modules = r.modules ?? [];
    const missing = addableKinds.filter((k) => !modules.some((m) => m.kind === k));
    body = (
      <Stack spacing={2.5}>
        <RestaurantHeading restaurant={r} />
        {!modules.some((m) => (m.selected_pos ?? []).length > 0) && (
          <Alert severity="info" variant="outlined">
            <AlertTitle sx={{ mb: 0 }}>{CONFIGURE_MODULE_TEXT}</AlertTitle>
            Aucun module de ce restaurant n'est encore assigné à une caisse : ouvrez les paramètres d'une plateforme de livraison
            pour l'activer sur vos caisses.
          </Alert>
        )}
        <Box sx={grid(false)}>
          {modules.map((m) => card(r, m, false))}
          {canManage &&
            missing.map((k) => (
              <Card
                key={k}
                variant="outlined"
                sx={{ borderStyle: 'dashed', display: 'flex', alignItems: 'center', justifyContent: 'center', minHeight: 200, p: 3 }}
              >
                <Stack spacing={1.5} sx={{ alignItems: 'center', textAlign: 'center' }}>
                  <ModuleImage image={k} name={kindNames[k]} size={44} />
                  <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                    {kindNames[k]} n'est pas encore installé sur ce restaurant.
                  </Typography>
                  <Button
                    variant="outlined"
                    startIcon={<AddRoundedIcon />}
                    loading={add.isPending}
                    onClick={() => add.mutate({ restaurantId: r.id, kind: k })}
                  >
                    Ajouter {kindNames[k]}
                  </Button>
                </Stack>
              </Card>
            ))}
        </Box>
      </Stack>
    );
  }

  return (
    <PageHeader title={route.title} subtitle={route.description} breadcrumbs={crumbsOf(route)} actions={<RestaurantFilter />}>
      {body}
      {editing && editingRestaurant && editingModule && (
        <ModuleSettingsDialog
          key={`${editing.restaurantId}-${editing.kind}`}
          module={editingModule}
          restaurant={editingRestaurant}
          onClose={() => setEditing(null)}
        />
      )}
    </PageHeader>
  );
}

function RestaurantHeading({ restaurant }: { restaurant: MarketplaceRestaurant }) {
  const modules = restaurant.modules ?? [];
  const on = modules.filter((m) => m.status).length;
  return (
    <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: 1.5, flexWrap: 'wrap', rowGap: 1 }}>
      <StorefrontOutlinedIcon sx={{ color: 'text.secondary' }} />
      <Typography variant="h6" component="h2">
        {restaurant.nom}
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        SIRET {restaurant.siret}
      </Typography>
      <Chip
        size="small"
        color={on > 0 ? 'success' : 'default'}
        variant={on > 0 ? 'filled' : 'outlined'}
        label={`${on} module${on > 1 ? 's' : ''} activé${on > 1 ? 's' : ''} sur ${modules.length}`}
      />
    </Stack>
  );
}
