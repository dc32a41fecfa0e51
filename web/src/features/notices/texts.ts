// The feature's French texts that more than one screen (or a test) uses.
export const NOTICES_LABEL = 'Nouveautés';
export const FIRST_VIEW_TEXT = 'Nouveautés : découvrez les dernières fonctionnalités de Brigade';
export const NO_NOTICE_TEXT = 'Aucune nouveauté pour le moment.';
export const NOTICE_NOT_FOUND_TEXT = 'Cette nouveauté est introuvable : elle a peut-être été retirée, ou ne vous est pas destinée.';
