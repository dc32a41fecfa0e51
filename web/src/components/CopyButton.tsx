import { useEffect, useState } from 'react';
import { Button, IconButton, Tooltip } from '@mui/material';
import ContentCopyRoundedIcon from '@mui/icons-material/ContentCopyRounded';
import CheckRoundedIcon from '@mui/icons-material/CheckRounded';

/** Selects the whole text of a field, so the user can copy it by hand (Ctrl+C) if needed. */
export function selectAll(input: HTMLInputElement | HTMLTextAreaElement | null | undefined): void {
  if (!input) return;
  input.focus();
  input.select();
  input.setSelectionRange(0, input.value.length);
}

/**
 * Copies text: the asynchronous Clipboard API first; where it is missing or refused (an insecure
 * origin, an older browser), the legacy copy command on a selected field. Resolves to false when
 * both fail; `input`, if given, is then left selected for a manual copy.
 */
export async function copyText(text: string, input?: HTMLInputElement | HTMLTextAreaElement | null): Promise<boolean> {
  try {
    if (typeof navigator !== 'undefined' && navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    /* refused: fall back to the copy command */
  }
  const field = input ?? document.createElement('textarea');
  const temporary = !input;
  if (temporary) {
    field.value = text;
    field.setAttribute('readonly', '');
    Object.assign(field.style, { position: 'fixed', top: '0', left: '0', opacity: '0' });
    document.body.appendChild(field);
  }
  selectAll(field);
  let copied = false;
  try {
    copied = typeof document.execCommand === 'function' && document.execCommand('copy');
  } catch {
    copied = false;
  }
  if (temporary) field.remove();
  return copied;
}

/** True for a moment after a successful copy, to change the button's word and icon. */
export function useCopied(delay = 2000): [boolean, () => void] {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return undefined;
    const timer = setTimeout(() => setCopied(false), delay);
    return () => clearTimeout(timer);
  }, [copied, delay]);
  return [copied, () => setCopied(true)];
}

export interface CopyButtonProps {
  text: string;
  /** What is copied, for screen readers and the tooltip (e.g. "l'identifiant"). */
  what: string;
  /** The field holding the text: selected when the copy fails, for a manual copy. */
  input?: () => HTMLInputElement | HTMLTextAreaElement | null;
  /** A labelled button ('Copier') rather than an icon. */
  labelled?: boolean;
  /** The button's word after a copy, agreeing with what is copied ('Copiée' for une clé). */
  copiedLabel?: string;
  onCopied?: () => void;
  onFailed?: () => void;
}

/** A 'Copier' button (or copy icon) that confirms the copy for a moment. */
export function CopyButton({ text, what, input, labelled = false, copiedLabel = 'Copié', onCopied, onFailed }: CopyButtonProps) {
  const [copied, markCopied] = useCopied();
  const copy = async () => {
    if (await copyText(text, input?.())) {
      markCopied();
      onCopied?.();
    } else {
      selectAll(input?.());
      onFailed?.();
    }
  };
  if (labelled) {
    return (
      <Button
        variant={copied ? 'outlined' : 'contained'}
        color={copied ? 'success' : 'primary'}
        startIcon={copied ? <CheckRoundedIcon /> : <ContentCopyRoundedIcon />}
        onClick={() => void copy()}
        aria-label={`Copier ${what}`}
        sx={{ flexShrink: 0, minWidth: 112 }}
      >
        {copied ? copiedLabel : 'Copier'}
      </Button>
    );
  }
  return (
    <Tooltip title={copied ? copiedLabel : `Copier ${what}`}>
      <IconButton size="small" aria-label={`Copier ${what}`} onClick={() => void copy()} sx={{ color: copied ? 'success.main' : 'text.secondary' }}>
        {copied ? <CheckRoundedIcon sx={{ fontSize: 16 }} /> : <ContentCopyRoundedIcon sx={{ fontSize: 16 }} />}
      </IconButton>
    </Tooltip>
  );
}
