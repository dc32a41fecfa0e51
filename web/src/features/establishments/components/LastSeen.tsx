import { useEffect, useState } from 'react';
import { Box, Chip, Tooltip, Typography } from '@mui/material';
import WarningAmberRoundedIcon from '@mui/icons-material/WarningAmberRounded';
import { exactDateTime, isSilent, lastSeenText } from '../time';

/** The current time, refreshed every `period` ms so relative times ('il y a 3 min') move on. */
export function useNow(period = 30_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), period);
    return () => clearInterval(timer);
  }, [period]);
  return now;
}

export interface LastSeenProps {
  lastSeenAt: string | null;
  /** The restaurant's zone: the exact time in the tooltip is the restaurant's wall clock. */
  timeZone: string;
  now: number;
}

/**
 * 'Vu il y a 3 min' with the exact date in a tooltip; an amber badge after 24 h of silence,
 * a grey one for a device that never called.
 */
export function LastSeen({ lastSeenAt, timeZone, now }: LastSeenProps) {
  const label = lastSeenText(lastSeenAt, now);
  if (!lastSeenAt) {
    return (
      <Tooltip title="Cet équipement ne s'est encore jamais connecté.">
        <Chip size="small" label={label} variant="outlined" sx={{ color: 'text.secondary', fontWeight: 500 }} />
      </Tooltip>
    );
  }
  const exact = exactDateTime(lastSeenAt, timeZone);
  if (isSilent(lastSeenAt, now)) {
    return (
      <Tooltip title={`Aucun signe depuis plus de 24 h. Dernier contact : ${exact}`}>
        <Chip
          size="small"
          color="warning"
          variant="outlined"
          icon={<WarningAmberRoundedIcon />}
          label={label}
          aria-label={`${label} — aucun signe depuis plus de 24 h`}
        />
      </Tooltip>
    );
  }
  return (
    <Tooltip title={`Dernier contact : ${exact}`}>
      <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
        <Box aria-hidden component="span" sx={{ width: 8, height: 8, borderRadius: '50%', bgcolor: 'success.main', flexShrink: 0 }} />
        <Typography component="span" variant="body2" sx={{ whiteSpace: 'nowrap' }}>
          {label}
        </Typography>
      </Box>
    </Tooltip>
  );
}
