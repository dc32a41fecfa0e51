import type { ReactNode } from 'react';
import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';
import { alpha } from '@mui/material/styles';
import DeleteOutlineRoundedIcon from '@mui/icons-material/DeleteOutlineRounded';

/** The kinds of element the spec's delete dialogs name, with their French wording. */
export const deleteKinds = {
  category: { one: 'la catégorie', many: 'catégories' },
  subcategory: { one: 'la sous-catégorie', many: 'sous-catégories' },
  product: { one: 'le produit', many: 'produits' },
  optionGroup: { one: "la catégorie d'options", many: "catégories d'options" },
  option: { one: "l'option", many: 'options' },
  ingredient: { one: "l'ingrédient", many: 'ingrédients' },
  promotion: { one: 'la promotion', many: 'promotions' },
  optionFamily: { one: "la famille d'options", many: "familles d'options" },
  menuFamily: { one: 'la famille', many: 'familles' },
  carte: { one: 'la carte', many: 'cartes' },
  relation: { one: 'la relation', many: 'relations' },
  restaurant: { one: 'le restaurant', many: 'restaurants' },
} as const;

export type DeleteKind = keyof typeof deleteKinds;

/** 'Êtes-vous sûr de vouloir supprimer le produit « Burger » ?' or, for several, '… ces 3 produits ?' */
export function deleteQuestion(kind: DeleteKind, names: readonly string[]): string {
  const words = deleteKinds[kind];
  if (names.length === 1) {
    const article = words.one.endsWith("'") ? words.one : `${words.one} `;
    return `Êtes-vous sûr de vouloir supprimer ${article}« ${names[0]} » ?`;
  }
  return `Êtes-vous sûr de vouloir supprimer ces ${names.length} ${words.many} ?`;
}

export interface DeleteConfirmDialogProps {
  open: boolean;
  kind: DeleteKind;
  /** The name of each element to delete (one or many). */
  names: readonly string[];
  onCancel: () => void;
  onConfirm: () => void;
  /** True while the deletion runs: Supprimer shows progress and both buttons wait. */
  pending?: boolean;
  /** An extra line, e.g. that the deletion is permanent. */
  warning?: ReactNode;
}

export function DeleteConfirmDialog({ open, kind, names, onCancel, onConfirm, pending = false, warning }: DeleteConfirmDialogProps) {
  const question = deleteQuestion(kind, names);
  return (
    <Dialog
      open={open}
      onClose={pending ? undefined : onCancel}
      maxWidth="xs"
      fullWidth
      aria-labelledby="delete-confirm-title"
      aria-describedby="delete-confirm-text"
    >
      <DialogTitle id="delete-confirm-title" sx={{ display: 'flex', alignItems: 'center', gap: 1.5, pb: 1 }}>
        <Box
          aria-hidden
          sx={(theme) => ({
            width: 40,
            height: 40,
            borderRadius: '12px',
            display: 'grid',
            placeItems: 'center',
            color: 'error.main',
            backgroundColor: alpha(theme.palette.error.main, 0.1),
          })}
        >
          <DeleteOutlineRoundedIcon />
        </Box>
        Confirmer la suppression
      </DialogTitle>
      <DialogContent>
        <Typography id="delete-confirm-text" variant="body2" sx={{ color: 'text.primary' }}>
          {question}
        </Typography>
        {warning && (
          <Typography variant="body2" sx={{ color: 'text.secondary', mt: 1.5 }}>
            {warning}
          </Typography>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button onClick={onCancel} disabled={pending} color="inherit">
          Annuler
        </Button>
        <Button onClick={onConfirm} variant="contained" color="error" loading={pending}>
          Supprimer
        </Button>
      </DialogActions>
    </Dialog>
  );
}
