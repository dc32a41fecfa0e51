import { Box, Stack, Typography } from '@mui/material';
import { dateTimeIn, money, paymentMethod, type OrderOut } from '../format';
import { StatusBadge } from './Status';

export const HISTORY_TITLE = 'Historique du statut';

type StatusEvent = NonNullable<OrderOut['history']>[number];

/** « Remboursement de 5,00 € en espèces », or nothing for a change without money. */
export function refundText(e: Pick<StatusEvent, 'refund_cents' | 'method'>, currency: string): string {
  if (!e.refund_cents) return '';
  const how = e.method ? ` (${paymentMethod(e.method).toLocaleLowerCase('fr-FR')})` : '';
  return `Remboursement de ${money(e.refund_cents, currency)}${how}`;
}

/**
 * The status changes a till posted after the order (issue 19), oldest first: when, from what to what,
 * the money given back and why. Each counts in the reports on its own business day.
 */
export function OrderHistory({ detail, currency, timeZone }: { detail: OrderOut; currency: string; timeZone?: string }) {
  const history = detail.history ?? [];
  if (history.length === 0) return null;
  const refunded = history.reduce((sum, e) => sum + (e.refund_cents ?? 0), 0);
  return (
    <Box component="section" aria-labelledby="order-history-title" sx={{ mt: 2, pt: 2, borderTop: 1, borderColor: 'divider' }}>
      <Stack direction="row" sx={{ alignItems: 'baseline', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap', mb: 1 }}>
        <Typography id="order-history-title" variant="subtitle2" component="h3" sx={{ fontWeight: 600 }}>
          {HISTORY_TITLE}
        </Typography>
        {refunded > 0 && (
          <Typography variant="caption" sx={{ color: 'text.secondary' }}>
            {`Remboursé\u00a0: ${money(refunded, currency)} sur ${money(detail.order.total_cents, currency)}`}
          </Typography>
        )}
      </Stack>
      <Box component="ol" sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {history.map((e) => (
          <Box
            component="li"
            key={e.event_id}
            sx={{ position: 'relative', pl: 2.5, pb: 1.5, '&:last-child': { pb: 0 }, '&::before': { content: '""', position: 'absolute', left: 5, top: 6, bottom: 0, borderLeft: 1, borderColor: 'divider' }, '&:last-child::before': { display: 'none' } }}
          >
            <Box aria-hidden sx={{ position: 'absolute', left: 0, top: 4, width: 11, height: 11, borderRadius: '50%', border: 2, borderColor: 'primary.main', bgcolor: 'background.paper' }} />
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
              <Typography variant="body2" sx={{ fontVariantNumeric: 'tabular-nums', fontWeight: 500 }}>
                {dateTimeIn(e.at, timeZone)}
              </Typography>
              <StatusBadge status={e.from} />
              <Typography component="span" aria-label="devient" sx={{ color: 'text.secondary' }}>
                →
              </Typography>
              <StatusBadge status={e.status} />
            </Stack>
            <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.25 }}>
              {[refundText(e, currency), e.reason, e.equipement ? `depuis ${e.equipement}` : ''].filter(Boolean).join(' · ')}
            </Typography>
          </Box>
        ))}
      </Box>
    </Box>
  );
}
