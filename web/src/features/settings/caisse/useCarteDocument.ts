import { useCallback, useEffect, useState } from 'react';
import { useMutation, useQuery, useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import { isConflict } from '../../../components/saveError';
import type { MenuDocument, VersionedDocument } from '../../menus/documentTypes';
import { documentQuery, documentSaved, menuKeys, saveDocumentMutation } from '../../menus/queries';

export interface CarteDocument {
  query: UseQueryResult<VersionedDocument>;
  /**
   * Sends the whole document at the version loaded (If-Match), as the menu editor does; resolves to
   * null when saved, or to the error. A 409 also raises `stale`.
   */
  send: (next: MenuDocument) => Promise<unknown>;
  saving: boolean;
  /** The server's 409 detail: someone saved the carte since it was loaded. */
  stale: string | null;
  reloading: boolean;
  /** Reads the carte again (what the user typed stays in the forms). */
  reload: () => Promise<void>;
}

/** One carte's document for the caisse tabs: loaded once, saved whole with the version it was read at. */
export function useCarteDocument(campaignId: number | null): CarteDocument {
  const client = useQueryClient();
  const query = useQuery({ ...documentQuery(campaignId ?? 0), enabled: campaignId !== null });
  const save = useMutation(saveDocumentMutation());
  const [stale, setStale] = useState<string | null>(null);
  const [reloading, setReloading] = useState(false);
  const { data } = query;

  // Another carte: the banner was about the previous one.
  useEffect(() => setStale(null), [campaignId]);

  const send = useCallback(
    async (next: MenuDocument): Promise<unknown> => {
      if (campaignId === null || !data) return new Error('carte absente');
      try {
        const saved = await save.mutateAsync({ campaignId, version: data.version, document: next });
        documentSaved(client, saved, next);
        setStale(null);
        return null;
      } catch (error) {
        if (isConflict(error)) setStale(error.detail);
        return error;
      }
    },
    [campaignId, client, data, save],
  );

  const reload = useCallback(async () => {
    if (campaignId === null) return;
    setReloading(true);
    try {
      await client.invalidateQueries({ queryKey: menuKeys.document(campaignId) });
      setStale(null);
    } finally {
      setReloading(false);
    }
  }, [campaignId, client]);

  return { query, send, saving: save.isPending, stale, reloading, reload };
}
