import { Fragment, type ReactNode } from 'react';
import { Box, Divider, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import {
  dateTimeIn,
  discountText,
  groupByVat,
  money,
  orderType,
  paymentMethod,
  sourceName,
  taxRate,
  type OrderLine,
  type OrderOut,
} from '../format';
import { StatusBadge } from './Status';

export interface OrderTicketProps {
  detail: OrderOut;
  currency: string;
  timeZone?: string;
}

const num = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;
const cell = { py: 0.625, px: 1, borderBottomColor: 'divider' } as const;

function SectionTitle({ children }: { children: ReactNode }) {
  return (
    <Typography variant="overline" component="h3" sx={{ display: 'block', color: 'text.secondary', lineHeight: 1.6, mt: 2, mb: 0.5 }}>
      {children}
    </Typography>
  );
}

function Amount({ label, value, strong, negative }: { label: ReactNode; value: string; strong?: boolean; negative?: boolean }) {
  return (
    <Stack direction="row" sx={{ justifyContent: 'space-between', gap: 2, py: 0.25 }}>
      <Typography variant="body2" sx={{ fontWeight: strong ? 700 : 400, color: strong ? 'text.primary' : 'text.secondary' }}>
        {label}
      </Typography>
      <Typography variant="body2" sx={{ ...num, fontWeight: strong ? 700 : 500, color: negative ? 'error.main' : 'text.primary' }}>
        {negative ? `−${value}` : value}
      </Typography>
    </Stack>
  );
}

function Meta({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="caption" component="div" sx={{ color: 'text.secondary' }}>
        {label}
      </Typography>
      <Typography variant="body2" component="div" sx={{ fontWeight: 500 }}>
        {children}
      </Typography>
    </Box>
  );
}

function LineRows({ line, currency, showRate }: { line: OrderLine; currency: string; showRate: boolean }) {
  return (
    <>
      <TableRow>
        <TableCell sx={{ ...cell, ...num, width: 40 }}>{line.quantity}</TableCell>
        <TableCell sx={cell}>
          <Typography variant="body2" sx={{ fontWeight: 500 }}>
            {line.name}
          </Typography>
          {line.quantity > 1 && (
            <Typography variant="caption" sx={{ color: 'text.secondary' }}>
              {line.quantity} × {money(line.unit_price_cents, currency)}
            </Typography>
          )}
        </TableCell>
        {showRate && <TableCell sx={{ ...cell, ...num, color: 'text.secondary' }}>{taxRate(line.tax_rate_bp)}</TableCell>}
        <TableCell align="right" sx={{ ...cell, ...num, fontWeight: 600 }}>
          {money(line.total_cents, currency)}
        </TableCell>
      </TableRow>
      {(line.options ?? []).map((option, i) => (
        <TableRow key={i} data-option>
          <TableCell sx={{ ...cell, borderBottom: 0, py: 0.25 }} />
          <TableCell sx={{ ...cell, borderBottom: 0, py: 0.25, pl: 2.5 }}>
            <Typography variant="caption" sx={{ color: 'text.secondary' }}>
              + {option.quantity > 1 ? `${option.quantity} × ` : ''}
              {option.name}
              {option.group ? ` (${option.group})` : ''}
            </Typography>
          </TableCell>
          {showRate && <TableCell sx={{ ...cell, borderBottom: 0, py: 0.25 }} />}
          <TableCell align="right" sx={{ ...cell, ...num, borderBottom: 0, py: 0.25 }}>
            <Typography variant="caption" sx={{ color: 'text.secondary' }}>
              {option.total_cents ? money(option.total_cents, currency) : ''}
            </Typography>
          </TableCell>
        </TableRow>
      ))}
    </>
  );
}

/** The ticket of one order: header, lines with options, VAT by rate, discount, payments, totals. */
export function OrderTicket({ detail, currency, timeZone }: OrderTicketProps) {
  const o = detail.order;
  const lines = o.lines ?? [];
  const collect = o.source === 'clickncollect' ? o.clickncollect : undefined;
  const isCollect = o.source === 'clickncollect';
  const marque = o.infos_marque;
  const fees = o.fees_cents ?? 0;

  return (
    <Box className="order-ticket" data-testid="order-ticket">
      {(marque?.company_name || marque?.entete) && (
        <Box sx={{ textAlign: 'center', mb: 1.5 }}>
          {marque.company_name && (
            <Typography variant="subtitle2" sx={{ fontWeight: 700 }}>
              {marque.company_name}
            </Typography>
          )}
          {marque.entete && (
            <Typography variant="caption" component="p" sx={{ color: 'text.secondary', whiteSpace: 'pre-line' }}>
              {marque.entete}
            </Typography>
          )}
        </Box>
      )}
      <Stack direction="row" sx={{ alignItems: 'flex-start', justifyContent: 'space-between', gap: 1 }}>
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="h6" component="p" sx={{ lineHeight: 1.25 }}>
            Commande n° {o.order_id}
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {[detail.restaurant, detail.equipement].filter(Boolean).join(' · ')}
          </Typography>
        </Box>
        <StatusBadge status={o.status} />
      </Stack>
      <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(3, minmax(0, 1fr))', gap: 1.5, mt: 1.5 }}>
        <Meta label="Source">{sourceName(o.source)}</Meta>
        <Meta label="Date paiement">
          <Box component="span" sx={num}>
            {dateTimeIn(o.paid_at, timeZone)}
          </Box>
        </Meta>
        <Meta label="Type">{orderType(o.type)}</Meta>
      </Box>

      {collect && (
        <>
          <SectionTitle>Client</SectionTitle>
          <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(3, minmax(0, 1fr))', gap: 1.5 }}>
            <Meta label="Nom">{[collect.client.first_name, collect.client.last_name].filter(Boolean).join(' ') || '—'}</Meta>
            <Meta label="Téléphone">{collect.client.phone || '—'}</Meta>
            <Meta label="Paiement">{collect.payment_type ? paymentMethod(collect.payment_type) : '—'}</Meta>
          </Box>
          {collect.num_order && (
            <Typography variant="caption" component="p" sx={{ color: 'text.secondary', mt: 1 }}>
              N° Click&Collect : {collect.num_order}
            </Typography>
          )}
        </>
      )}

      <SectionTitle>Articles</SectionTitle>
      {isCollect ? (
        <Table size="small" aria-label="Articles par taux de TVA">
          <TableHead>
            <TableRow>
              <TableCell sx={cell}>Qté</TableCell>
              <TableCell sx={cell}>Article</TableCell>
              <TableCell align="right" sx={cell}>
                Montant
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {groupByVat(lines).map((g) => (
              <Fragment key={g.rateBp}>
                <TableRow>
                  <TableCell colSpan={3} sx={{ ...cell, bgcolor: 'action.hover', fontWeight: 600 }}>
                    TVA {taxRate(g.rateBp)}
                  </TableCell>
                </TableRow>
                {g.lines.map((line, i) => (
                  <LineRows key={i} line={line} currency={currency} showRate={false} />
                ))}
                <TableRow data-testid={`vat-group-${g.rateBp}`}>
                  <TableCell colSpan={3} sx={{ ...cell, ...num, textAlign: 'right', color: 'text.secondary', fontSize: '0.75rem' }}>
                    HT {money(g.htCents, currency)} · TVA {money(g.vatCents, currency)} · TTC{' '}
                    <Box component="strong" sx={{ color: 'text.primary' }}>
                      {money(g.ttcCents, currency)}
                    </Box>
                  </TableCell>
                </TableRow>
              </Fragment>
            ))}
          </TableBody>
        </Table>
      ) : (
        <Table size="small" aria-label="Articles">
          <TableHead>
            <TableRow>
              <TableCell sx={cell}>Qté</TableCell>
              <TableCell sx={cell}>Article</TableCell>
              <TableCell sx={cell}>TVA</TableCell>
              <TableCell align="right" sx={cell}>
                Montant
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {lines.map((line, i) => (
              <LineRows key={i} line={line} currency={currency} showRate />
            ))}
          </TableBody>
        </Table>
      )}

      <Box sx={{ mt: 1.5, ml: 'auto', maxWidth: 320 }}>
        <Amount label="Sous-total" value={money(o.subtotal_cents, currency)} />
        {o.discount && (
          <Amount
            label={
              <>
                Réduction {o.discount.label ? `« ${o.discount.label} » ` : ''}({discountText(o.discount, currency)})
              </>
            }
            value={money(o.discount.amount_cents, currency)}
            negative
          />
        )}
        {collect ? (
          <>
            {(collect.frais_livraison_cents ?? 0) > 0 && <Amount label="Frais de livraison" value={money(collect.frais_livraison_cents ?? 0, currency)} />}
            {(collect.frais_gestion_cents ?? 0) > 0 && <Amount label="Frais de gestion" value={money(collect.frais_gestion_cents ?? 0, currency)} />}
          </>
        ) : (
          fees > 0 && <Amount label="Frais" value={money(fees, currency)} />
        )}
        <Divider sx={{ my: 0.75 }} />
        <Amount label="Total TTC" value={money(o.total_cents, currency)} strong />
      </Box>
      {o.discount?.cashier && (
        <Typography variant="caption" component="p" sx={{ color: 'text.secondary', textAlign: 'right' }}>
          Réduction accordée par {o.discount.cashier}
        </Typography>
      )}

      <SectionTitle>TVA</SectionTitle>
      <Table size="small" aria-label="TVA par taux">
        <TableHead>
          <TableRow>
            <TableCell sx={cell}>Taux</TableCell>
            <TableCell align="right" sx={cell}>
              HT
            </TableCell>
            <TableCell align="right" sx={cell}>
              TVA
            </TableCell>
            <TableCell align="right" sx={cell}>
              TTC
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {(o.vat ?? []).map((v) => (
            <TableRow key={v.rate_bp}>
              <TableCell sx={{ ...cell, ...num }}>{taxRate(v.rate_bp)}</TableCell>
              <TableCell align="right" sx={{ ...cell, ...num }}>
                {money(v.ht_cents, currency)}
              </TableCell>
              <TableCell align="right" sx={{ ...cell, ...num }}>
                {money(v.vat_cents, currency)}
              </TableCell>
              <TableCell align="right" sx={{ ...cell, ...num, fontWeight: 600 }}>
                {money(v.ttc_cents, currency)}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>

      <SectionTitle>Paiements</SectionTitle>
      {(o.payments ?? []).length === 0 ? (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          Aucun paiement enregistré.
        </Typography>
      ) : (
        <Box sx={{ maxWidth: 320, ml: 'auto' }}>
          {(o.payments ?? []).map((p, i) => (
            <Amount key={i} label={paymentMethod(p.method)} value={money(p.amount_cents, currency)} />
          ))}
        </Box>
      )}

      {(marque?.postFix || marque?.vendeur || marque?.signature) && (
        <Box sx={{ mt: 2, pt: 1.5, borderTop: 1, borderColor: 'divider', borderStyle: 'dashed' }}>
          {marque.vendeur && (
            <Typography variant="caption" component="p" sx={{ color: 'text.secondary' }}>
              Vendeur : {marque.vendeur}
            </Typography>
          )}
          {marque.postFix && (
            <Typography variant="caption" component="p" sx={{ color: 'text.secondary', whiteSpace: 'pre-line', textAlign: 'center' }}>
              {marque.postFix}
            </Typography>
          )}
          {marque.signature && (
            <Typography variant="caption" component="p" sx={{ color: 'text.disabled', wordBreak: 'break-all', fontFamily: 'monospace' }}>
              {marque.signature}
            </Typography>
          )}
        </Box>
      )}
    </Box>
  );
}
