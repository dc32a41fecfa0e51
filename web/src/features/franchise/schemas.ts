import * as z from 'zod/mini';
import type { CountryCode, Franchise, FranchiseBody } from '../../api/types';
import { countries, countryCodes, isCountryCode } from '../establishments/countries';

export const franchiseSchema = z.object({
  name: z.string().check(
    z.trim(),
    z.minLength(1, 'Le nom de la franchise est obligatoire.'),
    z.maxLength(120, 'Le nom de la franchise ne doit pas dépasser 120 caractères.'),
  ),
  countryCode: z.enum(countryCodes as [CountryCode, ...CountryCode[]], 'Choisissez un pays.'),
  currency: z.string().check(
    z.trim(),
    z.regex(/^[A-Za-z]{3}$/, 'La devise doit être un code ISO 4217 de trois lettres (EUR, MAD, CHF…).'),
  ),
  contactEmail: z.string().check(
    z.trim(),
    z.maxLength(200, "L'adresse e-mail ne doit pas dépasser 200 caractères."),
    z.refine((v) => v === '' || /^[^\s@<>]+@[^\s@<>]+$/.test(v), "L'adresse e-mail de contact n'est pas valide."),
  ),
  contactPhone: z.string().check(z.trim(), z.maxLength(40, 'Le téléphone ne doit pas dépasser 40 caractères.')),
  address: z.string().check(z.trim(), z.maxLength(300, "L'adresse ne doit pas dépasser 300 caractères.")),
});

export type FranchiseForm = z.infer<typeof franchiseSchema>;

export function franchiseFormValues(f: Franchise): FranchiseForm {
  const countryCode = isCountryCode(f.countryCode) ? f.countryCode : 'FR';
  return {
    name: f.name,
    countryCode,
    currency: f.currency || countries[countryCode].currency,
    contactEmail: f.contactEmail,
    contactPhone: f.contactPhone,
    address: f.address,
  };
}

export function franchiseBody(form: FranchiseForm): FranchiseBody {
  return { ...form, currency: form.currency.toUpperCase() };
}
