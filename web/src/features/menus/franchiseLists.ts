import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { settingsQuery } from '../settings/queries';
import { DEFAULT_LANGUAGE, KITCHEN_PRINTERS, LABEL_PRINTERS, SCREENS, translatedLanguages } from './components/product/productConstants';

export interface NamedId {
  id: number;
  name: string;
}

/**
 * The franchise's own printers, screens and active languages (Paramètres), for the carte editor's
 * pickers; the spec's defaults stand in while they load or if they cannot be read.
 */
export function useFranchiseLists(): { kitchenPrinters: NamedId[]; labelPrinters: NamedId[]; screens: NamedId[]; translationLanguages: string[] } {
  const printers = useQuery({ ...settingsQuery('printers'), staleTime: 60_000 });
  const screens = useQuery({ ...settingsQuery('screens'), staleTime: 60_000 });
  const languages = useQuery({ ...settingsQuery('languages'), staleTime: 60_000 });
  const list = printers.data?.value.printers;
  const byType = (type: string, fallback: NamedId[]) =>
    list ? list.filter((p) => p.type_printer === type).map((p) => ({ id: p.idPrinter, name: p.name })) : fallback;
  const langs = languages.data?.value.languages;
  const defaultCode = langs?.find((l) => l.isDefault)?.code ?? DEFAULT_LANGUAGE;
  return {
    kitchenPrinters: byType('kitchen', KITCHEN_PRINTERS),
    labelPrinters: byType('label', LABEL_PRINTERS),
    screens: screens.data?.value.screens?.map((s) => ({ id: s.idScreen, name: s.name_screen })) ?? SCREENS,
    // The form knows the five supported languages; it shows the ones the franchise has active.
    translationLanguages: langs
      ? translatedLanguages().filter((code) => code !== defaultCode && langs.some((l) => l.code === code && l.isActive))
      : translatedLanguages(),
  };
}

/** One of the franchise's sizes (Mes Tailles). */
export interface FranchiseSize {
  id_size: number;
  name_size: string;
  label_size: string;
  description: string;
  size_displayed: boolean;
}

/** The label each size takes when the product form writes it (id_size → label_size; empty labels left out). */
export type SizeLabels = Readonly<Record<number, string>>;

/**
 * The franchise's sizes (Mes Tailles) by id, for the size table; null while they load or if they cannot
 * be read, and the table then shows the product's own labels and the default sizes (DEFAULT_SIZES).
 * `load: false` reads them only once something else has loaded them (the product form at save time).
 */
export function useFranchiseSizes({ load = true }: { load?: boolean } = {}): ReadonlyMap<number, FranchiseSize> | null {
  const sizes = useQuery({ ...settingsQuery('sizes'), staleTime: 60_000, enabled: load });
  const list = sizes.data?.value.sizes;
  return useMemo(() => (list ? new Map(list.map((s) => [s.id_size, { ...s, description: s.description ?? '' }])) : null), [list]);
}

/** The labels a size entry written by the product form takes, from the franchise's sizes. */
export function sizeLabelsOf(sizes: ReadonlyMap<number, FranchiseSize> | null): SizeLabels | undefined {
  if (!sizes) return undefined;
  const labels: Record<number, string> = {};
  for (const s of sizes.values()) if (s.label_size.trim() !== '') labels[s.id_size] = s.label_size.trim();
  return labels;
}
