import type { ReactNode } from 'react';
import { Box, Breadcrumbs, Link, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import NavigateNextRoundedIcon from '@mui/icons-material/NavigateNextRounded';

export interface Crumb {
  label: string;
  to?: string;
}

export interface PageHeaderProps {
  title: string;
  /** A short line under the title (what this screen is for). */
  subtitle?: ReactNode;
  breadcrumbs?: Crumb[];
  /** Filters or buttons shown on the right of the title. */
  actions?: ReactNode;
  /** The page's content area. */
  children?: ReactNode;
}

/** The header every page starts with: breadcrumb, title, subtitle, actions, then the content area. */
export function PageHeader({ title, subtitle, breadcrumbs, actions, children }: PageHeaderProps) {
  return (
    <Box component="section" sx={{ display: 'flex', flexDirection: 'column', gap: 3, minWidth: 0 }}>
      {/* The title keeps at least 320 px; filters that do not fit beside it wrap under it. */}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', justifyContent: 'space-between', gap: 2 }}>
        <Box sx={{ flex: '1 1 320px', minWidth: 0 }}>
          {breadcrumbs && breadcrumbs.length > 0 && (
            <Breadcrumbs
              aria-label="Fil d'Ariane"
              separator={<NavigateNextRoundedIcon sx={{ fontSize: 16 }} />}
              sx={{ mb: 1, color: 'text.secondary' }}
            >
              {breadcrumbs.map((crumb, i) =>
                crumb.to && i < breadcrumbs.length - 1 ? (
                  <Link
                    key={crumb.label}
                    component={RouterLink}
                    to={crumb.to}
                    underline="hover"
                    color="inherit"
                    sx={{ fontSize: '0.8125rem' }}
                  >
                    {crumb.label}
                  </Link>
                ) : (
                  <Typography
                    key={crumb.label}
                    sx={{
                      fontSize: '0.8125rem',
                      color: i === breadcrumbs.length - 1 ? 'text.primary' : 'inherit',
                      fontWeight: i === breadcrumbs.length - 1 ? 500 : 400,
                    }}
                  >
                    {crumb.label}
                  </Typography>
                ),
              )}
            </Breadcrumbs>
          )}
          <Typography variant="h4" component="h1" sx={{ lineHeight: 1.2 }}>
            {title}
          </Typography>
          {subtitle && (
            <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.75, maxWidth: 720 }}>
              {subtitle}
            </Typography>
          )}
        </Box>
        {actions && (
          <Stack
            direction="row"
            useFlexGap
            sx={{ flex: '0 1 auto', minWidth: 0, maxWidth: '100%', alignItems: 'flex-start', flexWrap: 'wrap', gap: 1.5 }}
          >
            {actions}
          </Stack>
        )}
      </Box>
      {children}
    </Box>
  );
}
