// The spec's texts (§8), verbatim, including their spelling.
export const CARTE_DELETED = 'vous avez supprimer la carte avec succes!';
export const CARTE_DELETE_FAILED =
  'Une erreur est survenue lors de la supprission de la carte. Veuillez réessayer ultérieurement.';
export const SAVE_SUCCESS = 'Ajout de la catégorie effectué avec succès !';
export const SAVE_FAILED = 'Erreur d ajout de la catégorie !';

export const trashSuccess = (action: 'restore' | 'delete', n: number) =>
  `Vous avez ${action === 'restore' ? 'restaure' : 'supprime'} ${n} element(s) avec succes !`;
export const trashFailure = (action: 'restore' | 'delete', tabLabel: string) =>
  `Une erreur est survenue lors de la ${action === 'restore' ? 'restauration' : 'suppression'} des ${tabLabel}. Veuillez reessayer ulterieurement.`;
