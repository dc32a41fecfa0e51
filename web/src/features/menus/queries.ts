import { keepPreviousData, queryOptions, type QueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { api, toApiError, unwrap, unwrapEmpty, type ApiError } from '../../api/client';
import { asDocument, type MenuDocument, type VersionedDocument } from './documentTypes';
import { dispositionFileName } from './catalogue';
import { HISTORY_PAGE_SIZE, cartesHistoryKeys, menuKeys, type CartesHistoryFilter } from './keys';
import type { BulkBody, BulkResult, Campaign, CampaignBody, CampaignList, Catalogue, CarteTrash, TrashKind, TrashResult } from './types';

export { HISTORY_PAGE_SIZE, cartesHistoryKeys, menuKeys, type CartesHistoryFilter };

type CampaignId = Campaign['id'];

/** `"<version>"` for If-Match: the version the user edited. */
export const ifMatch = (version: number) => ({ 'If-Match': `"${version}"` });

export const campaignsQuery = () =>
  queryOptions({
    queryKey: menuKeys.list(),
    queryFn: () => unwrap(api.GET('/api/v1/campaigns')),
    select: (list: CampaignList) => list.items ?? [],
  });

function versionOf(response: Response): number {
  const tag = response.headers.get('ETag') ?? '';
  const n = Number(tag.replace(/^W\//, '').replaceAll('"', ''));
  return Number.isFinite(n) ? n : 0;
}

export const documentQuery = (campaignId: CampaignId) =>
  queryOptions({
    queryKey: menuKeys.document(campaignId),
    queryFn: async (): Promise<VersionedDocument> => {
      const { data, error, response } = await api.GET('/api/v1/campaigns/{campaignId}/document', {
        params: { path: { campaignId } },
      });
      if (!response.ok) throw toApiError(response, error);
      return { document: asDocument(data), version: versionOf(response) };
    },
    // The editor works on its own copy; a background refetch must not replace it mid-edit.
    refetchOnWindowFocus: false,
  });

export const trashQuery = (campaignId: CampaignId) =>
  queryOptions({
    queryKey: menuKeys.trash(campaignId),
    queryFn: () => unwrap(api.GET('/api/v1/campaigns/{campaignId}/trash', { params: { path: { campaignId } } })),
  });

export const linkedProductsQuery = (campaignId: CampaignId, category: string) =>
  queryOptions({
    queryKey: menuKeys.linked(campaignId, category),
    queryFn: () =>
      unwrap(api.GET('/api/v1/campaigns/{campaignId}/trash/linked', { params: { path: { campaignId }, query: { category } } })),
    select: (list) => list.items ?? [],
  });

/** One page (0-based) of the cartes' history. */
export const cartesHistoryQuery = (filter: CartesHistoryFilter, page = 0, pageSize = HISTORY_PAGE_SIZE) =>
  queryOptions({
    queryKey: cartesHistoryKeys.list(filter, page, pageSize),
    queryFn: () =>
      unwrap(
        api.GET('/api/v1/history', {
          params: {
            query: {
              module: 'Cartes',
              page,
              pageSize,
              ...(filter.from ? { from: filter.from } : {}),
              ...(filter.to ? { to: filter.to } : {}),
              ...(filter.action ? { action: filter.action } : {}),
              ...(filter.user?.trim() ? { user: filter.user.trim() } : {}),
            },
          },
        }),
      ),
    placeholderData: keepPreviousData,
  });

/** The record form of a carte, as PUT wants it whole. */
export function campaignBody(c: Campaign, patch: Partial<CampaignBody> = {}): CampaignBody {
  return {
    nom: c.nom,
    isPrincipal: c.isPrincipal,
    dateDebut: c.dateDebut,
    dateFin: c.dateFin,
    isPeriodic: c.isPeriodic,
    campagneDates: c.campagneDates ?? [],
    removed: c.removed,
    ...patch,
  };
}

/** Puts a carte the server answered with into the cached list, then refreshes what depends on it. */
export function campaignSaved(client: QueryClient, campaign: Campaign): void {
  client.setQueryData<CampaignList>(menuKeys.list(), (list) => {
    if (!list) return list;
    const items = list.items ?? [];
    const known = items.some((c) => c.id === campaign.id);
    const next = known ? items.map((c) => (c.id === campaign.id ? campaign : c)) : [...items, campaign];
    // A new principal carte demotes the others (the server does the same).
    const fixed = campaign.isPrincipal ? next.map((c) => (c.id === campaign.id ? c : { ...c, isPrincipal: false })) : next;
    return { items: fixed, total: known ? list.total : list.total + 1 };
  });
  void client.invalidateQueries({ queryKey: menuKeys.list() });
  void client.invalidateQueries({ queryKey: cartesHistoryKeys.all });
}

export const createCampaignMutation = (): UseMutationOptions<Campaign, ApiError, CampaignBody> => ({
  mutationKey: [...menuKeys.all, 'create'],
  mutationFn: (body) => unwrap(api.POST('/api/v1/campaigns', { body })),
});

export const updateCampaignMutation = (): UseMutationOptions<Campaign, ApiError, { campaign: Campaign; patch: Partial<CampaignBody> }> => ({
  mutationKey: [...menuKeys.all, 'update'],
  mutationFn: ({ campaign, patch }) =>
    unwrap(
      api.PUT('/api/v1/campaigns/{campaignId}', {
        params: { path: { campaignId: campaign.id }, header: ifMatch(campaign.version) },
        body: campaignBody(campaign, patch),
      }),
    ),
});

export const duplicateCampaignMutation = (): UseMutationOptions<Campaign, ApiError, { campaignId: CampaignId }> => ({
  mutationKey: [...menuKeys.all, 'duplicate'],
  mutationFn: ({ campaignId }) => unwrap(api.POST('/api/v1/campaigns/{campaignId}/duplicate', { params: { path: { campaignId } } })),
});

export const deleteCampaignMutation = (): UseMutationOptions<void, ApiError, { campaignId: CampaignId }> => ({
  mutationKey: [...menuKeys.all, 'delete'],
  mutationFn: ({ campaignId }) => unwrapEmpty(api.DELETE('/api/v1/campaigns/{campaignId}', { params: { path: { campaignId } } })),
});

export interface SaveDocumentVariables {
  campaignId: CampaignId;
  /** The version the document was read at. */
  version: number;
  document: MenuDocument;
}

export const saveDocumentMutation = (): UseMutationOptions<Campaign, ApiError, SaveDocumentVariables> => ({
  mutationKey: [...menuKeys.all, 'saveDocument'],
  mutationFn: ({ campaignId, version, document }) =>
    unwrap(
      api.PUT('/api/v1/campaigns/{campaignId}/document', {
        params: { path: { campaignId }, header: ifMatch(version) },
        body: document,
      }),
    ),
});

/** After a document save: the cache holds what was sent, at the new version. */
export function documentSaved(client: QueryClient, campaign: Campaign, document: MenuDocument): void {
  client.setQueryData<VersionedDocument>(menuKeys.document(campaign.id), { document, version: campaign.version });
  campaignSaved(client, campaign);
  void client.invalidateQueries({ queryKey: menuKeys.trash(campaign.id) });
}

export interface TrashActionVariables {
  campaignId: CampaignId;
  version: CarteTrash['version'];
  kind: TrashKind;
  ids: string[];
  /** Restore, or erase for good. */
  action: 'restore' | 'delete';
}

export const trashActionMutation = (): UseMutationOptions<TrashResult, ApiError, TrashActionVariables> => ({
  mutationKey: [...menuKeys.all, 'trash'],
  mutationFn: ({ campaignId, version, kind, ids, action }) => {
    const init = { params: { path: { campaignId }, header: ifMatch(version) }, body: { kind, ids } };
    return unwrap(
      action === 'restore'
        ? api.POST('/api/v1/campaigns/{campaignId}/trash/restore', init)
        : api.POST('/api/v1/campaigns/{campaignId}/trash/delete', init),
    );
  },
});

/** After a trash action: the carte moved on, so its trash, document and the list are stale. */
export function trashChanged(client: QueryClient, campaign: Campaign): void {
  void client.invalidateQueries({ queryKey: menuKeys.campaign(campaign.id) });
  campaignSaved(client, campaign);
}

/** Mes Produits: the active products of every carte, with the cartes' versions for bulk edits. */
export const catalogueQuery = () =>
  queryOptions({
    queryKey: menuKeys.products(),
    queryFn: () => unwrap(api.GET('/api/v1/products')),
    select: (c: Catalogue) => ({ campaigns: c.campaigns ?? [], items: c.items ?? [], flagNames: c.flagNames ?? [] }),
  });

/** Prices and flags of products of several cartes, in one request (all or nothing). */
export const bulkProductsMutation = (): UseMutationOptions<BulkResult, ApiError, BulkBody> => ({
  mutationKey: [...menuKeys.all, 'bulk'],
  mutationFn: (body) => unwrap(api.POST('/api/v1/products/bulk', { body })),
});

/** After a bulk edit: the products, the cartes (new versions) and their documents are stale. */
export function productsChanged(client: QueryClient): void {
  void client.invalidateQueries({ queryKey: menuKeys.all });
  void client.invalidateQueries({ queryKey: cartesHistoryKeys.all });
}

export interface ExportedCarte {
  blob: Blob;
  fileName: string;
}

/** The carte's file, as the server names it ('{nom}.json' when it does not say). */
export async function exportCampaign(campaign: Pick<Campaign, 'id' | 'nom'>): Promise<ExportedCarte> {
  const { data, error, response } = await api.GET('/api/v1/campaigns/{campaignId}/export', {
    params: { path: { campaignId: campaign.id } },
    parseAs: 'blob',
  });
  if (!response.ok) throw toApiError(response, error);
  return {
    blob: data instanceof Blob ? data : new Blob([JSON.stringify(data)], { type: 'application/json' }),
    fileName: dispositionFileName(response.headers.get('Content-Disposition')) ?? `${campaign.nom}.json`,
  };
}

export interface ImportCarteVariables {
  /** The parsed JSON file. */
  content: Record<string, unknown>;
  nom: string;
  fileName: string;
  /** The user kept a name another active carte already has. */
  confirmDuplicateName?: boolean;
}

export const importCampaignMutation = (): UseMutationOptions<Campaign, ApiError, ImportCarteVariables> => ({
  mutationKey: [...menuKeys.all, 'import'],
  mutationFn: ({ content, nom, fileName, confirmDuplicateName }) =>
    unwrap(
      api.POST('/api/v1/campaigns/import', {
        params: { query: { ...(nom.trim() ? { nom: nom.trim() } : {}), fileName, ...(confirmDuplicateName ? { confirmDuplicateName } : {}) } },
        body: content,
      }),
    ),
});
