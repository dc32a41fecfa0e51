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

/** A non-price number of the product form (weight, nutrition): empty, or a number ≥ 0 (comma accepted). */
export const amountField = z.string().check(
  z.refine((text) => !Number.isNaN(parsePriceText(text)), "Cette valeur n'est pas un nombre."),
  z.refine((text) => !(parsePriceText(text) < 0), 'Cette valeur ne peut pas être négative.'),
);

/** The purchase price: the server's message names it 'prix d'achat'. */
export const purchasePriceField = z.string().check(
  z.refine((text) => !Number.isNaN(parsePriceText(text)), "Le prix d'achat n'est pas un nombre."),
  z.refine((text) => !(parsePriceText(text) < 0), "Le prix d'achat ne peut pas être négatif."),
);

const clock = z.string().check(z.regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Heure invalide (HH:MM).'));

/** One opening slot of a product: HH:MM to HH:MM, the end after the start. */
export const shiftSchema = z.object({ start: clock, end: clock }).check(
  z.refine((s) => !s.start || !s.end || s.end > s.start, { path: ['end'], message: "L'heure de fin doit être après l'heure de début." }),
);

export const sizeRowSchema = z.object({
  id_size: z.number(),
  name_size: z.string(),
  label_size: z.string(),
  size_enabled: z.boolean(),
  price: priceField,
  price_sp: priceField,
});

export const nutritionValueSchema = z.object({ value: amountField, daily_percentage: amountField });

export const translationRowSchema = z.object({ name: z.string(), description: z.string(), description_ubereat: z.string() });

/** The spec's start/end rule (DECISIONS: equal dates allowed), with the product's name. */
export function periodError(start: string, end: string, name: string): string | null {
  return start && end && start > end ? `La date de début est supérieure à la date de fin du produit ${name.trim()}` : null;
}

export const productSchema = z
  .object({
    // Général
    name: z.string().check(
      z.trim(),
      z.minLength(1, 'Le nom du produit est obligatoire.'),
      z.maxLength(160, 'Le nom ne doit pas dépasser 160 caractères.'),
    ),
    description: z.string().check(z.maxLength(2000, 'La description ne doit pas dépasser 2000 caractères.')),
    description_ubereat: z.string().check(z.maxLength(2000, 'La description ne doit pas dépasser 2000 caractères.')),
    alias_product: z.string().check(z.maxLength(160, "L'alias ne doit pas dépasser 160 caractères.")),
    idCat: z.string().check(z.minLength(1, 'Choisissez une catégorie.')),
    purchase_price: purchasePriceField,
    has_bar_code: z.boolean(),
    bar_code: z.string().check(z.maxLength(64, 'Le code-barres ne doit pas dépasser 64 caractères.')),
    weight: amountField,
    unit: z.string(),
    price_type: z.string(),
    // Prix
    prices: z.record(z.string(), priceField),
    many_size: z.boolean(),
    many_type: z.boolean(),
    sizes: z.array(sizeRowSchema),
    // Disponibilité
    flags: z.record(z.string(), z.boolean()),
    // Horaires
    first_period: day,
    end_period: day,
    has_timetable: z.boolean(),
    daysOn: z.array(z.number()),
    shiftsOn: z.array(shiftSchema),
    // Images
    path: z.string(),
    path_product_moment: z.string(),
    type_image_product_moment: z.string(),
    // Traductions
    translations: z.record(z.string(), translationRowSchema),
    // Nutrition
    nutrition: z.record(z.string(), nutritionValueSchema),
    // Cuisine
    printer: z.string(),
    printerLabel: z.string(),
    cook: z.boolean(),
    display_kitchen: z.boolean(),
    screens: z.array(z.number()),
    label: z.string().check(z.maxLength(160, "L'étiquette ne doit pas dépasser 160 caractères.")),
  })
  .check(
    z.superRefine((v, ctx) => {
      const message = periodError(v.first_period, v.end_period, v.name);
      if (message) ctx.addIssue({ code: 'custom', path: ['first_period'], message, input: v.first_period });
    }),
  );

export type ProductForm = z.infer<typeof productSchema>;
