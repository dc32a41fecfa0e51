import { describe, expect, it } from 'vitest';
import { agoText, exactDateTime, isSilent, lastSeenText, shortDate } from './time';

const now = Date.parse('2025-03-14T12:00:00Z');
const ago = (ms: number) => new Date(now - ms).toISOString();
const MIN = 60_000;
const HOUR = 60 * MIN;

// Intl puts a no-break space between a number and its unit, as French typography wants.
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('last-seen formatting', () => {
  it('says when a device was last seen, in French', () => {
    expect(lastSeenText(null, now)).toBe('Jamais vu');
    expect(lastSeenText(ago(20_000), now)).toBe("Vu à l'instant");
    expect(plain(lastSeenText(ago(3 * MIN), now))).toBe('Vu il y a 3 min');
    expect(plain(lastSeenText(ago(59 * MIN), now))).toBe('Vu il y a 59 min');
    expect(plain(lastSeenText(ago(2 * HOUR + 5 * MIN), now))).toBe('Vu il y a 2 h');
    expect(plain(lastSeenText(ago(50 * HOUR), now))).toBe('Vu il y a 2 j');
  });

  it("treats a clock slightly ahead of the browser's as 'just now'", () => {
    expect(agoText(new Date(now + 5_000).toISOString(), now)).toBe("à l'instant");
  });

  it('flags a device silent for more than 24 hours, not one never seen', () => {
    expect(isSilent(ago(23 * HOUR), now)).toBe(false);
    expect(isSilent(ago(25 * HOUR), now)).toBe(true);
    expect(isSilent(null, now)).toBe(false);
  });

  it("gives the exact time on the restaurant's clock", () => {
    const at = '2025-03-14T11:32:05Z';
    expect(plain(exactDateTime(at, 'Europe/Paris'))).toBe('vendredi 14 mars 2025 à 12:32:05 UTC+1');
    expect(plain(exactDateTime(at, 'Pacific/Noumea'))).toBe('vendredi 14 mars 2025 à 22:32:05 UTC+11');
    // Late evening in Paris is already the next day in Nouméa.
    expect(shortDate('2025-03-14T20:00:00Z', 'Europe/Paris')).toBe('14 mars 2025');
    expect(shortDate('2025-03-14T20:00:00Z', 'Pacific/Noumea')).toBe('15 mars 2025');
  });

  it('falls back to the browser zone for an unknown zone instead of throwing', () => {
    expect(exactDateTime('2025-03-14T11:32:05Z', 'Pas/UneZone')).toContain('2025');
  });
});
