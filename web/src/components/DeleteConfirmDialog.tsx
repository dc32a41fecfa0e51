import type { ReactNode } from 'react';
import DeleteOutlineRoundedIcon from '@mui/icons-material/DeleteOutlineRounded';
import { ConfirmDialog } from './ConfirmDialog';

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
  discount: { one: 'la réduction', many: 'réductions' },
  promoCode: { one: 'le code promo', many: 'codes promo' },
  notice: { one: 'la nouveauté', many: 'nouveautés' },
  brand: { one: 'la marque', many: 'marques' },
} as const;

export type DeleteKind = keyof typeof deleteKinds;

/**
 * 'Êtes-vous sûr de vouloir supprimer le produit « Burger » ?' or, for several, '… ces 3 produits ?',
 * with the non-breaking spaces French typography puts inside « » and before '?'.
 */
export function deleteQuestion(kind: DeleteKind, names: readonly string[]): string {
  const words = deleteKinds[kind];
  if (names.length === 1) {
    const article = words.one.endsWith("'") ? words.one : `${words.one} `;
    return `Êtes-vous sûr de vouloir supprimer ${article}«\u00a0${names[0]}\u00a0»\u00a0?`;
  }
  return `Êtes-vous sûr de vouloir supprimer ces ${names.length} ${words.many}\u00a0?`;
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
  return (
    <ConfirmDialog
      open={open}
      title="Confirmer la suppression"
      message={deleteQuestion(kind, names)}
      warning={warning}
      confirmLabel="Supprimer"
      tone="error"
      icon={<DeleteOutlineRoundedIcon />}
      pending={pending}
      onCancel={onCancel}
      onConfirm={onConfirm}
    />
  );
}
