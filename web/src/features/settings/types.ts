// Names the generated API types the settings screens use; nothing here is declared by hand.
import type { components } from '../../api/schema';

type Schemas = components['schemas'];

/** Each settings list as the API answers it: the value with its version and last change. */
export interface SettingsBodies {
  sizes: Schemas['SettingsBodySizes'];
  printers: Schemas['SettingsBodyPrinters'];
  screens: Schemas['SettingsBodyScreens'];
  languages: Schemas['SettingsBodyLanguages'];
  kiosk: Schemas['SettingsBodyKioskConfig'];
  colors: Schemas['SettingsBodyKioskColors'];
}

export type SettingsKind = keyof SettingsBodies;
export type SettingsBody<K extends SettingsKind> = SettingsBodies[K];
export type SettingsValue<K extends SettingsKind> = SettingsBodies[K]['value'];

export type Sizes = Schemas['Sizes'];
export type Size = Schemas['Size'];
export type Printers = Schemas['Printers'];
export type Printer = Schemas['Printer'];
export type Screens = Schemas['Screens'];
export type Screen = Schemas['Screen'];
export type Languages = Schemas['Languages'];
export type Language = Schemas['Language'];
export type KioskConfig = Schemas['KioskConfig'];
export type KioskColors = Schemas['KioskColors'];
