// The spec's texts (§8), verbatim, including their spelling.
export const GENERATION_SUCCESS = 'La génération de la Carte a été effectuée avec succès.';
export const RELATION_DELETED = 'La suppression de la relation a été effectuée avec succès!';
export const RELATION_DELETE_FAILED = 'Une erreur est survenue lors de la suppression.';
export const EXPORT_STARTED = "Préparation de l'exportation...";
export const EXPORT_FINISHED = 'Exportation terminée avec succès !';

export const ADMIN_ONLY = 'Cet écran est réservé à l’administrateur de la franchise.';
