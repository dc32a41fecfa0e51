import { useCallback, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Box, Button, Card, Chip, Divider, Stack, Typography } from '@mui/material';
import ArchiveOutlinedIcon from '@mui/icons-material/ArchiveOutlined';
import UnarchiveOutlinedIcon from '@mui/icons-material/UnarchiveOutlined';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import { PageHeader } from '../../../components/PageHeader';
import { LoadingPanel } from '../../../components/LoadingPanel';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { useToast } from '../../../components/Toast';
import { useSession } from '../../../app/session';
import type { Restaurant } from '../../../api/types';
import { restaurantQuery, restaurantSaved, setArchivedMutation, updateRestaurantMutation } from '../../restaurants/queries';
import { countryLabel, registrationLabel } from '../countries';
import { DevicesPanel } from '../components/DevicesPanel';
import { HistoryPanel } from '../components/HistoryPanel';
import { RestaurantForm } from '../components/RestaurantForm';
import { RestaurantMissing } from '../components/RestaurantMissing';
import { establishmentCrumbs } from '../paths';
import { useRestaurantParam } from '../useRestaurantParam';

const FORM_ID = 'restaurant-form';
const ROUTE_TITLE = "Modifier l'établissement";

/**
 * One restaurant: its information (edited by admins), archiving, its tills and kiosks, and its
 * latest changes. Everything about a restaurant is on this one page; the devices route
 * (/brigade/configetablissement/…) shows the devices part alone.
 */
export function RestaurantPage() {
  const id = useRestaurantParam();
  const session = useSession();
  const restaurant = useQuery({ ...restaurantQuery(id ?? 0), enabled: id !== null });
  const r = restaurant.data;

  return (
    <PageHeader
      title={r?.nom ?? ROUTE_TITLE}
      subtitle={r ? <RestaurantSubtitle restaurant={r} /> : "Informations, caisses et bornes de l'établissement."}
      breadcrumbs={establishmentCrumbs(session?.roles, { label: r?.nom ?? ROUTE_TITLE })}
      actions={r && session?.roles === 'admin' ? <ArchiveAction restaurant={r} /> : undefined}
    >
      {id === null || restaurant.isError ? (
        <RestaurantMissing
          error={id === null ? null : restaurant.error}
          onRetry={() => void restaurant.refetch()}
          retrying={restaurant.isFetching}
          showList={session?.roles !== 'moderator'}
        />
      ) : !r ? (
        <LoadingPanel minHeight="40vh" />
      ) : (
        <RestaurantContent key={r.id} restaurant={r} isAdmin={session?.roles === 'admin'} />
      )}
    </PageHeader>
  );
}

function RestaurantSubtitle({ restaurant: r }: { restaurant: Restaurant }) {
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
      {r.archived && <Chip size="small" label="Archivé" variant="outlined" sx={{ height: 22 }} />}
      <span>{[r.ville, countryLabel(r.countryCode), `${registrationLabel(r.countryCode)} ${r.siret}`].filter(Boolean).join(' · ')}</span>
    </Box>
  );
}

function RestaurantContent({ restaurant: r, isAdmin }: { restaurant: Restaurant; isAdmin: boolean }) {
  const client = useQueryClient();
  const toast = useToast();
  const [dirty, setDirty] = useState(false);
  const [saves, setSaves] = useState(0);
  const update = useMutation({
    ...updateRestaurantMutation(r.id),
    onSuccess: (saved) => {
      restaurantSaved(client, saved);
      setSaves((n) => n + 1);
      toast.success(`Les informations de « ${saved.nom} » sont enregistrées.`);
    },
  });
  const onDirtyChange = useCallback((value: boolean) => setDirty(value), []);

  return (
    <>
      {r.archived && (
        <Alert severity="warning" icon={<ArchiveOutlinedIcon />}>
          Ce restaurant est archivé : il n'apparaît plus dans les listes et ses caisses et bornes sont refusées. Ses
          commandes et son historique sont conservés.
        </Alert>
      )}
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', lg: 'minmax(0, 2fr) minmax(300px, 1fr)' }, gap: 3, alignItems: 'start' }}>
        <Card component="section" aria-labelledby="restaurant-info-title">
          <Box sx={{ px: 3, pt: 2.5, pb: 2 }}>
            <Typography id="restaurant-info-title" variant="h6" component="h2">
              Informations du restaurant
            </Typography>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {isAdmin
                ? 'Nom, adresse, pays et immatriculation. Le fuseau horaire règle les heures des rapports et des tickets.'
                : 'Seul le propriétaire de la franchise peut modifier ces informations.'}
            </Typography>
          </Box>
          <Box sx={{ px: 3, pt: 1, pb: isAdmin ? 1 : 2 }}>
            <RestaurantForm
              id={FORM_ID}
              initial={r}
              readOnly={!isAdmin}
              error={update.error}
              savedCount={saves}
              onDirtyChange={onDirtyChange}
              onSubmit={(body) => update.mutate(body)}
            />
          </Box>
          {isAdmin && (
            <>
              <Divider />
              <Stack direction="row" spacing={1.5} sx={{ px: 3, py: 2, justifyContent: 'flex-end', alignItems: 'center' }}>
                {dirty && (
                  <Typography variant="body2" sx={{ color: 'text.secondary', mr: 'auto' }}>
                    Modifications non enregistrées
                  </Typography>
                )}
                <Button type="submit" form={FORM_ID} variant="contained" disabled={!dirty} loading={update.isPending}>
                  Enregistrer
                </Button>
              </Stack>
            </>
          )}
          {!isAdmin && (
            <Stack direction="row" spacing={1} sx={{ px: 3, pb: 2.5, color: 'text.secondary', alignItems: 'center' }}>
              <LockOutlinedIcon sx={{ fontSize: 16 }} />
              <Typography variant="caption">Lecture seule</Typography>
            </Stack>
          )}
        </Card>
        <HistoryPanel restaurant={r} />
      </Box>
      <DevicesPanel restaurant={r} canEdit={isAdmin} />
    </>
  );
}

function ArchiveAction({ restaurant: r }: { restaurant: Restaurant }) {
  const client = useQueryClient();
  const toast = useToast();
  const [asking, setAsking] = useState(false);
  const archive = useMutation({
    ...setArchivedMutation(r.id),
    onSuccess: (saved) => {
      restaurantSaved(client, saved);
      setAsking(false);
      toast.success(saved.archived ? `« ${saved.nom} » est archivé.` : `« ${saved.nom} » est de nouveau actif.`);
    },
    onError: (error) => {
      setAsking(false);
      toast.error(error.detail);
    },
  });

  if (r.archived) {
    return (
      <Button variant="contained" startIcon={<UnarchiveOutlinedIcon />} loading={archive.isPending} onClick={() => archive.mutate({ archived: false })}>
        Restaurer
      </Button>
    );
  }
  return (
    <>
      <Button variant="outlined" color="inherit" startIcon={<ArchiveOutlinedIcon />} onClick={() => setAsking(true)}>
        Archiver
      </Button>
      <ConfirmDialog
        open={asking}
        title="Archiver le restaurant"
        icon={<ArchiveOutlinedIcon />}
        tone="warning"
        message={`Archiver « ${r.nom} » ?`}
        warning="Le restaurant disparaît des listes et ses caisses et bornes sont refusées dès leur prochain appel. Ses commandes et son historique sont conservés ; vous pourrez le restaurer à tout moment."
        confirmLabel="Archiver"
        pending={archive.isPending}
        onCancel={() => setAsking(false)}
        onConfirm={() => archive.mutate({ archived: true })}
      />
    </>
  );
}
