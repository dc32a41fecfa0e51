import type { SvgIconComponent } from '@mui/icons-material';
import SpaceDashboardOutlinedIcon from '@mui/icons-material/SpaceDashboardOutlined';
import ReceiptLongOutlinedIcon from '@mui/icons-material/ReceiptLongOutlined';
import InsightsOutlinedIcon from '@mui/icons-material/InsightsOutlined';
import ShoppingBagOutlinedIcon from '@mui/icons-material/ShoppingBagOutlined';
import QueryStatsOutlinedIcon from '@mui/icons-material/QueryStatsOutlined';
import LoyaltyOutlinedIcon from '@mui/icons-material/LoyaltyOutlined';
import PeopleAltOutlinedIcon from '@mui/icons-material/PeopleAltOutlined';
import MenuBookOutlinedIcon from '@mui/icons-material/MenuBookOutlined';
import StorefrontOutlinedIcon from '@mui/icons-material/StorefrontOutlined';
import ScienceOutlinedIcon from '@mui/icons-material/ScienceOutlined';
import AdminPanelSettingsOutlinedIcon from '@mui/icons-material/AdminPanelSettingsOutlined';
import LocalOfferOutlinedIcon from '@mui/icons-material/LocalOfferOutlined';
import AutoGraphOutlinedIcon from '@mui/icons-material/AutoGraphOutlined';
import BarChartOutlinedIcon from '@mui/icons-material/BarChartOutlined';
import PointOfSaleOutlinedIcon from '@mui/icons-material/PointOfSaleOutlined';
import SettingsOutlinedIcon from '@mui/icons-material/SettingsOutlined';
import type { AreaId } from './routeTable';

// The side menu's icon of each area. Kept out of routeTable.ts, which the first download carries
// (the guards read it), so that the sign-in page does not download the menu's icons.
export const areaIcons: Record<AreaId, SvgIconComponent> = {
  dashboards: SpaceDashboardOutlinedIcon,
  operations: ReceiptLongOutlinedIcon,
  cartes: MenuBookOutlinedIcon,
  catalogue: ShoppingBagOutlinedIcon,
  marketing: LocalOfferOutlinedIcon,
  clients: PeopleAltOutlinedIcon,
  fidelite: LoyaltyOutlinedIcon,
  cnc: InsightsOutlinedIcon,
  stats: QueryStatsOutlinedIcon,
  beta: AutoGraphOutlinedIcon,
  v2: BarChartOutlinedIcon,
  etablissements: StorefrontOutlinedIcon,
  settings: PointOfSaleOutlinedIcon,
  configuration: SettingsOutlinedIcon,
  demos: ScienceOutlinedIcon,
  superadmin: AdminPanelSettingsOutlinedIcon,
  auth: AdminPanelSettingsOutlinedIcon,
};
