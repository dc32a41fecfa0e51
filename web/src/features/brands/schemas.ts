// zod/mini, as the rest of the app: the brand form's checks, the same as the server's
// (internal/brands: normalize), so most mistakes are told before asking. The server stays the
// authority (a name already taken, a carte another brand owns): its field errors land on the same fields.
import * as z from 'zod/mini';
import type { FieldPath } from 'react-hook-form';
import type { Brand } from './types';

export const MAX_NAME = 80;
export const COLOUR = /^#[0-9A-Fa-f]{6}$/;

export const brandSchema = z
  .object({
    name: z.string(),
    logo: z.string(),
    primaryColor: z.string(),
    secondaryColor: z.string(),
    campaignIds: z.array(z.number()),
    restaurantIds: z.array(z.number()),
  })
  .check(
    z.superRefine((v, ctx) => {
      const issue = (path: string[], message: string) => ctx.addIssue({ code: 'custom', path, message, input: v });
      const name = v.name.trim();
      if (!name) issue(['name'], 'Le nom de la marque est obligatoire.');
      else if ([...name].length > MAX_NAME) issue(['name'], `Le nom de la marque ne doit pas dépasser ${MAX_NAME} caractères.`);
      if (!COLOUR.test(v.primaryColor)) issue(['primaryColor'], 'La couleur principale doit être au format #RRGGBB (par exemple #1E88E5).');
      if (!COLOUR.test(v.secondaryColor)) issue(['secondaryColor'], 'La couleur secondaire doit être au format #RRGGBB (par exemple #1E88E5).');
      const logo = v.logo.trim();
      if (/^http:\/\//i.test(logo)) issue(['logo'], "L'adresse du logo doit commencer par https:// (les pages du back-office sont servies en HTTPS).");
    }),
  );

export type BrandForm = z.infer<typeof brandSchema>;

export const brandFieldNames: readonly FieldPath<BrandForm>[] = ['name', 'logo', 'primaryColor', 'secondaryColor', 'campaignIds', 'restaurantIds'];

export const NEW_BRAND: BrandForm = { name: '', logo: '', primaryColor: '#1E88E5', secondaryColor: '#FFC107', campaignIds: [], restaurantIds: [] };

export function brandFormValues(b?: Brand): BrandForm {
  if (!b) return { ...NEW_BRAND };
  return {
    name: b.name,
    logo: b.logo ?? '',
    primaryColor: b.primaryColor,
    secondaryColor: b.secondaryColor,
    campaignIds: b.campaignIds ?? [],
    restaurantIds: b.restaurantIds ?? [],
  };
}

/** The body of a save: the form's values, the name trimmed (the read-only fields are the server's). */
export function brandBody(v: BrandForm): Brand {
  const epoch = new Date(0).toISOString();
  return {
    id: 0,
    version: 0,
    createdAt: epoch,
    updatedAt: epoch,
    name: v.name.trim(),
    logo: v.logo.trim(),
    primaryColor: v.primaryColor.toUpperCase(),
    secondaryColor: v.secondaryColor.toUpperCase(),
    campaignIds: v.campaignIds,
    restaurantIds: v.restaurantIds,
  };
}
