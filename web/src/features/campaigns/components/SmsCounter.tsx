import { Box, Stack, Typography } from '@mui/material';
import { smsCount, withStopLine } from '../sms';

/** The live counter of an SMS and the preview of what is sent, STOP line included. */
export function SmsCounter({ body, stopLine }: { body: string; stopLine: string }) {
  const text = withStopLine(body, stopLine);
  const c = smsCount(text);
  return (
    <Stack spacing={1}>
      <Typography variant="body2" color="text.secondary" aria-live="polite" data-testid="sms-counter">
        {c.length.toLocaleString('fr-FR')} caractères · {c.parts.toLocaleString('fr-FR')} SMS · {c.encoding === 'ucs2' ? 'Unicode (70 caractères par SMS, 67 au-delà)' : 'GSM (160 caractères par SMS, 153 au-delà)'}
      </Typography>
      {c.encoding === 'ucs2' && (
        <Typography variant="caption" color="warning.main">
          Un caractère hors de l'alphabet GSM (émoji, ê, â, ç…) fait passer tout le SMS en Unicode.
        </Typography>
      )}
      <Box aria-label="Aperçu du SMS" sx={{ p: 2, borderRadius: 2, bgcolor: 'action.hover', whiteSpace: 'pre-wrap', fontSize: 14, maxWidth: 360 }}>
        {text}
      </Box>
    </Stack>
  );
}
