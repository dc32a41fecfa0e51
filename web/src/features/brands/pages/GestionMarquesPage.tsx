import { useMemo, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Box, Button, Card, CardActions, CardContent, Chip, Stack, Tooltip, Typography } from '@mui/material';
import AddRoundedIcon from '@mui/icons-material/AddRounded';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import DeleteOutlineRoundedIcon from '@mui/icons-material/DeleteOutlineRounded';
import StorefrontOutlinedIcon from '@mui/icons-material/StorefrontOutlined';
import type { AppRoute } from '../../../app/routeTable';
import { useSession } from '../../../app/session';
import { crumbsOf } from '../../../components/crumbs';
import { DeleteConfirmDialog } from '../../../components/DeleteConfirmDialog';
import { EmptyState } from '../../../components/EmptyState';
import { ErrorBlock } from '../../../components/ErrorBlock';
import { LoadingPanel } from '../../../components/LoadingPanel';
import { PageHeader } from '../../../components/PageHeader';
import { restaurantName } from '../../../components/RestaurantSelector';
import { toastSaveError } from '../../../components/saveError';
import { useToast } from '../../../components/Toast';
import { campaignsQuery } from '../../menus/queries';
import { restaurantsQuery } from '../../restaurants/queries';
import { BrandDialog } from '../components/BrandDialog';
import { BrandLogo } from '../components/BrandLogo';
import { brandsChanged, brandsQuery, deleteBrandMutation } from '../queries';
import type { Brand } from '../types';

/** Only the franchise owner defines brands; the other logins see those their restaurants serve. */
export function useCanManageBrands(): boolean {
  const session = useSession();
  return session?.roles === 'admin' || session?.roles === 'superadmin';
}

const plural = (n: number, one: string, many: string) => `${n.toLocaleString('fr-FR')} ${n > 1 ? many : one}`;

/** Gestion Marques: the franchise's brands as cards, created and edited in a dialog. */
export function GestionMarquesPage({ route }: { route: AppRoute }) {
  const canManage = useCanManageBrands();
  const client = useQueryClient();
  const toast = useToast();
  const list = useQuery(brandsQuery());
  const cartes = useQuery({ ...campaignsQuery(), enabled: canManage });
  const restaurants = useQuery(restaurantsQuery());
  const [editing, setEditing] = useState<Brand | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Brand | null>(null);
  const remove = useMutation({
    ...deleteBrandMutation(),
    onSuccess: () => {
      toast.success(`Marque « ${deleting?.name ?? ''} » supprimée.`);
      setDeleting(null);
      brandsChanged(client);
    },
    onError: (error) => toastSaveError(toast, error, "La marque n'a pas pu être supprimée."),
  });

  const carteNames = useMemo(() => new Map((cartes.data ?? []).map((c) => [c.id, c.nom])), [cartes.data]);
  const restaurantNames = useMemo(() => new Map((restaurants.data ?? []).map((r) => [r.id, restaurantName(r)])), [restaurants.data]);
  const brands = list.data ?? [];
  // A restaurant serving two brands or more is a food-court site.
  const servedCount = useMemo(() => {
    const n = new Map<number, number>();
    for (const b of brands) for (const r of b.restaurantIds ?? []) n.set(r, (n.get(r) ?? 0) + 1);
    return n;
  }, [brands]);
  const sites = [...servedCount.values()].filter((n) => n >= 2).length;

  const add = canManage ? (
    <Button variant="contained" startIcon={<AddRoundedIcon />} onClick={() => setEditing('new')}>
      Nouvelle marque
    </Button>
  ) : undefined;

  let body;
  if (list.isPending) body = <LoadingPanel />;
  else if (list.isError) body = <ErrorBlock onRetry={() => void list.refetch()} retrying={list.isFetching} />;
  else if (brands.length === 0)
    body = (
      <EmptyState
        title="Aucune marque"
        message="Créez vos marques pour leur donner leurs cartes, leur logo et leurs couleurs, et suivre leurs ventes dans Nos Marques."
        icon={<StorefrontOutlinedIcon />}
        action={add}
      />
    );
  else
    body = (
      <Stack spacing={2}>
        <Typography variant="body2" color="text.secondary">
          {plural(brands.length, 'marque', 'marques')}
          {sites > 0 && ` · ${plural(sites, 'site food court', 'sites food court')} (restaurants qui servent plusieurs marques)`}
        </Typography>
        <Box role="list" aria-label="Marques" sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))', xl: 'repeat(3, minmax(0, 1fr))' } }}>
          {brands.map((b) => {
            const ids = b.restaurantIds ?? [];
            const courts = ids.filter((id) => (servedCount.get(id) ?? 0) >= 2);
            return (
              <Card
                key={b.id}
                role="listitem"
                aria-label={b.name}
                variant="outlined"
                sx={{ display: 'flex', flexDirection: 'column', borderTop: 4, borderTopColor: b.primaryColor, overflow: 'hidden' }}
              >
                <CardContent sx={{ flex: 1 }}>
                  <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 2 }}>
                    <BrandLogo name={b.name} logo={b.logo} primaryColor={b.primaryColor} secondaryColor={b.secondaryColor} size={64} />
                    <Box sx={{ minWidth: 0 }}>
                      <Typography variant="h6" component="h2" noWrap title={b.name}>
                        {b.name}
                      </Typography>
                      <Stack direction="row" spacing={1} sx={{ mt: 0.5 }}>
                        {[b.primaryColor, b.secondaryColor].map((c, i) => (
                          <Stack key={i} direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
                            <Box aria-hidden sx={{ width: 14, height: 14, borderRadius: '4px', bgcolor: c, border: 1, borderColor: 'divider' }} />
                            <Typography variant="caption" sx={{ fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace' }} aria-label={i === 0 ? `Couleur principale ${c}` : `Couleur secondaire ${c}`}>
                              {c}
                            </Typography>
                          </Stack>
                        ))}
                      </Stack>
                    </Box>
                  </Stack>
                  <Typography variant="overline" color="text.secondary">
                    Cartes
                  </Typography>
                  <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75, mb: 1.5 }}>
                    {(b.campaignIds ?? []).length === 0 ? (
                      <Typography variant="body2" color="text.secondary">
                        Aucune carte : ses ventes comptent « Sans marque ».
                      </Typography>
                    ) : (
                      (b.campaignIds ?? []).map((id) => <Chip key={id} size="small" label={carteNames.get(id) ?? `Carte n° ${id}`} />)
                    )}
                  </Box>
                  <Typography variant="overline" color="text.secondary">
                    Restaurants
                  </Typography>
                  <Typography variant="body2">
                    {ids.length === 0
                      ? 'Aucun restaurant ne la sert encore.'
                      : ids.length <= 3
                        ? ids.map((id) => restaurantNames.get(id) ?? `Restaurant n° ${id}`).join(', ')
                        : `${plural(ids.length, 'restaurant', 'restaurants')}`}
                  </Typography>
                  {courts.length > 0 && (
                    <Tooltip title={courts.map((id) => restaurantNames.get(id) ?? `Restaurant n° ${id}`).join(', ')}>
                      <Chip sx={{ mt: 1 }} size="small" color="secondary" variant="outlined" label={`Food court : ${plural(courts.length, 'site', 'sites')}`} />
                    </Tooltip>
                  )}
                </CardContent>
                {canManage && (
                  <CardActions sx={{ justifyContent: 'flex-end', borderTop: 1, borderColor: 'divider' }}>
                    <Button size="small" startIcon={<EditOutlinedIcon />} onClick={() => setEditing(b)} aria-label={`Modifier ${b.name}`}>
                      Modifier
                    </Button>
                    <Button size="small" color="error" startIcon={<DeleteOutlineRoundedIcon />} onClick={() => setDeleting(b)} aria-label={`Supprimer ${b.name}`}>
                      Supprimer
                    </Button>
                  </CardActions>
                )}
              </Card>
            );
          })}
        </Box>
      </Stack>
    );

  return (
    <PageHeader title={route.title} subtitle={route.description} breadcrumbs={crumbsOf(route)} actions={brands.length > 0 ? add : undefined}>
      {body}
      <BrandDialog
        open={editing !== null}
        brand={editing === 'new' ? null : editing}
        brands={brands}
        cartes={cartes.data ?? []}
        restaurants={restaurants.data ?? []}
        onClose={() => setEditing(null)}
      />
      <DeleteConfirmDialog
        open={deleting !== null}
        kind="brand"
        names={deleting ? [deleting.name] : []}
        warning="Ses cartes et ses restaurants restent ; leurs ventes passent « Sans marque » dans les rapports."
        pending={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate({ id: deleting.id })}
      />
    </PageHeader>
  );
}
