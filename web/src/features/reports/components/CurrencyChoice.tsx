import { Stack, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import type { components } from '../../../api/schema';
import { formatInteger } from '../format';

type CurrencyShare = components['schemas']['CurrencyShare'];

export const CURRENCY_LABEL = 'Devise';

export interface CurrencyChoiceProps {
  /** The currency the answer is in. */
  value: string | undefined;
  /** The currencies of the restaurants in scope, as the answer lists them. */
  currencies: readonly CurrencyShare[] | null | undefined;
  onChange: (currency: string) => void;
}

const restaurantsText = (n: number) => `${formatInteger(n)} restaurant${n > 1 ? 's' : ''}`;

/**
 * 'Devise : EUR · CHF · MAD': amounts of different currencies are never added, so a report over
 * restaurants of several currencies shows one currency at a time. Nothing when there is only one.
 */
export function CurrencyChoice({ value, currencies, onChange }: CurrencyChoiceProps) {
  if (!currencies || currencies.length < 2) return null;
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <Typography variant="body2" component="span" aria-hidden sx={{ color: 'text.secondary', whiteSpace: 'nowrap' }}>
        {CURRENCY_LABEL} :
      </Typography>
      <ToggleButtonGroup
        exclusive
        size="small"
        value={value ?? null}
        onChange={(_, next: string | null) => next && onChange(next)}
        aria-label={CURRENCY_LABEL}
      >
        {currencies.map((c) => (
          <ToggleButton key={c.code} value={c.code} aria-label={`${c.code}, ${restaurantsText(c.restaurants)}`} title={restaurantsText(c.restaurants)} sx={{ px: 1.25, gap: 0.5 }}>
            {c.code}
            <Typography component="span" variant="caption" sx={{ color: 'text.secondary' }}>
              ({formatInteger(c.restaurants)})
            </Typography>
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
    </Stack>
  );
}
