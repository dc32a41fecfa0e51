import { useState } from 'react';
import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Paper, Stack, Typography } from '@mui/material';
import EventBusyRoundedIcon from '@mui/icons-material/EventBusyRounded';
import RemoveShoppingCartOutlinedIcon from '@mui/icons-material/RemoveShoppingCartOutlined';
import StorefrontRoundedIcon from '@mui/icons-material/StorefrontRounded';
import CloseRoundedIcon from '@mui/icons-material/CloseRounded';
import { DateField } from '../../../components/DateField';
import { addDays, longDate } from '../model';
import { selectionText, type SelectionSummary } from '../plan';

export type BulkAction = { action: 'soldOut'; mode: 'today' } | { action: 'soldOut'; mode: 'date'; date: string } | { action: 'onSale' };

interface Props {
  summary: SelectionSummary;
  pending: boolean;
  onApply: (a: BulkAction) => void;
  onClear: () => void;
}

/** The bar under the matrix while cells are selected: how many, and the three changes for all of them at once. */
export function PlanBulkBar({ summary, pending, onApply, onClear }: Props) {
  const [dating, setDating] = useState(false);
  if (summary.cells === 0) return null;
  return (
    <>
      <Paper
        elevation={8}
        role="region"
        aria-label="Modification groupée"
        sx={{
          position: 'sticky',
          bottom: 16,
          zIndex: 5,
          px: 2.5,
          py: 1.5,
          display: 'flex',
          alignItems: 'center',
          flexWrap: 'wrap',
          gap: 1.5,
          borderRadius: 2,
          border: 1,
          borderColor: 'primary.main',
        }}
      >
        <Box sx={{ flex: '1 1 260px', minWidth: 0 }}>
          <Typography variant="subtitle2" sx={{ fontWeight: 700 }}>
            {selectionText(summary)}
          </Typography>
          <Typography variant="caption" sx={{ color: 'text.secondary' }}>
            {summary.soldOut > 0 ? `dont ${summary.soldOut} épuisée${summary.soldOut > 1 ? 's' : ''} · ` : ''}
            Une seule modification, appliquée à toutes ou à aucune ; les bornes sont prévenues dans la seconde.
          </Typography>
        </Box>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <Button
            variant="contained"
            color="warning"
            startIcon={<RemoveShoppingCartOutlinedIcon />}
            disabled={pending}
            onClick={() => onApply({ action: 'soldOut', mode: 'today' })}
          >
            Épuisé aujourd'hui
          </Button>
          <Button variant="contained" color="error" startIcon={<EventBusyRoundedIcon />} disabled={pending} onClick={() => setDating(true)}>
            Épuisé jusqu'au…
          </Button>
          <Button variant="outlined" color="success" startIcon={<StorefrontRoundedIcon />} disabled={pending} onClick={() => onApply({ action: 'onSale' })}>
            Remettre en vente
          </Button>
          <Button color="inherit" startIcon={<CloseRoundedIcon />} disabled={pending} onClick={onClear}>
            Désélectionner
          </Button>
        </Stack>
      </Paper>
      {dating && (
        <UntilDialog
          earliest={summary.earliestDate}
          cells={summary.cells}
          onClose={() => setDating(false)}
          onConfirm={(date) => {
            setDating(false);
            onApply({ action: 'soldOut', mode: 'date', date });
          }}
        />
      )}
    </>
  );
}

function UntilDialog({ earliest, cells, onClose, onConfirm }: { earliest: string; cells: number; onClose: () => void; onConfirm: (date: string) => void }) {
  const min = earliest || new Date().toISOString().slice(0, 10);
  const max = addDays(min, 366);
  const [date, setDate] = useState(addDays(min, 1));
  const valid = /^\d{4}-\d{2}-\d{2}$/.test(date) && date >= min && date <= max;
  return (
    <Dialog open onClose={onClose} maxWidth="xs" fullWidth aria-labelledby="plan-until-title">
      <DialogTitle id="plan-until-title">Épuisé jusqu'au…</DialogTitle>
      <DialogContent>
        <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2.5 }}>
          {cells > 1 ? `Les ${cells} cases sélectionnées restent épuisées` : 'La case sélectionnée reste épuisée'} jusqu'à la fin du jour choisi, dans
          le fuseau de chaque restaurant, puis reviennent en vente d'elles-mêmes.
        </Typography>
        <DateField
          label="Dernier jour épuisé (inclus)"
          value={date}
          onChange={setDate}
          min={min}
          max={max}
          error={!valid}
          helperText={valid ? longDate(date) : "Une date entre aujourd'hui et dans un an."}
          fullWidth
        />
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} color="inherit">
          Annuler
        </Button>
        <Button variant="contained" color="error" disabled={!valid} onClick={() => onConfirm(date)}>
          Marquer épuisé
        </Button>
      </DialogActions>
    </Dialog>
  );
}
