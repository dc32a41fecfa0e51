import { Box, Button, Card, CardContent, Chip, Divider, IconButton, Stack, Switch, Tooltip, Typography } from '@mui/material';
import SettingsOutlinedIcon from '@mui/icons-material/SettingsOutlined';
import PointOfSaleRoundedIcon from '@mui/icons-material/PointOfSaleRounded';
import TuneRoundedIcon from '@mui/icons-material/TuneRounded';
import type { MarketplaceModule } from '../types';
import { CONFIGURE_LABEL, TO_CONFIGURE_LABEL, categoryLabels } from '../texts';
import { ModuleImage } from './ModuleImage';

export interface ModuleCardProps {
  module: MarketplaceModule;
  canManage: boolean;
  busy: boolean;
  onToggle: (status: boolean) => void;
  onConfigure: () => void;
  /** Smaller cards (the 'All restaurants' overview). */
  dense?: boolean;
}

const categoryColor = { Commandes: 'primary', Marketing: 'secondary', Other: 'default' } as const;

/**
 * A module: image, name, category badge, description, on/off switch and settings icon. A module
 * that still lacks its required settings (or, for a delivery platform, a till) shows as to
 * configure instead of a switch.
 */
export function ModuleCard({ module, canManage, busy, onToggle, onConfigure, dense }: ModuleCardProps) {
  const tills = module.selected_pos ?? [];
  const asToggle = module.configured || module.status;
  return (
    <Card
      component="article"
      aria-label={module.module_name}
      variant="outlined"
      sx={(theme) => ({
        height: '100%',
        display: 'flex',
        flexDirection: 'column',
        transition: 'border-color 120ms, box-shadow 120ms',
        borderColor: module.status ? theme.palette.success.main : undefined,
        '&:hover': { boxShadow: theme.shadows[2] },
      })}
    >
      <CardContent sx={{ flex: 1, display: 'flex', flexDirection: 'column', gap: 1.5, p: dense ? 2 : 2.5 }}>
        <Stack direction="row" spacing={1.75} sx={{ alignItems: 'flex-start' }}>
          <ModuleImage image={module.image} name={module.module_name} size={dense ? 44 : 56} />
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700, lineHeight: 1.3 }} noWrap>
              {module.module_name}
            </Typography>
            <Chip
              size="small"
              label={categoryLabels[module.category]}
              color={categoryColor[module.category]}
              variant="outlined"
              sx={{ mt: 0.5, height: 22, fontWeight: 600 }}
            />
          </Box>
          {canManage && (
            <Tooltip title="Paramètres">
              <IconButton aria-label={`Paramètres ${module.module_name}`} onClick={onConfigure} size="small" sx={{ mt: -0.5, mr: -0.75 }}>
                <SettingsOutlinedIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          )}
        </Stack>
        {!dense && (
          <Typography variant="body2" sx={{ color: 'text.secondary', flex: 1 }}>
            {module.description}
          </Typography>
        )}
        {module.platform && tills.length > 0 && (
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.75 }} aria-label={`Caisses de ${module.module_name}`}>
            {tills.map((t) => (
              <Chip key={t.id} size="small" icon={<PointOfSaleRoundedIcon />} label={t.name} variant="outlined" />
            ))}
          </Stack>
        )}
      </CardContent>
      <Divider />
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', px: dense ? 2 : 2.5, py: 1, minHeight: 52 }}>
        {asToggle ? (
          <>
            <Typography variant="body2" sx={{ fontWeight: 600, color: module.status ? 'success.main' : 'text.secondary' }}>
              {module.status ? 'Activé' : 'Désactivé'}
            </Typography>
            <Switch
              checked={module.status}
              disabled={!canManage || busy}
              onChange={(_, checked) => onToggle(checked)}
              slotProps={{ input: { 'aria-label': `Activer ${module.module_name}` } }}
              color="success"
            />
          </>
        ) : (
          <>
            <Chip size="small" color="warning" variant="outlined" label={TO_CONFIGURE_LABEL} sx={{ fontWeight: 600 }} />
            {canManage && (
              <Button size="small" startIcon={<TuneRoundedIcon />} onClick={onConfigure} aria-label={`${CONFIGURE_LABEL} ${module.module_name}`}>
                {CONFIGURE_LABEL}
              </Button>
            )}
          </>
        )}
      </Stack>
    </Card>
  );
}
