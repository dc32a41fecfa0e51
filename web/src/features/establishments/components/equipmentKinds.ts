import type { SvgIconComponent } from '@mui/icons-material';
import PointOfSaleOutlinedIcon from '@mui/icons-material/PointOfSaleOutlined';
import TouchAppOutlinedIcon from '@mui/icons-material/TouchAppOutlined';
import type { EquipmentKind } from '../../../api/types';

/** The French words for each kind of device. */
export const equipmentKinds: Record<EquipmentKind, { label: string; article: string; Icon: SvgIconComponent; description: string }> = {
  caisse: { label: 'Caisse', article: 'La caisse', Icon: PointOfSaleOutlinedIcon, description: 'Encaissement au comptoir' },
  borne: { label: 'Borne', article: 'La borne', Icon: TouchAppOutlinedIcon, description: 'Commande en libre-service' },
};
