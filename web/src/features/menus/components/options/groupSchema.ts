// The option group form (zod/mini): the checks a user can get right before asking the server.
import * as z from 'zod/mini';
import { priceField } from '../../schemas';

/** A count (min, max, clicks, per-size limits): empty, or a whole number ≥ 0. */
export const countField = z.string().check(z.refine((text) => /^\s*\d*\s*$/.test(text), 'Saisissez un nombre entier positif ou nul.'));

const tariffSchema = z.object({
  price: priceField,
  price_sp: priceField,
  price_emp: priceField,
  price_lv: priceField,
  price_platform: priceField,
  price_drive: priceField,
});

export const sizeLimitRowSchema = z.object({ min: countField, max: countField, free: countField });

export const optionRowSchema = z.object({
  idGlobal: z.string(),
  id_product: z.number(),
  name: z.string().check(z.trim(), z.minLength(1, 'Le nom est obligatoire.'), z.maxLength(160, 'Le nom ne doit pas dépasser 160 caractères.')),
  alias_supplement: z.string().check(z.maxLength(160, "L'alias ne doit pas dépasser 160 caractères.")),
  prices: z.object({ T1: tariffSchema, T2: tariffSchema, T3: tariffSchema }),
  cost: priceField,
  sold_out: z.boolean(),
  limits: z.array(sizeLimitRowSchema),
});

const count = (text: string) => (text.trim() === '' ? 0 : Number(text));

export const optionGroupSchema = z
  .object({
    name: z.string().check(
      z.trim(),
      z.minLength(1, "Le nom de la catégorie d'options est obligatoire."),
      z.maxLength(120, 'Le nom ne doit pas dépasser 120 caractères.'),
    ),
    is_ingredient: z.boolean(),
    min_items: countField,
    max_items: countField,
    number_click: countField,
    printer: z.string(),
    prepared: z.boolean(),
    multiple_category: z.boolean(),
    display_free: z.boolean(),
    shift_option: z.boolean(),
    alphabetical_order: z.boolean(),
    order_name: z.boolean(),
    no_printable: z.boolean(),
    print_black_background: z.boolean(),
    is_bold: z.boolean(),
    items: z.array(optionRowSchema),
  })
  .check(
    z.refine((v) => !/^\s*\d+\s*$/.test(v.min_items) || !/^\s*\d+\s*$/.test(v.max_items) || count(v.min_items) <= count(v.max_items), {
      path: ['max_items'],
      message: 'Le maximum doit être supérieur ou égal au minimum.',
    }),
  );

export type OptionGroupForm = z.infer<typeof optionGroupSchema>;
export type OptionRow = z.infer<typeof optionRowSchema>;
