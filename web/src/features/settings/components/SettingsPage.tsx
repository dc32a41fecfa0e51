import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Box, Card } from '@mui/material';
import { ApiError } from '../../../api/client';
import { PageHeader } from '../../../components/PageHeader';
import { LoadingPanel } from '../../../components/LoadingPanel';
import { ErrorBlock } from '../../../components/ErrorBlock';
import { settingsQuery } from '../queries';
import type { SettingsBody, SettingsKind } from '../types';

export interface SettingsPageProps<K extends SettingsKind> {
  kind: K;
  title: string;
  subtitle: string;
  /** The editor, once the list is there; `reload` asks the server again and resolves with the fresh list. */
  children: (body: SettingsBody<K>, reload: () => Promise<SettingsBody<K>>) => ReactNode;
}

/** The frame of a settings screen: header and breadcrumb, then loading, error (with retry) or the editor. */
export function SettingsPage<K extends SettingsKind>({ kind, title, subtitle, children }: SettingsPageProps<K>) {
  const query = useQuery(settingsQuery(kind));
  const reload = async (): Promise<SettingsBody<K>> => {
    const result = await query.refetch();
    if (result.isError) throw result.error;
    if (!result.data) throw new ApiError(0, undefined);
    return result.data;
  };

  return (
    <PageHeader title={title} subtitle={subtitle} breadcrumbs={[{ label: 'Accueil', to: '/' }, { label: 'Paramètres' }, { label: title }]}>
      {query.data ? (
        // Once loaded, the editor stays: a failed background refetch must not take away what was typed.
        children(query.data, reload)
      ) : query.isError ? (
        <Card>
          <Box sx={{ p: 3 }}>
            <ErrorBlock
              // A refusal says why (e.g. a blocked franchise); anything else is the generic retrieval error.
              message={query.error instanceof ApiError && query.error.status === 403 ? query.error.detail : undefined}
              onRetry={() => void query.refetch()}
              retrying={query.isFetching}
            />
          </Box>
        </Card>
      ) : (
        <Card>
          <LoadingPanel />
        </Card>
      )}
    </PageHeader>
  );
}
