import { useQuery } from '@tanstack/react-query';
import { Card } from '@mui/material';
import { ApiError } from '../../../api/client';
import { KioskEditor } from '../pages/KioskConfigPage';
import { settingsQuery } from '../queries';
import type { SettingsBody } from '../types';
import { CarteState } from './CarteState';

/**
 * 'Configuration générale': the kiosk parameters' editor of Paramètres Borne itself, on the same
 * record (/api/v1/settings/kiosk), so the two screens never disagree.
 */
export function KioskPanel() {
  const query = useQuery(settingsQuery('kiosk'));
  const reload = async (): Promise<SettingsBody<'kiosk'>> => {
    const result = await query.refetch();
    if (result.isError) throw result.error;
    if (!result.data) throw new ApiError(0, undefined);
    return result.data;
  };
  return query.data ? (
    <KioskEditor body={query.data} reload={reload} />
  ) : (
    <Card>
      <CarteState query={query}>{null}</CarteState>
    </Card>
  );
}
