// Typed views of the document's promotions, option families (groups_sub_options) and menu families
// (cartes). As in documentTypes.ts, the index signatures keep every field the editor does not name.
import type { Extra, MenuDocument } from './documentTypes';

/** A promotion (spec §3 "Promotion"); the products it applies to list its id in their `promotions`. */
export interface Promotion extends Extra {
  idGlobal: string;
  id: number;
  name: string;
  name_promotion?: string;
  discount?: number | string;
  label_discount?: string;
  quantity?: number;
  /** 1..10 (junior, senior, mega, size1..size7); 0 or absent: any size. */
  size_product?: number;
  label_size_product?: string;
  /** 1..5 (Sur Place … Drive); 0 or absent: every order type. */
  type_order?: number;
  description?: string;
  text_promo?: string;
  removed?: boolean;
  removed_by_admin?: boolean;
}

/** An option family, an entry of groups_sub_options (spec §3 "Option family"). */
export interface OptionFamily extends Extra {
  idGlobal: string;
  name_group: string;
  title_group?: string;
  min_option?: number;
  max_option?: number;
  number_click?: number;
  option_free?: number;
  has_limit_options?: boolean;
  /** The ids of the option groups (document.options) the family holds. */
  sub_supplements?: unknown[];
  removed?: boolean;
  removed_by_admin?: boolean;
}

/** A product of a menu family, at its price in the family. */
export interface MenuFamilyItem extends Extra {
  id_item: number;
  order_item: number;
  price: number | string;
}

/** A menu family, an entry of the document's cartes (spec §3 "Menu family"). */
export interface MenuFamily extends Extra {
  idGlobal: string;
  name: string;
  items: MenuFamilyItem[];
  removed?: boolean;
  removed_by_admin?: boolean;
}

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
