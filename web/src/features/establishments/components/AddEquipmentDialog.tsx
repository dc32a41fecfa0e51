import { useEffect, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormLabel,
  Stack,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import type { Equipment, EquipmentKind, Restaurant } from '../../../api/types';
import { useToast } from '../../../components/Toast';
import { applyServerErrors } from '../../../components/serverErrors';
import { createEquipmentMutation, equipmentSaved } from '../queries';
import { equipmentSchema, type EquipmentForm } from '../schemas';
import { equipmentKinds } from './equipmentKinds';

const FORM_ID = 'new-equipment-form';

export interface AddEquipmentDialogProps {
  open: boolean;
  restaurant: Restaurant;
  /** The restaurant's devices, to suggest the next name ('Borne 3'). */
  existing: readonly Equipment[];
  onClose: () => void;
  onCreated?: (equipment: Equipment) => void;
}

function suggestedName(kind: EquipmentKind, existing: readonly Equipment[]): string {
  return `${equipmentKinds[kind].label} ${existing.filter((e) => e.kind === kind).length + 1}`;
}

/** 'Ajouter un équipement': a till or a kiosk, and its name. */
export function AddEquipmentDialog({ open, restaurant, existing, onClose, onCreated }: AddEquipmentDialogProps) {
  const client = useQueryClient();
  const toast = useToast();
  const [banner, setBanner] = useState<string | null>(null);
  const {
    control,
    register,
    handleSubmit,
    setError,
    setValue,
    getValues,
    formState: { errors, dirtyFields },
  } = useForm<EquipmentForm>({
    resolver: zodResolver(equipmentSchema),
    defaultValues: { kind: 'borne', name: suggestedName('borne', existing) },
  });

  const create = useMutation({
    ...createEquipmentMutation(restaurant.id),
    onSuccess: (equipment) => {
      equipmentSaved(client, equipment);
      const kind = equipmentKinds[equipment.kind];
      toast.success(`${kind.article} « ${equipment.name} » est ajoutée. Émettez sa clé pour la connecter.`);
      onCreated?.(equipment);
      onClose();
    },
  });

  useEffect(() => {
    if (!create.error) return setBanner(null);
    setBanner(applyServerErrors(create.error, ['kind', 'name'], setError) ? null : create.error.detail);
  }, [create.error, setError]);

  return (
    <Dialog open={open} onClose={create.isPending ? undefined : onClose} maxWidth="xs" fullWidth aria-labelledby="new-equipment-title">
      <DialogTitle id="new-equipment-title" sx={{ pb: 0.5 }}>
        Ajouter un équipement
      </DialogTitle>
      <DialogContent>
        <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2.5 }}>
          Pour {restaurant.nom}. Son identifiant stable est attribué à l'enregistrement et ne change plus.
        </Typography>
        <Box
          component="form"
          id={FORM_ID}
          noValidate
          onSubmit={handleSubmit((values) => create.mutate(values))}
          sx={{ display: 'flex', flexDirection: 'column', gap: 2.5 }}
        >
          {banner && <Alert severity="error">{banner}</Alert>}
          <Box>
            <FormLabel id="equipment-kind-label" sx={{ fontSize: '0.8125rem', fontWeight: 600, display: 'block', mb: 1 }}>
              Type d'équipement
            </FormLabel>
            <Controller
              name="kind"
              control={control}
              render={({ field }) => (
                <ToggleButtonGroup
                  exclusive
                  fullWidth
                  value={field.value}
                  aria-labelledby="equipment-kind-label"
                  onChange={(_, next: EquipmentKind | null) => {
                    if (!next) return;
                    // The suggested name follows the kind until the user writes their own.
                    if (!dirtyFields.name || getValues('name') === suggestedName(field.value, existing)) {
                      setValue('name', suggestedName(next, existing));
                    }
                    field.onChange(next);
                  }}
                >
                  {(['caisse', 'borne'] as const).map((kind) => {
                    const { label, Icon, description } = equipmentKinds[kind];
                    return (
                      <ToggleButton key={kind} value={kind} sx={{ textTransform: 'none', py: 1.25, flexDirection: 'column', gap: 0.25 }}>
                        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                          <Icon fontSize="small" />
                          <span>{label}</span>
                        </Stack>
                        <Typography variant="caption" sx={{ color: 'text.secondary', fontWeight: 400, lineHeight: 1.3 }}>
                          {description}
                        </Typography>
                      </ToggleButton>
                    );
                  })}
                </ToggleButtonGroup>
              )}
            />
          </Box>
          <TextField
            label="Nom"
            required
            fullWidth
            autoFocus
            error={Boolean(errors.name)}
            helperText={errors.name?.message ?? 'Par exemple « Borne entrée » ou « Caisse 2 ».'}
            {...register('name')}
          />
        </Box>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button color="inherit" onClick={onClose} disabled={create.isPending}>
          Annuler
        </Button>
        <Button type="submit" form={FORM_ID} variant="contained" loading={create.isPending}>
          Ajouter
        </Button>
      </DialogActions>
    </Dialog>
  );
}
