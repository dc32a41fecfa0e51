const MONTHS = [
  'janvier',
  'février',
  'mars',
  'avril',
  'mai',
  'juin',
  'juillet',
  'août',
  'septembre',
  'octobre',
  'novembre',
  'décembre',
] as const;

/** 'AAAA-MM-JJ' → 'le 20 novembre 2026' ('le 1er mai 2026'); the text as given when it is not a date. */
export function noticeDate(date: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(date);
  if (!match) return date;
  const [, year, month, day] = match;
  const name = MONTHS[Number(month) - 1];
  const d = Number(day);
  if (!name || d < 1 || d > 31) return date;
  return `le ${d === 1 ? '1er' : d} ${name} ${year}`;
}

/** The notice's text: paragraphs are separated by a blank line. */
export function paragraphs(content: string): string[] {
  return content
    .replace(/\r\n?/g, '\n')
    .split(/\n[ \t]*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
}

/** Only web links leave the back-office ('javascript:' and the like are dropped). */
export function safeUrl(url: string): string | null {
  const trimmed = url.trim();
  if (!trimmed) return null;
  try {
    const parsed = new URL(trimmed, typeof window === 'undefined' ? 'http://localhost' : window.location.origin);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.href : null;
  } catch {
    return null;
  }
}
