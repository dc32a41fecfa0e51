import { Link as RouterLink } from 'react-router';
import { Box, Card, Stack, Typography } from '@mui/material';
import { alpha } from '@mui/material/styles';
import ArrowForwardRoundedIcon from '@mui/icons-material/ArrowForwardRounded';
import { PageHeader } from '../components/PageHeader';
import { crumbsOf } from '../components/crumbs';
import { EmptyState } from '../components/EmptyState';
import { RestaurantFilter } from '../features/restaurants/RestaurantFilter';
import { areaIcons } from './areaIcons';
import { navGroups } from './navigation';
import { areaOf, type AppRoute } from './routeTable';
import { useSession } from './session';

export function comingSoonText(title: string): string {
  return `Cet écran arrive bientôt : ${title}.`;
}

/** Every screen not built yet: its header from the route table and an empty state naming it. */
export function PlaceholderPage({ route }: { route: AppRoute }) {
  const session = useSession();
  const area = areaOf(route.area);
  const Icon = areaIcons[area.id];
  const siblings = session
    ? (navGroups(session).find((g) => g.area.id === route.area)?.items ?? []).filter((r) => r.path !== route.path)
    : [];

  return (
    <PageHeader
      title={route.title}
      subtitle={route.description ?? area.label}
      breadcrumbs={crumbsOf(route)}
      actions={route.restaurantFilter && session ? <RestaurantFilter /> : undefined}
    >
      <Card sx={{ display: 'flex', alignItems: 'center', justifyContent: 'center', minHeight: 320 }}>
        <EmptyState title={route.title} message={comingSoonText(route.title)} icon={<Icon />} />
      </Card>
      {siblings.length > 0 && (
        <Box component="section" aria-labelledby="same-area">
          <Typography id="same-area" variant="overline" component="h2" sx={{ color: 'text.secondary', display: 'block', mb: 1.5 }}>
            Dans la rubrique {area.label}
          </Typography>
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(4, 1fr)' }, gap: 1.5 }}>
            {siblings.map((r) => (
              <Card
                key={r.path}
                component={RouterLink}
                to={r.path}
                sx={(theme) => ({
                  textDecoration: 'none',
                  color: 'text.primary',
                  px: 2,
                  py: 1.75,
                  transition: 'border-color 120ms, background-color 120ms',
                  '&:hover': {
                    borderColor: alpha(theme.palette.primary.main, 0.5),
                    backgroundColor: alpha(theme.palette.primary.main, 0.03),
                    '& .arrow': { transform: 'translateX(2px)', color: 'primary.main' },
                  },
                })}
              >
                <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
                  <Box sx={{ flex: 1, minWidth: 0 }}>
                    <Typography variant="body2" noWrap sx={{ fontWeight: 600 }}>
                      {r.nav}
                    </Typography>
                    <Typography variant="caption" noWrap component="p" sx={{ color: 'text.secondary' }}>
                      {r.description ?? (r.title !== r.nav ? r.title : 'Bientôt disponible')}
                    </Typography>
                  </Box>
                  <ArrowForwardRoundedIcon className="arrow" sx={{ fontSize: 18, color: 'text.secondary', transition: 'transform 120ms' }} />
                </Stack>
              </Card>
            ))}
          </Box>
        </Box>
      )}
    </PageHeader>
  );
}
