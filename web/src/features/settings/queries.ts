import { queryOptions, type QueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { api, unwrap, type ApiError } from '../../api/client';
import type { SettingsBody, SettingsKind, SettingsValue } from './types';

/** `"<version>"` for If-Match: the version the user edited ("0" for the defaults, never saved). */
export const ifMatch = (version: number) => ({ 'If-Match': `"${version}"` });

// Everything under ['settings'], which the 'settings.changed' server event invalidates.
export const settingsKeys = {
  all: ['settings'] as const,
  kind: <K extends SettingsKind>(kind: K) => [...settingsKeys.all, kind] as const,
};

const readers: { [K in SettingsKind]: () => Promise<SettingsBody<K>> } = {
  sizes: () => unwrap(api.GET('/api/v1/settings/sizes')),
  printers: () => unwrap(api.GET('/api/v1/settings/printers')),
  screens: () => unwrap(api.GET('/api/v1/settings/screens')),
  languages: () => unwrap(api.GET('/api/v1/settings/languages')),
  kiosk: () => unwrap(api.GET('/api/v1/settings/kiosk')),
  colors: () => unwrap(api.GET('/api/v1/settings/colors')),
};

const writers: { [K in SettingsKind]: (version: number, value: SettingsValue<K>) => Promise<SettingsBody<K>> } = {
  sizes: (version, body) => unwrap(api.PUT('/api/v1/settings/sizes', { params: { header: ifMatch(version) }, body })),
  printers: (version, body) => unwrap(api.PUT('/api/v1/settings/printers', { params: { header: ifMatch(version) }, body })),
  screens: (version, body) => unwrap(api.PUT('/api/v1/settings/screens', { params: { header: ifMatch(version) }, body })),
  languages: (version, body) => unwrap(api.PUT('/api/v1/settings/languages', { params: { header: ifMatch(version) }, body })),
  kiosk: (version, body) => unwrap(api.PUT('/api/v1/settings/kiosk', { params: { header: ifMatch(version) }, body })),
  colors: (version, body) => unwrap(api.PUT('/api/v1/settings/colors', { params: { header: ifMatch(version) }, body })),
};

export const settingsQuery = <K extends SettingsKind>(kind: K) =>
  queryOptions({
    queryKey: settingsKeys.kind(kind),
    queryFn: (): Promise<SettingsBody<K>> => readers[kind](),
  });

export interface SaveSettings<K extends SettingsKind> {
  /** The version the form was filled from. */
  version: number;
  value: SettingsValue<K>;
}

export const saveSettingsMutation = <K extends SettingsKind>(kind: K): UseMutationOptions<SettingsBody<K>, ApiError, SaveSettings<K>> => ({
  mutationKey: [...settingsKeys.kind(kind), 'save'],
  mutationFn: ({ version, value }) => writers[kind](version, value),
});

/** Puts the list the server answered with in the cache; every change is also a history entry. */
export function settingsSaved<K extends SettingsKind>(client: QueryClient, kind: K, body: SettingsBody<K>): void {
  client.setQueryData(settingsKeys.kind(kind), body);
  void client.invalidateQueries({ queryKey: ['history'] });
}
