// The super-admin screens' French texts that more than one component (or a test) uses.
export const IMPERSONATE_LABEL = "Ouvrir en tant qu'admin";
export const SUPERADMIN_NOTICES_LABEL = 'Nouveautés';
