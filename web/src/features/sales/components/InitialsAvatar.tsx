import { Avatar } from '@mui/material';
import { alpha } from '@mui/material/styles';
import { amber, blue, deepOrange, deepPurple, green, indigo, pink, teal } from '@mui/material/colors';

const hues = [indigo[500], teal[600], deepOrange[600], deepPurple[500], green[700], pink[500], blue[700], amber[800]];

/** 'Le Classique' → 'LC', 'Frites' → 'FR'. */
export function initials(name: string): string {
  const words = name.trim().split(/[\s\-'’_/]+/u).filter(Boolean);
  if (words.length === 0) return '?';
  const letters = words.length === 1 ? Array.from(words[0] ?? '').slice(0, 2) : words.slice(0, 2).map((w) => Array.from(w)[0] ?? '');
  return letters.join('').toLocaleUpperCase('fr-FR');
}

function hueOf(name: string): string {
  let h = 0;
  for (const ch of name) h = (h * 31 + (ch.codePointAt(0) ?? 0)) >>> 0;
  return hues[h % hues.length] ?? indigo[500];
}

/** The image placeholder of a product, option or category: its initials on a colour of its own. */
export function InitialsAvatar({ name, size = 36 }: { name: string; size?: number }) {
  const hue = hueOf(name);
  return (
    <Avatar
      variant="rounded"
      aria-hidden
      sx={{ width: size, height: size, fontSize: size * 0.38, fontWeight: 600, color: hue, backgroundColor: alpha(hue, 0.12), borderRadius: 1.5 }}
    >
      {initials(name)}
    </Avatar>
  );
}
