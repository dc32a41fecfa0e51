// The settings forms (zod/mini): the checks a user can get right before asking the server, and
// the conversions between the API's lists and the forms. The server stays the authority: its
// field errors land on the same fields.
import * as z from 'zod/mini';
import { zodResolver } from '@hookform/resolvers/zod';
import { duplicateNames, IP_INVALID, isValidPrinterIp, PRINTER_DEFAULTS } from './rules';
import type { KioskColors, KioskConfig, Languages, Printers, Screens, Sizes } from './types';

// ---- sizes ----

/** The ten size codes, by id (spec §3: junior 1, senior 2, mega 3, size1..size7 4..10). */
export const SIZE_CODES = ['junior', 'senior', 'mega', 'size1', 'size2', 'size3', 'size4', 'size5', 'size6', 'size7'] as const;
export const SIZE_LABEL_MAX = 40;

const sizesFormSchema = z.object({
  sizes: z.array(
    z.object({
      id_size: z.number(),
      name_size: z.string(),
      label_size: z.string().check(z.trim(), z.maxLength(SIZE_LABEL_MAX, `Le libellé ne doit pas dépasser ${SIZE_LABEL_MAX} caractères.`)),
      description: z.string().check(z.trim()),
      size_displayed: z.boolean(),
    }),
  ),
  productSizeLabels: z.array(z.string().check(z.trim())),
});

export type SizesForm = z.infer<typeof sizesFormSchema>;
export const sizesResolver = zodResolver(sizesFormSchema);

/** Always the ten sizes in id order (the server's error paths count in that order), defaults filling gaps. */
export function sizesToForm(value: Sizes): SizesForm {
  const byId = new Map((value.sizes ?? []).map((s) => [s.id_size, s]));
  const labels = value.productSizeLabels ?? [];
  return {
    sizes: SIZE_CODES.map((code, i) => {
      const s = byId.get(i + 1);
      return {
        id_size: i + 1,
        name_size: code,
        label_size: s?.label_size ?? `Taille ${i + 1}`,
        description: s?.description ?? '',
        size_displayed: s?.size_displayed ?? true,
      };
    }),
    productSizeLabels: SIZE_CODES.map((_, i) => labels[i] ?? `taille ${i + 1}`),
  };
}

export function sizesToValue(form: SizesForm): Sizes {
  return {
    sizes: form.sizes.map((s) => ({
      id_size: s.id_size,
      name_size: s.name_size,
      label_size: s.label_size,
      description: s.description,
      size_displayed: s.size_displayed,
    })),
    productSizeLabels: [...form.productSizeLabels],
  };
}

// ---- printers ----

const WIDTH_MESSAGE = 'La largeur doit être un nombre entier entre 16 et 120.';
const COPIES_MESSAGE = "Le nombre d'exemplaires doit être un nombre entier entre 1 et 10.";
const between = (min: number, max: number) => (n: number) => Number.isInteger(n) && n >= min && n <= max;

const printersFormSchema = z
  .object({
    printers: z.array(
      z.object({
        idPrinter: z.number(),
        name: z.string().check(z.trim(), z.minLength(1, "Le nom de l'imprimante est obligatoire.")),
        type_printer: z.string(),
        width_ticket: z.number({ error: WIDTH_MESSAGE }).check(z.refine(between(16, 120), WIDTH_MESSAGE)),
        number_ticket: z.number({ error: COPIES_MESSAGE }).check(z.refine(between(1, 10), COPIES_MESSAGE)),
        ip_address: z.string().check(z.trim(), z.refine(isValidPrinterIp, IP_INVALID)),
        type: z.string(),
      }),
    ),
  })
  .check(
    z.superRefine((v, ctx) => {
      for (const i of duplicateNames(v.printers.map((p) => p.name))) {
        ctx.addIssue({ code: 'custom', path: ['printers', i, 'name'], message: 'Ce nom est déjà utilisé par une autre imprimante.', input: v.printers[i]?.name });
      }
    }),
  );

export type PrintersForm = z.infer<typeof printersFormSchema>;
export const printersResolver = zodResolver(printersFormSchema);

export function printersToForm(value: Printers): PrintersForm {
  return {
    printers: (value.printers ?? []).map((p) => ({
      idPrinter: p.idPrinter,
      name: p.name,
      type_printer: p.type_printer,
      width_ticket: p.width_ticket,
      number_ticket: p.number_ticket,
      ip_address: p.ip_address ?? '',
      type: p.type || PRINTER_DEFAULTS.type,
    })),
  };
}

/** In the form's order: the server's error paths (printers[2]…) count in the order sent. */
export function printersToValue(form: PrintersForm): Printers {
  return {
    printers: form.printers.map((p) => ({
      idPrinter: p.idPrinter,
      name: p.name,
      type_printer: p.type_printer,
      width_ticket: p.width_ticket,
      number_ticket: p.number_ticket,
      ip_address: p.ip_address,
      type: p.type,
    })),
  };
}

// ---- screens ----

const screensFormSchema = z
  .object({
    screens: z.array(
      z.object({
        idScreen: z.number(),
        number_screen: z.number(),
        name_screen: z.string().check(z.trim(), z.minLength(1, "Le nom de l'écran est obligatoire.")),
      }),
    ),
  })
  .check(
    z.superRefine((v, ctx) => {
      for (const i of duplicateNames(v.screens.map((s) => s.name_screen))) {
        ctx.addIssue({ code: 'custom', path: ['screens', i, 'name_screen'], message: 'Ce nom est déjà utilisé par un autre écran.', input: v.screens[i]?.name_screen });
      }
    }),
  );

export type ScreensForm = z.infer<typeof screensFormSchema>;
export const screensResolver = zodResolver(screensFormSchema);

export function screensToForm(value: Screens): ScreensForm {
  return { screens: (value.screens ?? []).map((s) => ({ idScreen: s.idScreen, number_screen: s.number_screen, name_screen: s.name_screen })) };
}

export function screensToValue(form: ScreensForm): Screens {
  return { screens: form.screens.map((s) => ({ idScreen: s.idScreen, number_screen: s.number_screen, name_screen: s.name_screen })) };
}

// ---- languages ----

const languagesFormSchema = z
  .object({
    languages: z.array(
      z.object({ id: z.number(), isDefault: z.boolean(), label: z.string(), code: z.string(), isActive: z.boolean() }),
    ),
  })
  .check(
    z.refine((v) => v.languages.filter((l) => l.isDefault).length === 1, {
      path: ['languages'],
      message: 'Choisissez une et une seule langue par défaut.',
    }),
  );

export type LanguagesForm = z.infer<typeof languagesFormSchema>;
export const languagesResolver = zodResolver(languagesFormSchema);

export function languagesToForm(value: Languages): LanguagesForm {
  return {
    languages: (value.languages ?? []).map((l) => ({ id: l.id, isDefault: l.isDefault, label: l.label, code: l.code, isActive: l.isActive || l.isDefault })),
  };
}

/** The country is the franchise's (the server sets it); the list is sent as edited. */
export function languagesToValue(form: LanguagesForm, base: Languages): Languages {
  return {
    country: base.country,
    languages: form.languages.map((l) => ({ id: l.id, isDefault: l.isDefault, label: l.label, code: l.code, isActive: l.isActive || l.isDefault })),
  };
}

// ---- kiosk ----

const kioskFormSchema = z.object({
  hide_name_categories: z.boolean(),
  hide_name_sub_categories: z.boolean(),
  hide_name_products: z.boolean(),
  hide_name_options: z.boolean(),
});

export type KioskForm = z.infer<typeof kioskFormSchema>;
export const kioskResolver = zodResolver(kioskFormSchema);

export function kioskToForm(value: KioskConfig): KioskForm {
  return {
    hide_name_categories: value.hide_name_categories,
    hide_name_sub_categories: value.hide_name_sub_categories,
    hide_name_products: value.hide_name_products,
    hide_name_options: value.hide_name_options,
  };
}

export const kioskToValue = (form: KioskForm): KioskConfig => kioskToForm(form);

// ---- kiosk colours ----

const hex = z.string().check(z.regex(/^#[0-9A-Fa-f]{6}$/, 'Couleur au format #RRGGBB.'));

const colorsFormSchema = z.object({ primary: hex, secondary: hex, background: hex, text: hex, button: hex, buttonText: hex });

export type ColorsForm = z.infer<typeof colorsFormSchema>;
export const colorsResolver = zodResolver(colorsFormSchema);

export function colorsToForm(value: KioskColors): ColorsForm {
  return {
    primary: value.primary,
    secondary: value.secondary,
    background: value.background,
    text: value.text,
    button: value.button,
    buttonText: value.buttonText,
  };
}

export const colorsToValue = (form: ColorsForm): KioskColors => ({ ...colorsToForm(form), primary: form.primary.toUpperCase() });
