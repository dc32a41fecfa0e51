import { Chip } from '@mui/material';
import type { Campaign } from '../types';

const LABELS: Record<Campaign['status'], { label: string; color: 'default' | 'info' | 'warning' | 'success' | 'error' }> = {
  draft: { label: 'Brouillon', color: 'default' },
  scheduled: { label: 'Programmée', color: 'info' },
  sending: { label: 'En cours d’envoi', color: 'warning' },
  sent: { label: 'Envoyée', color: 'success' },
  cancelled: { label: 'Annulée', color: 'default' },
  failed: { label: 'Échec', color: 'error' },
};

export function StatusChip({ status }: { status: Campaign['status'] }) {
  const s = LABELS[status] ?? { label: status, color: 'default' as const };
  return <Chip size="small" label={s.label} color={s.color} variant={status === 'draft' || status === 'cancelled' ? 'outlined' : 'filled'} />;
}

export const channelLabel = (c: Campaign['channel']) => (c === 'sms' ? 'SMS' : 'E-mail');

export const dateTime = (iso: string | null | undefined) =>
  iso ? new Intl.DateTimeFormat('fr-FR', { dateStyle: 'short', timeStyle: 'short' }).format(new Date(iso)) : '—';
