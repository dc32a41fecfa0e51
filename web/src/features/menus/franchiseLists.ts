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
