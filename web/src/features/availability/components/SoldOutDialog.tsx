import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  Radio,
  RadioGroup,
  Typography,
} from '@mui/material';
import type { AvailabilityElement } from '../../../api/types';
import { DateField } from '../../../components/DateField';
import { useToast } from '../../../components/Toast';
import { addDays, longDate, timeIn } from '../model';
import { availabilityChanged, setSoldOutMutation } from '../queries';

interface Props {
  restaurantId: number;
  element: AvailabilityElement;
  /** The restaurant's business day (yyyy-mm-dd) and when it ends. */
  today: string;
  endOfToday: string;
  timeZone: string;
  onClose: () => void;
}

/** « Épuisé » : for the rest of the day, or through a chosen date. */
export function SoldOutDialog({ restaurantId, element, today, endOfToday, timeZone, onClose }: Props) {
  const client = useQueryClient();
  const toast = useToast();
  const [mode, setMode] = useState<'today' | 'date'>('today');
  const [date, setDate] = useState(addDays(today, 1));
  const mark = useMutation({
    ...setSoldOutMutation(restaurantId),
    onSuccess: () => {
      toast.success(`« ${element.name} » est épuisé.`);
      onClose();
    },
    onSettled: () => void availabilityChanged(client),
  });
  const max = addDays(today, 366);
  const dateValid = /^\d{4}-\d{2}-\d{2}$/.test(date) && date >= today && date <= max;

  return (
    <Dialog open onClose={onClose} maxWidth="xs" fullWidth aria-labelledby="soldout-dialog-title">
      <DialogTitle id="soldout-dialog-title">Marquer « {element.name} » épuisé</DialogTitle>
      <DialogContent>
        <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
          Les bornes du restaurant retirent {element.kind === 'option' ? 'cette option' : 'ce produit'} dans la seconde. Il revient en vente de
          lui-même à la fin de la période choisie.
        </Typography>
        <RadioGroup value={mode} onChange={(_, v) => setMode(v as 'today' | 'date')} aria-label="Durée">
          <FormControlLabel
            value="today"
            control={<Radio />}
            label={
              <Box>
                <Typography variant="body2" sx={{ fontWeight: 500 }}>
                  Pour aujourd'hui
                </Typography>
                <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                  Jusqu'à la fin de la journée du restaurant, {timeIn(endOfToday, timeZone)}
                </Typography>
              </Box>
            }
            sx={{ alignItems: 'flex-start', mb: 1.5, '& .MuiRadio-root': { pt: 0.5 } }}
          />
          <FormControlLabel
            value="date"
            control={<Radio />}
            label={
              <Box>
                <Typography variant="body2" sx={{ fontWeight: 500 }}>
                  Jusqu'au…
                </Typography>
                <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                  {dateValid ? `Dernier jour épuisé : ${longDate(date)}` : 'Choisissez le dernier jour épuisé.'}
                </Typography>
              </Box>
            }
            sx={{ alignItems: 'flex-start', '& .MuiRadio-root': { pt: 0.5 } }}
          />
        </RadioGroup>
        {mode === 'date' && (
          <Box sx={{ pl: 4, pt: 1.5 }}>
            <DateField
              label="Jusqu'au (inclus)"
              value={date}
              onChange={setDate}
              min={today}
              max={max}
              error={!dateValid}
              helperText={!dateValid ? "Une date entre aujourd'hui et dans un an." : undefined}
              width={200}
            />
          </Box>
        )}
        {mark.error && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {mark.error.detail}
          </Alert>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} color="inherit">
          Annuler
        </Button>
        <Button
          variant="contained"
          color="error"
          loading={mark.isPending}
          disabled={mode === 'date' && !dateValid}
          onClick={() =>
            mark.mutate({ kind: element.kind, idGlobal: element.idGlobal, mode, ...(mode === 'date' ? { date } : {}) })
          }
        >
          Marquer épuisé
        </Button>
      </DialogActions>
    </Dialog>
  );
}
