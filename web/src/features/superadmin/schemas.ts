// zod/mini, as the rest of the app: what the super-admin can get right before asking the server.
// The server stays the authority (a taken login or SIRET, all-or-nothing opening); its field errors
// (`body.adminLogin`, `body.restaurant.siret`…) land on the same fields.
import * as z from 'zod/mini';
import type { CountryCode } from '../../api/types';
import { countries, countryCodes, isCountryCode } from '../establishments/countries';
import { normaliseRegistration, registrationProblem } from '../establishments/schemas';
import type { NewFranchiseBody, NoticeBody, NoticeOut, NoticeRole } from './types';

/** The server's minimum (internal/auth ValidatePassword). */
export const MIN_PASSWORD = 8;
// Loose on purpose: the server parses the address; this only catches obvious typing slips.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const restaurantFields = z.object({
  nom: z.string().check(z.trim()),
  pseudo: z.string().check(z.trim()),
  countryCode: z.enum(countryCodes as [CountryCode, ...CountryCode[]]),
  timeZone: z.string().check(z.trim()),
  siret: z.string(),
  adresse: z.string().check(z.trim()),
  ville: z.string().check(z.trim()),
  current_licence: z.string().check(z.trim()),
});

export const newFranchiseSchema = z
  .object({
    name: z.string().check(z.trim()),
    countryCode: z.enum(countryCodes as [CountryCode, ...CountryCode[]]),
    currency: z.string().check(z.trim()),
    adminLogin: z.string().check(z.trim()),
    adminEmail: z.string().check(z.trim()),
    adminPassword: z.string(),
    restaurant: restaurantFields,
  })
  .check(
    z.superRefine((v, ctx) => {
      const issue = (path: (string | number)[], message: string) => ctx.addIssue({ code: 'custom', path, message, input: v });
      if (!v.name) issue(['name'], 'Le nom de la franchise est obligatoire.');
      else if ([...v.name].length > 120) issue(['name'], 'Le nom de la franchise ne doit pas dépasser 120 caractères.');
      if (v.currency && !/^[A-Za-z]{3}$/.test(v.currency)) {
        issue(['currency'], 'La devise doit être un code ISO 4217 de trois lettres (EUR, MAD, CHF…).');
      }

      if (!v.adminLogin) issue(['adminLogin'], "L'identifiant est obligatoire.");
      else if (/\s/.test(v.adminLogin) || v.adminLogin.length > 80) issue(['adminLogin'], "L'identifiant ne doit contenir ni espace ni plus de 80 caractères.");
      if (!v.adminEmail) issue(['adminEmail'], "L'adresse e-mail est obligatoire.");
      else if (!EMAIL.test(v.adminEmail) || v.adminEmail.length > 200) issue(['adminEmail'], "L'adresse e-mail n'est pas valide.");
      if ([...v.adminPassword].length < MIN_PASSWORD) issue(['adminPassword'], `Le mot de passe doit contenir au moins ${MIN_PASSWORD} caractères.`);
      else if (new TextEncoder().encode(v.adminPassword).length > 72) issue(['adminPassword'], 'Le mot de passe ne doit pas dépasser 72 caractères.');

      const r = v.restaurant;
      if (!r.nom) issue(['restaurant', 'nom'], 'Le nom du restaurant est obligatoire.');
      else if ([...r.nom].length > 120) issue(['restaurant', 'nom'], 'Le nom du restaurant ne doit pas dépasser 120 caractères.');
      if (r.pseudo.length > 60) issue(['restaurant', 'pseudo'], 'Le nom court ne doit pas dépasser 60 caractères.');
      if (!r.timeZone) issue(['restaurant', 'timeZone'], 'Choisissez un fuseau horaire.');
      if (!normaliseRegistration(r.siret)) {
        issue(['restaurant', 'siret'], r.countryCode === 'FR' ? 'Le SIRET est obligatoire.' : "Le numéro d'immatriculation est obligatoire.");
      } else {
        const problem = registrationProblem(r.countryCode, r.siret);
        if (problem) issue(['restaurant', 'siret'], problem);
      }
      if (r.adresse.length > 200) issue(['restaurant', 'adresse'], "L'adresse ne doit pas dépasser 200 caractères.");
      if (r.ville.length > 100) issue(['restaurant', 'ville'], 'La ville ne doit pas dépasser 100 caractères.');
      if (r.current_licence.length > 60) issue(['restaurant', 'current_licence'], 'La licence ne doit pas dépasser 60 caractères.');
    }),
  );

export type NewFranchiseForm = z.infer<typeof newFranchiseSchema>;

/** Where the server's problem may point (`body.<name>`), as the form names its fields. */
export const newFranchiseFieldNames = [
  'name',
  'countryCode',
  'currency',
  'adminLogin',
  'adminEmail',
  'adminPassword',
  'restaurant.nom',
  'restaurant.pseudo',
  'restaurant.countryCode',
  'restaurant.timeZone',
  'restaurant.siret',
  'restaurant.adresse',
  'restaurant.ville',
  'restaurant.current_licence',
] as const;

/** A new franchise in France: its currency, and its first restaurant in the same country and zone. */
export function newFranchiseValues(): NewFranchiseForm {
  return {
    name: '',
    countryCode: 'FR',
    currency: countries.FR.currency,
    adminLogin: '',
    adminEmail: '',
    adminPassword: '',
    restaurant: {
      nom: '',
      pseudo: '',
      countryCode: 'FR',
      timeZone: countries.FR.timeZone,
      siret: '',
      adresse: '',
      ville: '',
      current_licence: '',
    },
  };
}

/** The request body: the currency and registration number as the server stores them. */
export function newFranchiseBody(form: NewFranchiseForm): NewFranchiseBody {
  const { currency, ...rest } = form;
  return {
    ...rest,
    ...(currency ? { currency: currency.toUpperCase() } : {}),
    restaurant: { ...form.restaurant, siret: normaliseRegistration(form.restaurant.siret) },
  };
}

/**
 * What the country choice changes besides itself: a value still at the previous country's default
 * follows the new country; a value the user chose stays.
 */
export function followCountry(previous: string, next: CountryCode, current: { currency: string; timeZone: string }) {
  const before = isCountryCode(previous) ? countries[previous] : null;
  return {
    currency: !current.currency || current.currency.toUpperCase() === before?.currency ? countries[next].currency : current.currency,
    timeZone: !current.timeZone || current.timeZone === before?.timeZone ? countries[next].timeZone : current.timeZone,
  };
}

/** A first password to hand over: 14 characters without look-alikes (0/O, 1/l/I). */
export function generatePassword(random: (n: number) => Uint32Array = (n) => crypto.getRandomValues(new Uint32Array(n))): string {
  const alphabet = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  return Array.from(random(14), (x) => alphabet[x % alphabet.length]).join('');
}

// ---- notices ----

/** The roles a notice may target, in the order the screen lists them, with their French names. */
export const noticeRoles: readonly { role: NoticeRole; label: string }[] = [
  { role: 'admin', label: 'Administrateurs' },
  { role: 'moderator', label: 'Modérateurs' },
  { role: 'guest', label: 'Invités' },
  { role: 'restaurant', label: 'Restaurants' },
];

export function noticeRoleLabel(role: string): string {
  return noticeRoles.find((r) => r.role === role)?.label ?? role;
}

/** The server's default audience (internal/notices): the franchise owners and their guests. */
export const DEFAULT_NOTICE_ROLES: NoticeRole[] = ['admin', 'guest'];

const isWebLink = (url: string) => {
  try {
    const u = new URL(url);
    return u.protocol === 'http:' || u.protocol === 'https:';
  } catch {
    return false;
  }
};

export const noticeSchema = z
  .object({
    title: z.string().check(z.trim()),
    date: z.string(),
    shortDescription: z.string().check(z.trim()),
    content: z.string(),
    contentUrl: z.string().check(z.trim()),
    roles: z.array(z.enum(['admin', 'moderator', 'guest', 'restaurant'] as const)),
    domaineName: z.string().check(z.trim()),
  })
  .check(
    z.superRefine((v, ctx) => {
      const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message, input: v });
      if (!v.title) issue('title', 'Le titre est obligatoire.');
      else if ([...v.title].length > 200) issue('title', 'Le titre ne doit pas dépasser 200 caractères.');
      if (!/^\d{4}-\d{2}-\d{2}$/.test(v.date)) issue('date', 'Choisissez la date de publication.');
      if ([...v.shortDescription].length > 500) issue('shortDescription', 'Le résumé ne doit pas dépasser 500 caractères.');
      if ([...v.content].length > 20000) issue('content', 'Le texte ne doit pas dépasser 20 000 caractères.');
      if (v.contentUrl && !isWebLink(v.contentUrl)) issue('contentUrl', 'Le lien doit commencer par https:// (ou http://).');
      else if (v.contentUrl.length > 500) issue('contentUrl', 'Le lien ne doit pas dépasser 500 caractères.');
      if (v.roles.length === 0) issue('roles', 'Choisissez au moins un destinataire.');
      if (v.domaineName.length > 200) issue('domaineName', 'Le domaine ne doit pas dépasser 200 caractères.');
    }),
  );

export type NoticeForm = z.infer<typeof noticeSchema>;

export const noticeFieldNames = ['title', 'date', 'shortDescription', 'content', 'contentUrl', 'roles', 'domaineName'] as const;

const isNoticeRole = (r: string): r is NoticeRole => noticeRoles.some((x) => x.role === r);

/** The form's starting values: the notice being edited, or a new one dated `today`. */
export function noticeFormValues(today: string, n?: NoticeOut): NoticeForm {
  return {
    title: n?.title ?? '',
    date: n?.date ?? today,
    shortDescription: n?.shortDescription ?? '',
    content: n?.content ?? '',
    contentUrl: n?.contentUrl ?? '',
    roles: n ? (n.roles ?? []).filter(isNoticeRole) : [...DEFAULT_NOTICE_ROLES],
    domaineName: n?.domaineName ?? '',
  };
}

export function noticeBody(form: NoticeForm): NoticeBody {
  // Paragraphs are kept as typed (a blank line between two); only the outer blank space goes.
  return { ...form, content: form.content.trim(), type: 'new_feature' };
}
