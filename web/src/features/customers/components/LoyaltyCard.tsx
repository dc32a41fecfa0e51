import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, CardContent, Chip, Stack, Table, TableBody, TableCell, TableHead, TableRow, TextField, Typography } from '@mui/material';
import { ErrorBlock } from '../../../components/ErrorBlock';
import { LoadingPanel } from '../../../components/LoadingPanel';
import { toastSaveError } from '../../../components/saveError';
import { useToast } from '../../../components/Toast';
import { ENTRY_KINDS } from '../../loyalty/format';
import { loyaltyKeys } from '../../loyalty/keys';
import { adjustLoyaltyMutation, customerLoyaltyQuery } from '../../loyalty/queries';
import { customerKeys } from '../keys';
import { dateTimeText } from '../format';

const signed = (n: number) => (n > 0 ? `+${n.toLocaleString('fr-FR')}` : n.toLocaleString('fr-FR'));

/** The customer's points: balance, tier, every movement, and a correction by hand with its reason. */
export function LoyaltyCard({ customerId, canWrite }: { customerId: number; canWrite: boolean }) {
  const client = useQueryClient();
  const toast = useToast();
  const loyalty = useQuery(customerLoyaltyQuery(customerId));
  const [points, setPoints] = useState('');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<{ points?: string; reason?: string }>({});
  const adjust = useMutation({
    ...adjustLoyaltyMutation(),
    onSuccess: () => {
      toast.success('Points corrigés.');
      setPoints('');
      setReason('');
      void client.invalidateQueries({ queryKey: loyaltyKeys.customer(customerId) });
      void client.invalidateQueries({ queryKey: customerKeys.all });
    },
    onError: (e) => toastSaveError(toast, e, "La correction n'a pas pu être enregistrée."),
  });
  const submit = () => {
    const n = Number(points.replace(/\s/g, '').replace(',', '.'));
    const next: typeof error = {};
    if (!Number.isInteger(n) || n === 0) next.points = 'Un nombre entier de points, positif ou négatif, autre que zéro.';
    if (!reason.trim()) next.reason = 'Le motif est obligatoire.';
    setError(next);
    if (!next.points && !next.reason) adjust.mutate({ customerId, points: n, reason: reason.trim() });
  };

  let body;
  if (loyalty.isPending) body = <LoadingPanel />;
  else if (loyalty.isError) body = <ErrorBlock onRetry={() => void loyalty.refetch()} retrying={loyalty.isFetching} />;
  else {
    const l = loyalty.data;
    const entries = l.entries ?? [];
    body = (
      <Stack spacing={2}>
        <Stack direction="row" spacing={4} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
          <div>
            <Typography variant="caption" color="text.secondary">Solde</Typography>
            <Typography variant="h5" data-testid="loyalty-balance">{l.points.toLocaleString('fr-FR')} points</Typography>
          </div>
          <div>
            <Typography variant="caption" color="text.secondary">Cumulés depuis l'inscription</Typography>
            <Typography variant="h6">{l.lifetimePoints.toLocaleString('fr-FR')}</Typography>
          </div>
          {l.tier?.name && <Chip label={`Niveau ${l.tier.name}`} color="primary" />}
        </Stack>
        {entries.length === 0 ? (
          <Typography variant="body2" color="text.secondary">Aucun mouvement de points.</Typography>
        ) : (
          <Table size="small" aria-label="Mouvements de points">
            <TableHead>
              <TableRow>
                <TableCell>Date</TableCell>
                <TableCell>Mouvement</TableCell>
                <TableCell>Détail</TableCell>
                <TableCell align="right">Points</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {entries.map((e, i) => (
                <TableRow key={`${e.at}-${i}`}>
                  <TableCell>{dateTimeText(e.at)}</TableCell>
                  <TableCell>{ENTRY_KINDS[e.kind] ?? e.kind}</TableCell>
                  <TableCell>{[e.reward?.name, e.restaurant?.name, e.reason].filter(Boolean).join(' · ') || '—'}</TableCell>
                  <TableCell align="right" sx={{ color: e.points < 0 ? 'error.main' : 'success.main', fontVariantNumeric: 'tabular-nums' }}>{signed(e.points)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
        {canWrite && (
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'flex-start' } }}>
            <TextField size="small" label="Points à ajouter ou retirer" inputMode="numeric" value={points} onChange={(e) => setPoints(e.target.value)} error={Boolean(error.points)} helperText={error.points ?? 'Par exemple 50 ou -20.'} />
            <TextField size="small" label="Motif" value={reason} onChange={(e) => setReason(e.target.value)} error={Boolean(error.reason)} helperText={error.reason} sx={{ flex: 1 }} />
            <Button variant="outlined" onClick={submit} disabled={adjust.isPending}>Corriger les points</Button>
          </Stack>
        )}
      </Stack>
    );
  }
  return (
    <Card variant="outlined" component="section" aria-label="Fidélité">
      <CardContent>
        <Typography variant="h6" gutterBottom>Fidélité</Typography>
        {body}
      </CardContent>
    </Card>
  );
}
