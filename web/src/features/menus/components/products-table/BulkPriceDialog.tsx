import { useEffect, useMemo, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  FormGroup,
  FormLabel,
  LinearProgress,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import { ApiError } from '../../../../api/client';
import { ORDER_TYPES, TARIFFS } from '../../documentTypes';
import { negativePriceError, PRICE_MODES, previewPrices, priceChangeError, type PriceChange } from '../../catalogue';
import { formatPrice } from '../../format';
import { useFranchiseCurrency } from '../../../reports/components/useCurrency';
import type { BulkPriceMode, CatalogueProduct } from '../../types';
import { currencySymbol } from '../../../reports/format';

export const PREVIEW_ROWS = 8;

export interface BulkPriceDialogProps {
  open: boolean;
  products: readonly CatalogueProduct[];
  /** The tariff the table shows, checked first. */
  tariff: number;
  pending: boolean;
  error: ApiError | null;
  onCancel: () => void;
  onReload: () => void;
  onApply: (change: PriceChange) => void;
}

function valueLabel(mode: BulkPriceMode, symbol: string): string {
  return { set: `Nouveau prix (${symbol})`, add: `Montant à ajouter (${symbol})`, percent: 'Variation (%)' }[mode];
}
const VALUE_HELP: Record<BulkPriceMode, string> = {
  set: 'Exemple : 9,90',
  add: 'Exemple : 0,50 ou -1 pour baisser',
  percent: 'Exemple : 10 pour +10 %, -5 pour -5 %',
};

function toggle(list: number[], value: number, on: boolean): number[] {
  return on ? [...new Set([...list, value])].sort((a, b) => a - b) : list.filter((v) => v !== value);
}

/** 'Modifier les prix' of the selection: fix, add or apply a percentage, with a before → after preview. */
export function BulkPriceDialog({ open, products, tariff, pending, error, onCancel, onReload, onApply }: BulkPriceDialogProps) {
  const [change, setChange] = useState<PriceChange>({ mode: 'set', value: '', tariffs: [tariff], orderTypes: ORDER_TYPES.map((o) => o.code) });
  const [touched, setTouched] = useState(false);
  const currency = useFranchiseCurrency();
  const symbol = currencySymbol(currency);
  useEffect(() => {
    if (open) {
      setChange({ mode: 'set', value: '', tariffs: [tariff], orderTypes: ORDER_TYPES.map((o) => o.code) });
      setTouched(false);
    }
  }, [open, tariff]);

  const invalid = priceChangeError(change);
  const rows = useMemo(() => (invalid ? [] : previewPrices(products, change)), [invalid, products, change]);
  const negative = useMemo(() => negativePriceError(rows), [rows]);
  const preview = rows.slice(0, PREVIEW_ROWS);
  const set = (patch: Partial<PriceChange>) => setChange((c) => ({ ...c, ...patch }));
  // The value's own problem goes under the field; an empty choice of tariffs or order types above the preview.
  const valueProblem = priceChangeError({ ...change, tariffs: [1], orderTypes: [1] });
  const valueError = touched ? valueProblem : null;

  const serverMessages = error ? (error.errors.length > 0 ? error.errors.map((e) => e.message).filter(Boolean) : [error.detail]) : [];

  return (
    <Dialog open={open} onClose={pending ? undefined : onCancel} maxWidth="md" fullWidth aria-labelledby="bulk-price-title">
      <DialogTitle id="bulk-price-title" sx={{ pb: 0.5 }}>
        Modifier les prix
      </DialogTitle>
      {pending && <LinearProgress aria-label="Modification en cours" />}
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          setTouched(true);
          if (!invalid && !negative) onApply(change);
        }}
      >
        <DialogContent>
          <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
            {products.length} produit(s) sélectionné(s). Les prix sont enregistrés en une seule fois, sur toutes les cartes concernées.
          </Typography>
          <Stack spacing={2.5}>
            {serverMessages.length > 0 && (
              <Alert
                severity="error"
                action={
                  error?.status === 409 ? (
                    <Button color="inherit" size="small" onClick={onReload}>
                      Recharger
                    </Button>
                  ) : undefined
                }
              >
                {serverMessages.map((m) => (
                  <div key={m}>{m}</div>
                ))}
              </Alert>
            )}
            <ToggleButtonGroup
              exclusive
              size="small"
              color="primary"
              value={change.mode}
              onChange={(_, mode: BulkPriceMode | null) => mode && set({ mode })}
              aria-label="Mode"
            >
              {PRICE_MODES.map((m) => (
                <ToggleButton key={m.mode} value={m.mode} sx={{ textTransform: 'none', px: 2 }}>
                  {m.label}
                </ToggleButton>
              ))}
            </ToggleButtonGroup>
            <TextField
              label={valueLabel(change.mode, symbol)}
              value={change.value}
              onChange={(e) => set({ value: e.target.value })}
              onBlur={() => setTouched(true)}
              autoFocus
              size="small"
              sx={{ maxWidth: 280 }}
              error={Boolean(valueError)}
              helperText={valueError ?? VALUE_HELP[change.mode]}
              slotProps={{ htmlInput: { inputMode: 'decimal' } }}
            />
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={4}>
              <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
                <FormLabel component="legend" sx={{ fontSize: '0.8rem', mb: 0.5 }}>
                  Tarifs
                </FormLabel>
                <FormGroup row>
                  {TARIFFS.map((t) => (
                    <FormControlLabel
                      key={t}
                      label={`T${t}`}
                      control={<Checkbox size="small" checked={change.tariffs.includes(t)} onChange={(_, on) => set({ tariffs: toggle(change.tariffs, t, on) })} />}
                    />
                  ))}
                </FormGroup>
              </Box>
              <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
                <FormLabel component="legend" sx={{ fontSize: '0.8rem', mb: 0.5 }}>
                  Types de commande
                </FormLabel>
                <FormGroup row>
                  {ORDER_TYPES.map((o) => (
                    <FormControlLabel
                      key={o.code}
                      label={o.label}
                      control={
                        <Checkbox size="small" checked={change.orderTypes.includes(o.code)} onChange={(_, on) => set({ orderTypes: toggle(change.orderTypes, o.code, on) })} />
                      }
                    />
                  ))}
                </FormGroup>
              </Box>
            </Stack>
            {invalid && touched && !valueError && <Alert severity="warning">{invalid}</Alert>}
            {negative && <Alert severity="error">{negative}</Alert>}
            <Box>
              <Typography variant="subtitle2" sx={{ mb: 1 }}>
                Aperçu {products.length > PREVIEW_ROWS ? `(${PREVIEW_ROWS} premiers produits sur ${products.length})` : ''}
              </Typography>
              {preview.length === 0 ? (
                <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                  Saisissez une valeur pour voir les prix avant → après.
                </Typography>
              ) : (
                <Box sx={{ overflowX: 'auto' }}>
                  <Table size="small" aria-label="Aperçu avant → après">
                    <TableHead>
                      <TableRow>
                        <TableCell>Produit</TableCell>
                        <TableCell>Prix</TableCell>
                        <TableCell>avant → après</TableCell>
                      </TableRow>
                    </TableHead>
                    <TableBody>
                      {preview.flatMap((row) =>
                        row.cells.map((c, i) => (
                          <TableRow key={`${row.product.campaignId}:${row.product.idGlobal}:${c.tariff}:${c.typeOrder}`}>
                            <TableCell sx={{ fontWeight: i === 0 ? 600 : 400, color: i === 0 ? undefined : 'transparent', borderBottom: i === row.cells.length - 1 ? undefined : 0 }}>
                              {row.product.name}
                            </TableCell>
                            <TableCell sx={{ color: 'text.secondary', whiteSpace: 'nowrap' }}>
                              T{c.tariff} · {ORDER_TYPES.find((o) => o.code === c.typeOrder)?.label}
                            </TableCell>
                            <TableCell sx={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
                              {c.before === null ? '—' : formatPrice(c.before, currency)} →{' '}
                              <Box component="strong" sx={{ color: c.after < 0 ? 'error.main' : 'success.main' }}>
                                {formatPrice(c.after, currency)}
                              </Box>
                            </TableCell>
                          </TableRow>
                        )),
                      )}
                    </TableBody>
                  </Table>
                </Box>
              )}
            </Box>
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2.5 }}>
          <Button color="inherit" onClick={onCancel} disabled={pending}>
            Annuler
          </Button>
          <Button type="submit" variant="contained" disabled={pending || Boolean(negative) || products.length === 0} loading={pending}>
            Appliquer
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
