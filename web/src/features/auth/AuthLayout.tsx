import { Suspense, lazy, type ReactNode } from 'react';
import { Box, Stack, Typography } from '@mui/material';
import { alpha } from '@mui/material/styles';
import MenuBookOutlinedIcon from '@mui/icons-material/MenuBookOutlined';
import ReceiptLongOutlinedIcon from '@mui/icons-material/ReceiptLongOutlined';
import InsightsOutlinedIcon from '@mui/icons-material/InsightsOutlined';
import PaletteOutlinedIcon from '@mui/icons-material/PaletteOutlined';
import LightModeOutlinedIcon from '@mui/icons-material/LightModeOutlined';
import DarkModeOutlinedIcon from '@mui/icons-material/DarkModeOutlined';
import { Brand, BrandMark } from '../../app/shell/Brand';
import { useThemeSettings } from '../../app/ThemeSettings';

// The palette and mode buttons come with their tooltips and popover (Popper, Modal, toggle
// buttons: ~17 kB gzip), which the sign-in form does not need to draw: they load alongside it,
// fetched as soon as this module runs, and the same two icons hold their place meanwhile.
const paletteModule = import('../../app/shell/PaletteMenu');
const PaletteMenu = lazy(() => paletteModule.then((m) => ({ default: m.PaletteMenu })));
const ModeSwitch = lazy(() => paletteModule.then((m) => ({ default: m.ModeSwitch })));

/** The two header buttons' look (an IconButton's size and colour) while their code loads; not interactive yet. */
function HeaderControlsPlaceholder() {
  const { mode } = useThemeSettings();
  const icon = { p: 1, display: 'inline-flex', color: 'action.active' } as const;
  return (
    <Box aria-hidden sx={{ display: 'flex' }}>
      <Box sx={icon}>
        <PaletteOutlinedIcon />
      </Box>
      <Box sx={icon}>{mode === 'dark' ? <LightModeOutlinedIcon /> : <DarkModeOutlinedIcon />}</Box>
    </Box>
  );
}

export const TAGLINE = 'Le back-office de vos restaurants, de la carte à la caisse.';

const highlights = [
  { icon: MenuBookOutlinedIcon, title: 'Vos cartes sur toutes vos bornes', text: 'Composez, fusionnez et déployez vos menus restaurant par restaurant.' },
  { icon: ReceiptLongOutlinedIcon, title: 'Chaque commande, en direct', text: 'Caisses, bornes et click & collect réunis dans un même écran.' },
  { icon: InsightsOutlinedIcon, title: 'Des chiffres qui parlent', text: 'Temps de sortie, ventes, réductions et Z de caisse, franchise entière ou par restaurant.' },
];

/** Frame of the sign-in pages: brand panel on the left, the form on the right. */
export function AuthLayout({ title, subtitle, children }: { title: string; subtitle?: ReactNode; children: ReactNode }) {
  return (
    <Box sx={{ minHeight: '100vh', display: 'grid', gridTemplateColumns: { xs: '1fr', md: 'minmax(420px, 5fr) 6fr' }, bgcolor: 'background.paper' }}>
      <Box
        sx={(theme) => {
          const main = theme.palette.primary.main;
          const deep = theme.palette.mode === 'dark' ? '#0b0d12' : theme.palette.primary.dark;
          return {
            display: { xs: 'none', md: 'flex' },
            flexDirection: 'column',
            justifyContent: 'space-between',
            p: 6,
            color: '#fff',
            position: 'relative',
            overflow: 'hidden',
            background: `radial-gradient(900px 500px at 0% 0%, ${alpha('#ffffff', 0.16)}, transparent 60%), linear-gradient(160deg, ${theme.palette.mode === 'dark' ? alpha(main, 0.55) : main} 0%, ${deep} 100%)`,
            '&::after': {
              content: '""',
              position: 'absolute',
              inset: 0,
              backgroundImage: `radial-gradient(${alpha('#ffffff', 0.09)} 1px, transparent 1px)`,
              backgroundSize: '22px 22px',
              maskImage: 'linear-gradient(to bottom, transparent, black 40%, black 70%, transparent)',
              pointerEvents: 'none',
            },
          };
        }}
      >
        <Box sx={{ position: 'relative', zIndex: 1, display: 'flex', alignItems: 'center', gap: 1.5 }}>
          <Box sx={{ p: 0.5, borderRadius: '12px', backgroundColor: alpha('#ffffff', 0.16) }}>
            <BrandMark size={34} />
          </Box>
          <Typography sx={{ fontWeight: 750, fontSize: 22, letterSpacing: '-0.03em' }}>Brigade</Typography>
        </Box>
        <Box sx={{ position: 'relative', zIndex: 1, maxWidth: 480 }}>
          <Typography component="p" sx={{ fontSize: { md: 34, lg: 40 }, fontWeight: 750, lineHeight: 1.12, letterSpacing: '-0.03em' }}>
            {TAGLINE}
          </Typography>
          <Stack spacing={2.5} sx={{ mt: 5 }}>
            {highlights.map(({ icon: Icon, title: t, text }) => (
              <Stack key={t} direction="row" spacing={2} sx={{ alignItems: 'flex-start' }}>
                <Box
                  sx={{
                    width: 40,
                    height: 40,
                    borderRadius: '12px',
                    flexShrink: 0,
                    display: 'grid',
                    placeItems: 'center',
                    backgroundColor: alpha('#ffffff', 0.14),
                    border: `1px solid ${alpha('#ffffff', 0.18)}`,
                  }}
                >
                  <Icon sx={{ fontSize: 20 }} />
                </Box>
                <Box>
                  <Typography sx={{ fontWeight: 650 }}>{t}</Typography>
                  <Typography variant="body2" sx={{ color: alpha('#ffffff', 0.78), mt: 0.25 }}>
                    {text}
                  </Typography>
                </Box>
              </Stack>
            ))}
          </Stack>
        </Box>
        <Typography variant="caption" sx={{ position: 'relative', zIndex: 1, color: alpha('#ffffff', 0.7) }}>
          © {new Date().getFullYear()} Brigade · Back-office des franchises de restauration
        </Typography>
      </Box>

      <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: '100vh' }}>
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', px: { xs: 2.5, sm: 4 }, py: 2 }}>
          <Box sx={{ display: { xs: 'block', md: 'none' } }}>
            <Brand size={30} />
          </Box>
          <Box sx={{ flex: 1 }} />
          <Suspense fallback={<HeaderControlsPlaceholder />}>
            <PaletteMenu />
            <ModeSwitch />
          </Suspense>
        </Stack>
        <Box sx={{ flex: 1, display: 'flex', alignItems: 'center', justifyContent: 'center', px: { xs: 2.5, sm: 4 }, pb: 8 }}>
          <Box sx={{ width: '100%', maxWidth: 420 }}>
            <Typography variant="h4" component="h1">
              {title}
            </Typography>
            {subtitle && (
              <Typography variant="body1" sx={{ color: 'text.secondary', mt: 1 }}>
                {subtitle}
              </Typography>
            )}
            <Box sx={{ mt: 4 }}>{children}</Box>
          </Box>
        </Box>
      </Box>
    </Box>
  );
}
