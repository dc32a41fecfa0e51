import { memo, useState } from 'react';
import { Box, Checkbox, CircularProgress } from '@mui/material';

export interface FlagCellProps {
  checked: boolean;
  /** 'Épuisé : Burger'. */
  label: string;
  canEdit: boolean;
  onToggle: (next: boolean) => Promise<boolean>;
}

/** A flag of the table: a checkbox that saves at once (the next value shows while the server answers). */
export const FlagCell = memo(function FlagCell({ checked, label, canEdit, onToggle }: FlagCellProps) {
  const [saving, setSaving] = useState<boolean | null>(null);
  const shown = saving ?? checked;
  return (
    <Box sx={{ position: 'relative', display: 'inline-flex' }}>
      <Checkbox
        size="small"
        checked={shown}
        disabled={!canEdit || saving !== null}
        slotProps={{ input: { 'aria-label': label } }}
        onChange={(_, next) => {
          setSaving(next);
          void onToggle(next).finally(() => setSaving(null));
        }}
        sx={{ p: 0.5 }}
      />
      {saving !== null && (
        <CircularProgress size={26} aria-label="Enregistrement" sx={{ position: 'absolute', top: 1, left: 1, pointerEvents: 'none' }} />
      )}
    </Box>
  );
});
