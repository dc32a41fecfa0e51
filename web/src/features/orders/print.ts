export const PRINT_FRAME_TITLE = 'Impression du ticket';

/** The page's styles as text (emotion inserts its rules through the CSSOM, not into <style> text). */
function pageStyles(): string {
  const out: string[] = [];
  for (const sheet of Array.from(document.styleSheets)) {
    try {
      for (const rule of Array.from(sheet.cssRules)) out.push(rule.cssText);
    } catch {
      /* a cross-origin sheet: its rules are not readable, and not needed for the ticket */
    }
  }
  return out.join('\n');
}

/**
 * Prints the ticket alone, on A4 portrait with 10 mm margins, from a hidden frame holding a copy of
 * it and the page's styles: the page itself stays as it is.
 */
export function printTicket(node: HTMLElement, title: string): HTMLIFrameElement | null {
  document.querySelectorAll(`iframe[title="${PRINT_FRAME_TITLE}"]`).forEach((f) => f.remove());
  const frame = document.createElement('iframe');
  frame.title = PRINT_FRAME_TITLE;
  frame.setAttribute('aria-hidden', 'true');
  frame.tabIndex = -1;
  Object.assign(frame.style, { position: 'fixed', right: '0', bottom: '0', width: '0', height: '0', border: '0', visibility: 'hidden' });
  document.body.appendChild(frame);
  const doc = frame.contentDocument;
  const win = frame.contentWindow;
  if (!doc || !win) {
    frame.remove();
    return null;
  }
  doc.open();
  doc.write('<!doctype html><html lang="fr"><head><meta charset="utf-8"></head><body></body></html>');
  doc.close();
  doc.title = title;
  const style = doc.createElement('style');
  style.textContent = `${pageStyles()}
@page { size: A4 portrait; margin: 10mm; }
html, body { margin: 0; background: #fff; color: #111; -webkit-print-color-adjust: exact; print-color-adjust: exact; }
body { font-family: ${getComputedStyle(document.body).fontFamily || 'sans-serif'}; }
.order-ticket { max-width: 180mm; margin: 0 auto; }`;
  doc.head.appendChild(style);
  doc.body.appendChild(doc.importNode(node, true));
  const cleanup = () => setTimeout(() => frame.remove(), 0);
  win.addEventListener('afterprint', cleanup, { once: true });
  // A browser that never says the dialog closed: the frame goes at the next print or in a minute.
  setTimeout(() => frame.remove(), 60_000);
  win.focus();
  win.print();
  return frame;
}
