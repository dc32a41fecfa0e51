import { describe, expect, it } from 'vitest';
import {
  countryFlag,
  duplicateNames,
  formPath,
  isValidPrinterIp,
  mergeEdits,
  newPrinter,
  newScreen,
  nextPrinterId,
  nextPrinterName,
  withDefaultLanguage,
  withLanguageActive,
} from './rules';
import { sizesToForm } from './schemas';
import type { Language, Printer } from './types';

const fr: Language = { id: 1, code: 'fr', label: 'Francais', isDefault: true, isActive: true };
const en: Language = { id: 2, code: 'en', label: 'Anglais', isDefault: false, isActive: false };
const es: Language = { id: 3, code: 'es', label: 'Espagnol', isDefault: false, isActive: true };

function printer(idPrinter: number, name: string, type_printer: 'kitchen' | 'label'): Printer {
  return { idPrinter, name, type_printer, width_ticket: 48, number_ticket: 1, ip_address: '', type: 'Reseau' };
}

const defaults: Printer[] = [
  ...Array.from({ length: 8 }, (_, i) => printer(2 + i, `Prepa ${i + 1}`, 'kitchen')),
  ...Array.from({ length: 4 }, (_, i) => printer(10 + i, `Etiquette ${i + 1}`, 'label')),
];

describe('default language (spec §4)', () => {
  it('makes the chosen language default and active, and the others lose default', () => {
    const next = withDefaultLanguage([fr, en, es], 'en');
    expect(next.map((l) => [l.code, l.isDefault, l.isActive])).toEqual([
      ['fr', false, true],
      ['en', true, true],
      ['es', false, true],
    ]);
  });

  it('leaves the list alone for an unknown code', () => {
    expect(withDefaultLanguage([fr, en], 'de')).toEqual([fr, en]);
  });

  it('never turns the default language off', () => {
    expect(withLanguageActive([fr, en], 'fr', false)).toEqual([fr, en]);
    expect(withLanguageActive([fr, en], 'en', true)[1]?.isActive).toBe(true);
  });

  it("shows the franchise country's flag", () => {
    expect(countryFlag('fr')).toBe('🇫🇷');
    expect(countryFlag('MA')).toBe('🇲🇦');
    expect(countryFlag('')).toBeNull();
  });
});

describe('printers', () => {
  it('gives a new printer the id after the highest, never an id deleted from the middle', () => {
    expect(nextPrinterId(defaults)).toBe(14);
    expect(nextPrinterId(defaults.filter((p) => p.idPrinter !== 13))).toBe(13);
    expect(nextPrinterId(defaults.filter((p) => p.idPrinter !== 5))).toBe(14);
    expect(nextPrinterId([])).toBe(2);
  });

  it("names a new printer 'Prepa n' / 'Etiquette n', skipping names in use", () => {
    expect(nextPrinterName('kitchen', defaults)).toBe('Prepa 9');
    expect(nextPrinterName('label', defaults)).toBe('Etiquette 5');
    const renamed = defaults.map((p) => (p.idPrinter === 2 ? { ...p, name: 'prepa 9' } : p));
    expect(nextPrinterName('kitchen', renamed)).toBe('Prepa 10');
    expect(newPrinter('label', defaults)).toEqual({
      idPrinter: 14,
      name: 'Etiquette 5',
      type_printer: 'label',
      ip_address: '',
      width_ticket: 48,
      number_ticket: 1,
      type: 'Reseau',
    });
  });

  it('accepts an IPv4 address or nothing, as the server does', () => {
    for (const ok of ['', '  ', '192.168.1.50', '10.0.0.1', '255.255.255.255', ' 192.168.1.50 ']) expect(isValidPrinterIp(ok), ok).toBe(true);
    for (const bad of ['192.168.1', '192.168.1.256', '192.168.01.5', '1.2.3.4.5', 'imprimante', '192.168.1.50:9100', 'fe80::1'])
      expect(isValidPrinterIp(bad), bad).toBe(false);
  });

  it('finds names repeated regardless of case and outer spaces', () => {
    expect(duplicateNames(['Prepa 1', 'Bar', ' prepa 1 ', '', ''])).toEqual([2]);
  });
});

describe('screens', () => {
  it("adds the next screen as 'Ecran n'", () => {
    const screens = Array.from({ length: 8 }, (_, i) => ({ idScreen: i + 1, number_screen: i + 1, name_screen: `Ecran ${i + 1}` }));
    expect(newScreen(screens)).toEqual({ idScreen: 9, number_screen: 9, name_screen: 'Ecran 9' });
    expect(newScreen([])).toEqual({ idScreen: 1, number_screen: 1, name_screen: 'Ecran 1' });
  });
});

describe('server error paths', () => {
  it("turns the API's location into a form path", () => {
    expect(formPath('body.printers[2].ip_address')).toBe('printers.2.ip_address');
    expect(formPath('body.languages')).toBe('languages');
    expect(formPath('body')).toBeNull();
    expect(formPath(undefined)).toBeNull();
  });
});

describe('Recharger after a conflict', () => {
  it("keeps the user's edits and takes the other changes", () => {
    const base = { printers: defaults.slice(0, 3) };
    // The user renamed printer 2 and added one; someone else changed printer 3's IP and removed printer 4.
    const mine = { printers: [{ ...defaults[0]!, name: 'Grill' }, defaults[1]!, defaults[2]!, printer(14, 'Prepa 9', 'kitchen')] };
    const theirs = { printers: [defaults[0]!, { ...defaults[1]!, ip_address: '10.0.0.3' }] };
    expect(mergeEdits(base, mine, theirs).printers.map((p) => [p.idPrinter, p.name, p.ip_address])).toEqual([
      [2, 'Grill', ''],
      [3, 'Prepa 2', '10.0.0.3'],
      [14, 'Prepa 9', ''],
    ]);
  });

  it('merges the ten size labels position by position', () => {
    const base = sizesToForm({ sizes: null, productSizeLabels: null });
    const mine = { ...base, productSizeLabels: base.productSizeLabels.map((l, i) => (i === 0 ? 'Petit' : l)) };
    const theirs = { ...base, productSizeLabels: base.productSizeLabels.map((l, i) => (i === 1 ? 'Moyen' : l)) };
    expect(mergeEdits(base, mine, theirs).productSizeLabels.slice(0, 3)).toEqual(['Petit', 'Moyen', 'taille 3']);
  });
});
