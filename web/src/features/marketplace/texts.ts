import type { ModuleCategory, ModuleKind } from './types';

// Product text (spec 2nd §2.7): verbatim.
export const SELECT_RESTAURANT_TEXT = 'Veuillez selectionner un restaurant';
export const CONFIGURE_MODULE_TEXT = 'Veuillez configurer un module';

export const TO_CONFIGURE_LABEL = 'À configurer';
export const CONFIGURE_LABEL = 'Configurer';

// Required fields (spec §5), the same words as the server's.
export const STORE_ID_REQUIRED = 'Le Store ID est obligatoire.';
export const LOCATION_ID_REQUIRED = 'Le Location ID est obligatoire.';

export const categoryLabels: Record<ModuleCategory, string> = {
  Commandes: 'Commandes',
  Marketing: 'Marketing',
  Other: 'Other',
};

/** Whether the user manages modules (restaurant logins only read them). */
export const canManageRole = (role: string | undefined) => role === 'admin' || role === 'moderator' || role === 'guest';

/** Modules a restaurant can add beyond the defaults. */
export const addableKinds: readonly ModuleKind[] = ['click_and_collect'];

export const kindNames: Record<ModuleKind, string> = {
  uber_eats: 'Uber Eats',
  deliveroo: 'Deliveroo',
  connector: 'Connecteur',
  connector_light: 'Connecteur Light',
  click_and_collect: 'Click & Collect',
};
