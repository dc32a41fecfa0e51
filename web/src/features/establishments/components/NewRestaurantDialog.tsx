import { useNavigate } from 'react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';
import { useToast } from '../../../components/Toast';
import { createRestaurantMutation, restaurantSaved } from '../../restaurants/queries';
import { RestaurantForm } from './RestaurantForm';

const FORM_ID = 'new-restaurant-form';

/** 'Ajouter un restaurant': on success, straight to the new restaurant to register its devices. */
export function NewRestaurantDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const client = useQueryClient();
  const toast = useToast();
  const navigate = useNavigate();
  const create = useMutation({
    ...createRestaurantMutation(),
    onSuccess: (restaurant) => {
      restaurantSaved(client, restaurant);
      toast.success(`Le restaurant « ${restaurant.nom} » est ajouté. Enregistrez maintenant ses caisses et bornes.`);
      onClose();
      void navigate(`/etablissements/modifier/${restaurant.id}`);
    },
  });

  const close = () => {
    if (create.isPending) return;
    create.reset();
    onClose();
  };

  return (
    <Dialog open={open} onClose={close} maxWidth="md" fullWidth aria-labelledby="new-restaurant-title">
      <DialogTitle id="new-restaurant-title" sx={{ pb: 0.5 }}>
        Ajouter un restaurant
      </DialogTitle>
      <DialogContent>
        <Typography variant="body2" sx={{ color: 'text.secondary', mb: 3 }}>
          Le restaurant rejoint votre franchise ; vous pourrez ensuite enregistrer ses caisses et ses bornes.
        </Typography>
        <RestaurantForm id={FORM_ID} onSubmit={(body) => create.mutate(body)} error={create.error} autoFocus />
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button color="inherit" onClick={close} disabled={create.isPending}>
          Annuler
        </Button>
        <Button type="submit" form={FORM_ID} variant="contained" loading={create.isPending}>
          Ajouter le restaurant
        </Button>
      </DialogActions>
    </Dialog>
  );
}
