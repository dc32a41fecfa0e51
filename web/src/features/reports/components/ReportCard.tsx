import { useId, type ReactNode } from 'react';
import { Box, Card, LinearProgress, Stack, Typography } from '@mui/material';
import { HelpTooltip } from '../../../components/Tooltip';
import { ErrorBlock } from '../../../components/ErrorBlock';
import { LoadingPanel } from '../../../components/LoadingPanel';
import { EmptyState } from '../../../components/EmptyState';
import { errorText } from './states';

export interface ReportCardProps {
  title: string;
  /** What the figures mean (shown behind an (i) icon next to the title). */
  help?: ReactNode;
  /** A short line under the title (e.g. the period). */
  subtitle?: ReactNode;
  /** Controls on the right of the title (switches, selectors). */
  actions?: ReactNode;
  /** First load: nothing to show yet. */
  loading?: boolean;
  /** A refetch is running while the previous answer stays on screen. */
  refreshing?: boolean;
  error?: unknown;
  onRetry?: () => void;
  /** Nothing to draw: the card shows 'Aucun données à afficher.'. */
  empty?: boolean;
  /** Height kept while loading, empty or in error, so the grid does not jump. */
  minHeight?: number;
  /** Padding of the body; tables use 0 so they touch the card's edges. */
  bodyPadding?: number;
  /** Take the full height of the grid cell (cards side by side end level). */
  fill?: boolean;
  children?: ReactNode;
}

/** A titled report widget (chart or table) with its loading, error and empty states. */
export function ReportCard({
  title,
  help,
  subtitle,
  actions,
  loading,
  refreshing,
  error,
  onRetry,
  empty,
  minHeight = 240,
  bodyPadding = 2,
  fill,
  children,
}: ReportCardProps) {
  const id = useId();
  let body: ReactNode;
  if (loading) body = <LoadingPanel minHeight={minHeight} />;
  else if (error) body = <Box sx={{ p: 2 }}><ErrorBlock message={errorText(error)} onRetry={onRetry} /></Box>;
  else if (empty) body = <EmptyState minHeight={minHeight} />;
  else body = <Box sx={{ p: bodyPadding }}>{children}</Box>;

  return (
    <Card component="section" aria-labelledby={id} sx={{ position: 'relative', display: 'flex', flexDirection: 'column', minWidth: 0, height: fill ? '100%' : undefined }}>
      {refreshing && !loading && (
        <LinearProgress aria-label="Mise à jour" sx={{ position: 'absolute', top: 0, left: 0, right: 0, height: 2 }} />
      )}
      <Stack
        direction="row"
        sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 1.5, flexWrap: 'wrap', px: 2, pt: 1.75, pb: 1.25, borderBottom: 1, borderColor: 'divider' }}
      >
        <Box sx={{ minWidth: 0 }}>
          <Stack direction="row" spacing={0.75} sx={{ alignItems: 'center' }}>
            <Typography id={id} variant="subtitle1" component="h2" sx={{ fontWeight: 600, lineHeight: 1.3 }}>
              {title}
            </Typography>
            {help && <HelpTooltip title={help} label={`À propos : ${title}`} />}
          </Stack>
          {subtitle && (
            <Typography variant="caption" sx={{ color: 'text.secondary', display: 'block' }}>
              {subtitle}
            </Typography>
          )}
        </Box>
        {actions && <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>{actions}</Stack>}
      </Stack>
      <Box sx={{ flex: 1, minWidth: 0 }}>{body}</Box>
    </Card>
  );
}
