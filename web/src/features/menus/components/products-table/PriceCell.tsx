import { memo, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Box, ButtonBase, CircularProgress, InputBase, Tooltip } from '@mui/material';
import { formatPrice, parsePriceText, priceText } from '../../format';
import { useFranchiseCurrency } from '../../../reports/components/useCurrency';

export interface PriceCellProps {
  value: number | null;
  /** 'Prix Sur Place T1 : Burger' — the accessible name of the cell and of its input. */
  label: string;
  canEdit: boolean;
  /** Saves the typed text; resolves once the server answered (errors are reported by the caller). */
  onSave: (text: string) => Promise<boolean>;
}

/** Client check of a typed price: the product form's messages. */
export function priceInputError(text: string): string | null {
  const n = parsePriceText(text);
  if (Number.isNaN(n)) return "Ce prix n'est pas un nombre.";
  if (n < 0) return 'Un prix ne peut pas être négatif.';
  return null;
}

/** A price of the table: shown formatted; a click opens a text input (Enter saves, Escape cancels). */
export const PriceCell = memo(function PriceCell({ value, label, canEdit, onSave }: PriceCellProps) {
  const [editing, setEditing] = useState(false);
  const currency = useFranchiseCurrency();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState<number | null>(null);
  // Enter and Escape give the focus back to the cell, so the keyboard can move on; a click elsewhere does not.
  const button = useRef<HTMLButtonElement>(null);
  const refocus = useRef(false);
  useEffect(() => {
    if (!editing && refocus.current) {
      refocus.current = false;
      button.current?.focus();
    }
  }, [editing]);

  const shown = saving ?? value;
  const display = shown === null ? '—' : formatPrice(shown, currency);

  const open = () => {
    if (!canEdit || saving !== null) return;
    setText(priceText(value ?? 0));
    setError(null);
    setEditing(true);
  };

  /** Saves a valid text (unless unchanged) and closes the input; false when the text is refused. */
  const commit = (): boolean => {
    const problem = priceInputError(text);
    if (problem) {
      setError(problem);
      return false;
    }
    setEditing(false);
    const next = parsePriceText(text);
    if (value !== null && next === value) return true;
    setSaving(next);
    void onSave(text).finally(() => setSaving(null));
    return true;
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      refocus.current = commit();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      refocus.current = true;
      setEditing(false);
    }
  };

  if (editing) {
    return (
      <Tooltip open={Boolean(error)} title={error ?? ''} arrow placement="top">
        <InputBase
          autoFocus
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            setError(null);
          }}
          onKeyDown={onKeyDown}
          onBlur={() => (priceInputError(text) ? setEditing(false) : commit())}
          onFocus={(e) => e.target.select()}
          error={Boolean(error)}
          inputProps={{ 'aria-label': label, 'aria-invalid': Boolean(error), inputMode: 'decimal' }}
          sx={(theme) => ({
            width: '100%',
            px: 1,
            height: 32,
            borderRadius: 1,
            fontSize: '0.875rem',
            border: `1px solid ${error ? theme.palette.error.main : theme.palette.primary.main}`,
            backgroundColor: 'background.paper',
            '& input': { textAlign: 'right', p: 0 },
          })}
        />
      </Tooltip>
    );
  }

  const content = (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75, color: shown === null ? 'text.disabled' : undefined }}>
      {saving !== null && <CircularProgress size={12} aria-label="Enregistrement" />}
      {display}
    </Box>
  );
  if (!canEdit) return <Box sx={{ textAlign: 'right', px: 1 }}>{content}</Box>;
  return (
    <ButtonBase
      ref={button}
      onClick={open}
      aria-label={`${label} : ${display}`}
      aria-busy={saving !== null}
      sx={{
        width: '100%',
        height: 32,
        justifyContent: 'flex-end',
        px: 1,
        borderRadius: 1,
        fontSize: '0.875rem',
        fontVariantNumeric: 'tabular-nums',
        '&:hover, &.Mui-focusVisible': { backgroundColor: 'action.hover', outline: '1px dashed', outlineColor: 'divider' },
      }}
    >
      {content}
    </ButtonBase>
  );
});
