// The document's promotions, option families (groups_sub_options) and menu families (cartes): the
// generated API types (schema.ts). As in documentTypes.ts, the index signatures keep every field.
import type { components } from '../../api/schema';
import type { MenuDocument } from './documentTypes';

type Schemas = components['schemas'];

/** A promotion (spec §3 "Promotion"); the products it applies to list its id in their `promotions`. */
export type Promotion = Schemas['MenuPromotion'];
/** An option family, an entry of groups_sub_options (spec §3 "Option family"). */
export type OptionFamily = Schemas['MenuOptionFamily'];
/** A product of a menu family, at its price in the family. */
export type MenuFamilyItem = Schemas['MenuMenuFamilyItem'];
/** A menu family, an entry of the document's cartes (spec §3 "Menu family"). */
export type MenuFamily = Schemas['MenuMenuFamily'];

function list<T>(value: unknown): T[] {
  return Array.isArray(value) ? (value as T[]) : [];
}

export const promotionsOf = (doc: MenuDocument): Promotion[] => list<Promotion>(doc.promotions);
export const optionFamiliesOf = (doc: MenuDocument): OptionFamily[] => list<OptionFamily>(doc.groups_sub_options);
export const menuFamiliesOf = (doc: MenuDocument): MenuFamily[] => list<MenuFamily>(doc.cartes);
export const familyItemsOf = (family: MenuFamily): MenuFamilyItem[] => list<MenuFamilyItem>(family.items);

/** The spec's sizes (§3): junior 1, senior 2, mega 3, size1..size7 as 4..10. */
export const SIZE_NAMES = ['junior', 'senior', 'mega', 'size1', 'size2', 'size3', 'size4', 'size5', 'size6', 'size7'] as const;

/** The sizes a promotion can target, labelled by the document's product_size_N when it has one. */
export function sizeChoices(doc: MenuDocument): { code: number; label: string }[] {
  return SIZE_NAMES.map((name, i) => {
    const label = doc[`product_size_${i + 1}`];
    return { code: i + 1, label: typeof label === 'string' && label.trim() ? label.trim() : name };
  });
}
