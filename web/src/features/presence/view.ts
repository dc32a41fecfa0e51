import type { PresenceEntry } from './types';

/** Online first, then the most recently active; each user once (their latest record). */
export function sortPresence(entries: readonly PresenceEntry[]): PresenceEntry[] {
  const seen = new Set<number>();
  const latest = [...entries]
    .sort((a, b) => Date.parse(b.lastActive) - Date.parse(a.lastActive))
    .filter((entry) => {
      if (seen.has(entry.userId)) return false;
      seen.add(entry.userId);
      return true;
    });
  return [...latest.filter((e) => e.online), ...latest.filter((e) => !e.online)];
}

/** Everyone but the viewer, sorted: the header's colleagues. */
export function colleagues(entries: readonly PresenceEntry[], selfId: number): PresenceEntry[] {
  return sortPresence(entries.filter((entry) => entry.userId !== selfId));
}

export function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const letters = parts.length > 1 ? `${parts[0]?.[0] ?? ''}${parts[1]?.[0] ?? ''}` : name.trim().slice(0, 2);
  return letters.toUpperCase() || '?';
}
