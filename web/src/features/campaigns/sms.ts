// The SMS counter of the editor, the same rules as the server (internal/campaigns/sms.go): the
// GSM 03.38 alphabet counts one septet a character (two for its extension table), any other
// character sends the whole SMS in UCS-2; one part up to 160 (70), then 153 (67) per part.

const GSM_BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
const GSM_EXTENDED = '^{}\\[~]|€\f';

export const DEFAULT_STOP_LINE = 'STOP au 36111';

export interface SmsCount {
  parts: number;
  length: number;
  encoding: 'gsm7' | 'ucs2';
  /** Characters left in the last part before another part is needed. */
  left: number;
}

export function smsCount(text: string): SmsCount {
  let septets = 0;
  let ucs2 = false;
  for (const ch of text) {
    if (GSM_BASIC.includes(ch)) septets += 1;
    else if (GSM_EXTENDED.includes(ch)) septets += 2;
    else ucs2 = true;
  }
  // UCS-2 counts UTF-16 code units: an emoji outside the BMP takes two.
  const length = ucs2 ? text.length : septets;
  const [single, multi] = ucs2 ? [70, 67] : [160, 153];
  const parts = length === 0 ? 0 : length <= single ? 1 : Math.ceil(length / multi);
  const capacity = parts <= 1 ? single : parts * multi;
  return { parts, length, encoding: ucs2 ? 'ucs2' : 'gsm7', left: capacity - length };
}

/** The SMS as sent: the body ending with the STOP line, added on its own line when missing. */
export function withStopLine(body: string, stop: string = DEFAULT_STOP_LINE): string {
  const line = stop || DEFAULT_STOP_LINE;
  const trimmed = body.replace(/\r\n/g, '\n').replace(/[ \n]+$/, '');
  if (trimmed.toUpperCase().endsWith(line.toUpperCase())) return trimmed;
  return trimmed === '' ? line : `${trimmed}\n${line}`;
}

/** Parts × recipients × price of one part, in cents. */
export function smsCost(parts: number, recipients: number, priceCents: number): number {
  return parts * recipients * priceCents;
}

export function formatMoney(cents: number, currency: string): string {
  return new Intl.NumberFormat('fr-FR', { style: 'currency', currency: currency || 'EUR' }).format(cents / 100);
}
