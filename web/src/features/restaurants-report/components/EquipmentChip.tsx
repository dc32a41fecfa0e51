import { Box, Tooltip } from '@mui/material';
import { alpha } from '@mui/material/styles';
import { exactDateTime, lastSeenText } from '../../establishments/time';
import { KIND_LABELS } from '../format';
import type { EquipmentStatus } from '../types';

/** 'En ligne' in green, 'Hors ligne' in red: the dot repeats the word for who does not see colours. */
export function StatusBadge({ online }: { online: boolean }) {
  return (
    <Box
      component="span"
      sx={(t) => ({
        display: 'inline-flex',
        alignItems: 'center',
        gap: 0.5,
        px: 0.75,
        py: 0.125,
        borderRadius: 1,
        fontSize: '0.75rem',
        fontWeight: 600,
        whiteSpace: 'nowrap',
        color: online ? (t.palette.mode === 'dark' ? t.palette.success.light : t.palette.success.dark) : t.palette.error.main,
        bgcolor: alpha(online ? t.palette.success.main : t.palette.error.main, 0.12),
      })}
    >
      <Box component="span" aria-hidden sx={{ width: 8, height: 8, borderRadius: '50%', bgcolor: online ? 'success.main' : 'error.main' }} />
      {online ? 'En ligne' : 'Hors ligne'}
    </Box>
  );
}

/** A till or kiosk of a card: kind, name, status and when it last called. */
export function EquipmentLine({ e, now, timeZone }: { e: EquipmentStatus; now: number; timeZone: string }) {
  const seen = lastSeenText(e.lastSeenAt, now);
  return (
    <Box
      component="li"
      data-online={e.online}
      sx={(t) => ({
        display: 'flex',
        alignItems: 'center',
        gap: 1,
        px: 1,
        py: 0.5,
        borderRadius: 1,
        border: 1,
        borderColor: e.online ? 'divider' : alpha(t.palette.error.main, 0.5),
        bgcolor: e.online ? 'transparent' : alpha(t.palette.error.main, 0.06),
        minWidth: 0,
      })}
    >
      <Box component="span" sx={{ fontSize: '0.8125rem', fontWeight: 600, minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
        {`${KIND_LABELS[e.kind] ?? e.kind} · ${e.name}`}
      </Box>
      <Tooltip title={e.lastSeenAt ? exactDateTime(e.lastSeenAt, timeZone) : "L'équipement n'a jamais appelé le serveur"}>
        <Box component="span" tabIndex={0} sx={{ fontSize: '0.75rem', color: 'text.secondary', whiteSpace: 'nowrap', ml: 'auto' }}>
          {seen}
        </Box>
      </Tooltip>
      <StatusBadge online={e.online} />
    </Box>
  );
}
