// Pure edits of the carte's promotions and of the products they apply to (each product lists the ids
// of its promotions in `promotions`). Every field not edited is kept as loaded, unknown ones too.
import * as z from 'zod/mini';
import { isActive, newIdGlobal, nextNumber, type MenuDocument, type MenuProduct } from './documentTypes';
import { countField, countOf } from './familyEdits';
import { promotionsOf, type Promotion } from './familyTypes';
import { parsePriceText, priceText } from './format';

export const promotionSchema = z.object({
  name: z.string().check(z.trim(), z.minLength(1, 'Le nom de la promotion est obligatoire.'), z.maxLength(120, 'Le nom ne doit pas dépasser 120 caractères.')),
  name_promotion: z.string().check(z.maxLength(160, 'Le libellé ne doit pas dépasser 160 caractères.')),
  discount: z.string().check(
    z.refine((text) => !Number.isNaN(parsePriceText(text)), "Cette remise n'est pas un nombre."),
    z.refine((text) => !(parsePriceText(text) < 0), 'Une remise ne peut pas être négative.'),
  ),
  label_discount: z.string().check(z.maxLength(160, 'Le libellé ne doit pas dépasser 160 caractères.')),
  quantity: countField,
  size_product: z.string(),
  label_size_product: z.string().check(z.maxLength(160, 'Le libellé ne doit pas dépasser 160 caractères.')),
  type_order: z.string(),
  description: z.string().check(z.maxLength(2000, 'La description ne doit pas dépasser 2000 caractères.')),
  text_promo: z.string().check(z.maxLength(2000, 'Le texte ne doit pas dépasser 2000 caractères.')),
  products: z.array(z.number()),
});

export type PromotionForm = z.infer<typeof promotionSchema>;

/** The ids a product's `promotions` holds (numbers, or numeric texts as old cartes may have). */
export function promotionIdsOf(product: MenuProduct): number[] {
  const raw = Array.isArray(product.promotions) ? (product.promotions as unknown[]) : [];
  return raw.map((v) => (typeof v === 'number' ? v : Number(v))).filter((v) => Number.isFinite(v));
}

const holds = (product: MenuProduct, id: number) =>
  Array.isArray(product.promotions) && (product.promotions as unknown[]).some((v) => Number(v) === id);

/** The ids of the active products the promotion `id` applies to. */
export function productsWithPromotion(doc: MenuDocument, id: number): number[] {
  return doc.items.filter((p) => isActive(p) && holds(p, id)).map((p) => p.id);
}

/**
 * Applies promotion `id` to exactly the active products of `chosen`: adds the id to the products
 * chosen that lack it, takes it out of the others; untouched products stay the same objects.
 * Removed products keep what they hold (they come back as they were when restored).
 */
export function assignPromotion(items: readonly MenuProduct[], id: number, chosen: ReadonlySet<number>): MenuProduct[] {
  return items.map((p) => {
    if (!isActive(p)) return p;
    const has = holds(p, id);
    const want = chosen.has(p.id);
    if (has === want) return p;
    const current = p.promotions ?? [];
    return { ...p, promotions: want ? [...current, id] : current.filter((v) => Number(v) !== id) };
  });
}

export function promotionFormValues(doc: MenuDocument, promotion: Promotion | null): PromotionForm {
  return {
    name: promotion?.name ?? '',
    name_promotion: promotion?.name_promotion ?? '',
    discount: priceText(promotion?.discount ?? ''),
    label_discount: promotion?.label_discount ?? '',
    quantity: promotion?.quantity !== undefined && promotion.quantity !== null ? String(promotion.quantity) : '',
    size_product: String(Number(promotion?.size_product) || 0),
    label_size_product: promotion?.label_size_product ?? '',
    type_order: String(Number(promotion?.type_order) || 0),
    description: promotion?.description ?? '',
    text_promo: promotion?.text_promo ?? '',
    products: promotion ? productsWithPromotion(doc, promotion.id) : [],
  };
}

/** A new promotion: a fresh idGlobal, the next id, not removed. */
export function newPromotion(doc: MenuDocument): Promotion {
  return {
    idGlobal: newIdGlobal('promo'),
    id: nextNumber(promotionsOf(doc).map((p) => Number(p.id))),
    name: '',
    discount: 0,
    removed: false,
    removed_by_admin: false,
  };
}

/** Writes the form into the promotion `idGlobal` (or a new one) and into the products it applies to. */
export function savePromotion(
  doc: MenuDocument,
  idGlobal: string | null,
  values: PromotionForm,
): { document: MenuDocument; index: number; idGlobal: string } {
  const promotions = [...promotionsOf(doc)];
  let index = idGlobal ? promotions.findIndex((p) => p.idGlobal === idGlobal) : -1;
  const base = index >= 0 ? promotions[index]! : newPromotion(doc);
  const next: Promotion = {
    ...base,
    name: values.name.trim(),
    name_promotion: values.name_promotion.trim(),
    discount: parsePriceText(values.discount),
    label_discount: values.label_discount.trim(),
    quantity: countOf(values.quantity),
    size_product: Number(values.size_product) || 0,
    label_size_product: values.label_size_product.trim(),
    type_order: Number(values.type_order) || 0,
    description: values.description,
    text_promo: values.text_promo,
  };
  if (index >= 0) promotions[index] = next;
  else index = promotions.push(next) - 1;
  const items = assignPromotion(doc.items, Number(next.id), new Set(values.products));
  return { document: { ...doc, promotions, items }, index, idGlobal: next.idGlobal };
}

/** Soft delete (spec §4): removed and removed_by_admin; products keep the id for a restore. */
export function removePromotion(doc: MenuDocument, idGlobal: string): MenuDocument {
  return { ...doc, promotions: promotionsOf(doc).map((p) => (p.idGlobal === idGlobal ? { ...p, removed: true, removed_by_admin: true } : p)) };
}

export const activePromotions = (doc: MenuDocument): Promotion[] => promotionsOf(doc).filter(isActive);
