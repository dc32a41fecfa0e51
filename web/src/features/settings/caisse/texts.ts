// The screen's texts: the save toasts are the spec's (2nd §8); the rest is ours.
export const TITLE = 'Configuration Caisse';
export const SUBTITLE = 'Ce que vos caisses et bornes affichent : paramètres généraux, catégories et produits de vos cartes.';

export const TAB_LABELS = {
  generale: 'Configuration générale',
  categories: 'Configuration des catégories',
  produits: 'Configuration des produits',
} as const;
export type CaisseTab = keyof typeof TAB_LABELS;

export const NO_CARTE = 'Aucune carte';
export const NO_CARTE_TEXT = 'Créez une carte dans Mes Cartes pour configurer ses catégories et ses produits.';
export const NO_CATEGORY = 'Aucune catégorie';
export const NO_CATEGORY_TEXT = "Cette carte n'a pas encore de catégorie : ajoutez-en dans Mes Cartes.";
export const NO_PRODUCT = 'Aucun produit';
export const NO_PRODUCT_TEXT = "Aucun produit actif dans ce choix de catégorie.";

// Spec (2nd §8), verbatim for both tabs — a product save too says "catégorie" (DECISIONS).
export const CATEGORY_SAVED = 'Ajout de la catégorie effectué avec succès !';
export const CATEGORY_SAVE_FAILED = 'Erreur d ajout de la catégorie !';
export const PRODUCT_SAVED = CATEGORY_SAVED;
export const PRODUCT_SAVE_FAILED = CATEGORY_SAVE_FAILED;

export const CARTES_READ_ONLY = "Lecture seule : seul l'administrateur de la franchise modifie les cartes.";
export const STALE_HINT = 'Ce que vous avez saisi reste dans le formulaire : rechargez la carte puis sauvegardez à nouveau.';
export const FIX_FIELDS = 'Corrigez les champs signalés puis sauvegardez à nouveau.';
export const UNSAVED = 'Modifications non enregistrées';
