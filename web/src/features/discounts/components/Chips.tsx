import { Chip } from '@mui/material';
import BoltRoundedIcon from '@mui/icons-material/BoltRounded';
import ConfirmationNumberOutlinedIcon from '@mui/icons-material/ConfirmationNumberOutlined';

/** How a discount is granted: applied by the kiosk on its own, or only with a promo code. */
export function TriggerChip({ automatic }: { automatic: boolean | undefined }) {
  return automatic ? (
    <Chip size="small" color="secondary" variant="outlined" icon={<BoltRoundedIcon />} label="Automatique" />
  ) : (
    <Chip size="small" variant="outlined" icon={<ConfirmationNumberOutlinedIcon />} label="Code promo" />
  );
}
