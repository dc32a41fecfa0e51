// zod/mini, as the rest of the app: the checks a user can get right before asking the server.
import * as z from 'zod/mini';
import { parsePriceText } from './format';

const day = z.string().check(z.regex(/^(\d{4}-\d{2}-\d{2})?$/, 'Date invalide (AAAA-MM-JJ).'));

export const campaignSchema = z
  .object({
    nom: z.string().check(
      z.trim(),
      z.minLength(1, 'Le nom de la carte est obligatoire.'),
      z.maxLength(120, 'Le nom de la carte ne doit pas dépasser 120 caractères.'),
    ),
    dateDebut: day,
    dateFin: day,
  })
  .check(
    z.refine((v) => !v.dateDebut || !v.dateFin || v.dateDebut <= v.dateFin, {
      path: ['dateDebut'],
      message: 'La date de début est supérieure à la date de fin.',
    }),
  );

export type CampaignForm = z.infer<typeof campaignSchema>;

export const categorySchema = z.object({
  name: z.string().check(
    z.trim(),
    z.minLength(1, 'Le nom de la catégorie est obligatoire.'),
    z.maxLength(120, 'Le nom ne doit pas dépasser 120 caractères.'),
  ),
  parent: z.string(),
});

export type CategoryForm = z.infer<typeof categorySchema>;

/** Grid cell name of a price: tariff × order type. */
export const priceCell = (tariff: number, typeOrder: number) => `t${tariff}o${typeOrder}`;

/** A price cell: empty, or a number (comma or dot) that is not negative. */
export const priceField = z.string().check(
  z.refine((text) => !Number.isNaN(parsePriceText(text)), "Ce prix n'est pas un nombre."),
  z.refine((text) => !(parsePriceText(text) < 0), 'Un prix ne peut pas être négatif.'),
);

export const productSchema = z.object({
  name: z.string().check(
    z.trim(),
    z.minLength(1, 'Le nom du produit est obligatoire.'),
    z.maxLength(160, 'Le nom ne doit pas dépasser 160 caractères.'),
  ),
  description: z.string().check(z.maxLength(2000, 'La description ne doit pas dépasser 2000 caractères.')),
  idCat: z.string().check(z.minLength(1, 'Choisissez une catégorie.')),
  prices: z.record(z.string(), priceField),
});

export type ProductForm = z.infer<typeof productSchema>;
