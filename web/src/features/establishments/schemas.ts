// zod/mini, as the rest of the app: the checks a user can get right before asking the server.
// The server stays the authority (SIRET key, uniqueness): its field errors land on the same fields.
import * as z from 'zod/mini';
import type { CountryCode, Restaurant, RestaurantBody } from '../../api/types';
import { countries, countryCodes, isCountryCode } from './countries';

const text = (max: number, message: string) => z.string().check(z.trim(), z.maxLength(max, message));
const required = (max: number, empty: string, long: string) =>
  z.string().check(z.trim(), z.minLength(1, empty), z.maxLength(max, long));

/** The SIRET / registration number as the server stores it: upper case, no spaces. */
export function normaliseRegistration(value: string): string {
  return value.replace(/[\s\u00a0]/g, '').toUpperCase();
}

export const restaurantSchema = z
  .object({
    nom: required(120, 'Le nom du restaurant est obligatoire.', 'Le nom du restaurant ne doit pas dépasser 120 caractères.'),
    pseudo: text(60, 'Le nom court ne doit pas dépasser 60 caractères.'),
    countryCode: z.enum(countryCodes as [CountryCode, ...CountryCode[]], 'Choisissez un pays.'),
    timeZone: required(60, 'Choisissez un fuseau horaire.', 'Fuseau horaire inconnu.'),
    siret: required(30, "Le numéro d'immatriculation est obligatoire.", "Le numéro d'immatriculation ne doit pas dépasser 30 caractères."),
    adresse: text(200, "L'adresse ne doit pas dépasser 200 caractères."),
    ville: text(100, 'La ville ne doit pas dépasser 100 caractères.'),
    current_licence: text(60, 'La licence ne doit pas dépasser 60 caractères.'),
  })
  .check(
    z.refine((v) => v.countryCode !== 'FR' || /^\d{14}$/.test(normaliseRegistration(v.siret)), {
      path: ['siret'],
      message: 'Le SIRET doit comporter 14 chiffres.',
    }),
  );

export type RestaurantForm = z.infer<typeof restaurantSchema>;

/** What the form is filled from: the restaurant being edited. */
export type RestaurantSource = Pick<Restaurant, 'nom' | 'pseudo' | 'countryCode' | 'timeZone' | 'siret' | 'adresse' | 'ville' | 'current_licence'>;

/** The form's starting values: a new restaurant in France, or the restaurant being edited. */
export function restaurantFormValues(r?: RestaurantSource): RestaurantForm {
  const countryCode = r && isCountryCode(r.countryCode) ? r.countryCode : 'FR';
  return {
    nom: r?.nom ?? '',
    pseudo: r?.pseudo ?? '',
    countryCode,
    timeZone: r?.timeZone || countries[countryCode].timeZone,
    siret: r?.siret ?? '',
    adresse: r?.adresse ?? '',
    ville: r?.ville ?? '',
    current_licence: r?.current_licence ?? '',
  };
}

export function restaurantBody(form: RestaurantForm): RestaurantBody {
  return { ...form, siret: normaliseRegistration(form.siret) };
}

export const equipmentSchema = z.object({
  kind: z.enum(['caisse', 'borne'] as const),
  name: required(80, "Le nom de l'équipement est obligatoire.", "Le nom de l'équipement ne doit pas dépasser 80 caractères."),
});

export type EquipmentForm = z.infer<typeof equipmentSchema>;

/** The server's Luhn key check of a SIRET (internal/tenancy luhn). */
function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

const LOCAL_REGISTRATION = /^[A-Z0-9][A-Z0-9.-]{3,18}[A-Z0-9]$/;

/**
 * The server's whole registration rule (internal/tenancy ValidateRegistration), with its French
 * messages: in France a SIRET of 14 digits with a valid Luhn key, elsewhere the local number
 * (5 to 20 letters, digits, dots or dashes). Null when the number passes.
 */
export function registrationProblem(countryCode: string, value: string): string | null {
  const siret = normaliseRegistration(value);
  if (countryCode === 'FR') {
    if (!/^\d{14}$/.test(siret)) return 'Le SIRET doit comporter 14 chiffres.';
    if (!luhn(siret)) return `Le SIRET ${siret} n'est pas valide\u00a0: sa clé de contrôle est incorrecte.`;
    return null;
  }
  if (!LOCAL_REGISTRATION.test(siret)) return "Le numéro d'immatriculation doit comporter de 5 à 20 lettres ou chiffres (points et tirets admis).";
  return null;
}
