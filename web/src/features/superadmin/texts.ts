// The super-admin screens' French texts that more than one component (or a test) uses.
export const IMPERSONATE_LABEL = "Ouvrir en tant qu'admin";
export const SUPERADMIN_NOTICES_LABEL = 'Nouveautés';

/** The button and the dialog that open a franchise. */
export const NEW_FRANCHISE_LABEL = 'Nouvelle franchise';

export const FEATURES_LABEL = 'Fonctionnalités';
export const CLOSE_LABEL = 'Fermer la franchise';
export const REOPEN_LABEL = 'Rouvrir';
