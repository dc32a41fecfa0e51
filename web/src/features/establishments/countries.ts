import type { CountryCode } from '../../api/types';

export interface CountryInfo {
  label: string;
  /** The IANA zone the server gives a restaurant of this country when none is chosen. */
  timeZone: string;
  currency: string;
  /** What the registration number is called there, and how it is written. */
  registration: { label: string; help: string };
}

/**
 * The countries the API accepts (RestaurantBody.countryCode), with the defaults the server applies
 * (internal/tenancy/countries.go). The API has no country catalogue endpoint, so these few facts
 * are repeated here; the Record over the generated enum keeps the two lists in step.
 */
export const countries: Record<CountryCode, CountryInfo> = {
  FR: {
    label: 'France',
    timeZone: 'Europe/Paris',
    currency: 'EUR',
    registration: { label: 'SIRET', help: '14 chiffres, sans espaces ; la clé de contrôle est vérifiée.' },
  },
  MA: {
    label: 'Maroc',
    timeZone: 'Africa/Casablanca',
    currency: 'MAD',
    registration: { label: 'ICE', help: "Identifiant commun de l'entreprise : 5 à 20 lettres ou chiffres (points et tirets admis)." },
  },
  CH: {
    label: 'Suisse',
    timeZone: 'Europe/Zurich',
    currency: 'CHF',
    registration: { label: 'IDE', help: 'Par exemple CHE-123.456.789 : 5 à 20 lettres ou chiffres (points et tirets admis).' },
  },
  CA: {
    label: 'Canada',
    timeZone: 'America/Toronto',
    currency: 'CAD',
    registration: { label: "Numéro d'entreprise", help: 'NEQ ou numéro d’entreprise : 5 à 20 lettres ou chiffres (points et tirets admis).' },
  },
  NC: {
    label: 'Nouvelle-Calédonie',
    timeZone: 'Pacific/Noumea',
    currency: 'XPF',
    registration: { label: 'RIDET', help: 'Numéro RIDET : 5 à 20 lettres ou chiffres (points et tirets admis).' },
  },
  SA: {
    label: 'Arabie saoudite',
    timeZone: 'Asia/Riyadh',
    currency: 'SAR',
    registration: { label: 'Registre du commerce', help: 'Numéro CR : 5 à 20 lettres ou chiffres (points et tirets admis).' },
  },
  PF: {
    label: 'Polynésie française',
    timeZone: 'Pacific/Tahiti',
    currency: 'XPF',
    registration: { label: 'Numéro TAHITI', help: 'Numéro TAHITI : 5 à 20 lettres ou chiffres (points et tirets admis).' },
  },
};

export const countryCodes = Object.keys(countries) as CountryCode[];

export function isCountryCode(code: string): code is CountryCode {
  return Object.hasOwn(countries, code);
}

/** The country's French name, or the code itself for a country this screen does not know. */
export function countryLabel(code: string): string {
  return isCountryCode(code) ? countries[code].label : code || '—';
}

/** The label of the registration field: 'SIRET' in France, the local number elsewhere. */
export function registrationLabel(code: string): string {
  return isCountryCode(code) ? countries[code].registration.label : 'Immatriculation';
}

