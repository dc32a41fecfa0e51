import { queryOptions, type QueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { api, toApiError, unwrap, unwrapEmpty, type ApiError } from '../../api/client';
import { dispositionFileName } from '../menus/catalogue';
import { deployKeys, jobKeys } from './keys';
import type { components, paths } from '../../api/schema';

type Schemas = components['schemas'];
export type LinkMatrix = Schemas['LinkMatrix'];
export type CarteRef = Schemas['CarteRef'];
export type RestaurantRef = Schemas['RestaurantRef'];
export type CarteLink = Schemas['CarteLink'];
export type DeployStatus = Schemas['DeployStatus'];
export type DeployPreview = Schemas['DeployPreview'];
export type MenuChange = Schemas['MenuChange'];
export type DroppedItem = Schemas['Dropped'];
export type DeployedVersion = Schemas['DeployedVersion'];
export type PricedElement = Schemas['PricedElement'];
export type PriceLine = Schemas['PriceLine'];
export type PriceOverride = Schemas['Override'];
export type Job = Schemas['JobOut'];

export { deployKeys, jobKeys };

export const isFinished = (job: Pick<Job, 'status'> | undefined) => job?.status === 'done' || job?.status === 'failed';

/** How often a running job is asked for, on top of its progress events (which a dropped stream loses). */
export const JOB_POLL_MS = 1000;

export const linksQuery = () =>
  queryOptions({
    queryKey: deployKeys.links(),
    queryFn: () => unwrap(api.GET('/api/v1/deploy/links')),
  });

export const statusQuery = () =>
  queryOptions({
    queryKey: deployKeys.status(),
    queryFn: async () => (await unwrap(api.GET('/api/v1/deploy/status'))) ?? [],
  });

export const pricesQuery = (restaurantId: number) =>
  queryOptions({
    queryKey: deployKeys.prices(restaurantId),
    queryFn: async () => (await unwrap(api.GET('/api/v1/deploy/restaurants/{restaurantId}/prices', { params: { path: { restaurantId } } }))) ?? [],
    // A price being typed is local state: a refetch behind it must not reset what the user sees.
    refetchOnWindowFocus: false,
  });

export const versionsQuery = (restaurantId: number) =>
  queryOptions({
    queryKey: deployKeys.versions(restaurantId),
    queryFn: async () =>
      (await unwrap(api.GET('/api/v1/deploy/restaurants/{restaurantId}/versions', { params: { path: { restaurantId } } }))) ?? [],
  });

/** Which menu of a restaurant: the one in service, the next generation's, or a deployed version. */
export type MenuWhich = 'deployed' | 'next' | number;

export const menuQuery = (restaurantId: number, which: MenuWhich = 'deployed') =>
  queryOptions({
    queryKey: deployKeys.menu(restaurantId, which),
    queryFn: () =>
      unwrap(
        api.GET('/api/v1/deploy/restaurants/{restaurantId}/menu', {
          params: { path: { restaurantId }, query: which === 'next' ? { next: true } : typeof which === 'number' ? { version: which } : {} },
        }),
      ),
    // A version's document never changes; the others follow the cartes.
    staleTime: typeof which === 'number' ? Infinity : 0,
  });

/** The preview endpoint takes at most this many restaurants per call. */
export const PREVIEW_LIMIT = 50;

export const previewQuery = (restaurantIds: readonly number[]) =>
  queryOptions({
    queryKey: deployKeys.preview(restaurantIds),
    queryFn: async () => {
      const ids = [...restaurantIds].sort((a, b) => a - b);
      const chunks: number[][] = [];
      for (let i = 0; i < ids.length; i += PREVIEW_LIMIT) chunks.push(ids.slice(i, i + PREVIEW_LIMIT));
      const answers = await Promise.all(chunks.map((c) => unwrap(api.POST('/api/v1/deploy/preview', { body: { restaurantIds: c } }))));
      return answers.flatMap((a) => a ?? []);
    },
    staleTime: 0,
    gcTime: 60_000,
  });

/** The franchise's generation still queued or running (null when none), so that a reopened page shows it. */
export const currentGenerationQuery = () =>
  queryOptions({
    queryKey: deployKeys.currentGeneration(),
    queryFn: async () => (await unwrap(api.GET('/api/v1/deploy/generations/current')))?.job ?? null,
  });

export const jobQuery = (jobId: number) =>
  queryOptions({
    queryKey: jobKeys.detail(jobId),
    queryFn: () => unwrap(api.GET('/api/v1/jobs/{jobId}', { params: { path: { jobId } } })),
    staleTime: 0,
    refetchInterval: (query) => (isFinished(query.state.data) ? false : JOB_POLL_MS),
    refetchIntervalInBackground: true,
  });

// ---- mutations ----

export interface LinkVars {
  campaignId: number;
  restaurantId: number;
  linked: boolean;
}

/** Links or unlinks one carte and one restaurant; answers the server's message on an unlink. */
export const linkMutation = (): UseMutationOptions<string | null, ApiError, LinkVars, { before?: LinkMatrix }> => ({
  mutationFn: async ({ campaignId, restaurantId, linked }) => {
    const params = { path: { campaignId, restaurantId } };
    if (linked) {
      await unwrapEmpty(api.PUT('/api/v1/deploy/links/{campaignId}/restaurants/{restaurantId}', { params }));
      return null;
    }
    const answer = await unwrap(api.DELETE('/api/v1/deploy/links/{campaignId}/restaurants/{restaurantId}', { params }));
    return answer.message;
  },
});

/** The matrix with one link set or cleared (for an optimistic update). */
export function withLink(matrix: LinkMatrix, { campaignId, restaurantId, linked }: LinkVars): LinkMatrix {
  const links = (matrix.links ?? []).filter((l) => !(l.campaignId === campaignId && l.restaurantId === restaurantId));
  if (linked) links.push({ campaignId, restaurantId });
  return { ...matrix, links };
}

export interface PriceVars {
  restaurantId: number;
  line: Omit<PriceOverride, 'priceCents'>;
  /** null: back to the carte's price. */
  priceCents: number | null;
}

export const priceMutation = (): UseMutationOptions<void, ApiError, PriceVars> => ({
  mutationFn: ({ restaurantId, line, priceCents }) => {
    const path = { restaurantId };
    if (priceCents === null) {
      return unwrapEmpty(api.DELETE('/api/v1/deploy/restaurants/{restaurantId}/prices', { params: { path, query: line } }));
    }
    return unwrapEmpty(api.PUT('/api/v1/deploy/restaurants/{restaurantId}/prices', { params: { path }, body: { ...line, priceCents } }));
  },
});

/** Writes a saved price into the cached list, so the row shows it without a refetch. */
export function priceSaved(client: QueryClient, { restaurantId, line, priceCents }: PriceVars): void {
  client.setQueryData<PricedElement[]>(deployKeys.prices(restaurantId), (list) =>
    list?.map((e) =>
      e.kind !== line.kind || e.idGlobal !== line.idGlobal
        ? e
        : {
            ...e,
            prices: (e.prices ?? []).map((l) => {
              if (l.tariff !== line.tariff || l.typeOrder !== line.typeOrder || l.size !== line.size) return l;
              if (priceCents === null) {
                const { customCents: _, ...rest } = l;
                return rest;
              }
              return { ...l, customCents: priceCents };
            }),
          },
    ),
  );
  // The status screen counts customised prices and says whether a redeployment is due.
  void client.invalidateQueries({ queryKey: deployKeys.status() });
}

export const generationMutation = (): UseMutationOptions<Job, ApiError, number[]> => ({
  mutationFn: (restaurantIds) => unwrap(api.POST('/api/v1/deploy/generations', { body: { restaurantIds } })),
});

export const rollbackMutation = (): UseMutationOptions<DeployedVersion, ApiError, { restaurantId: number; version: number }> => ({
  mutationFn: ({ restaurantId, version }) =>
    unwrap(api.POST('/api/v1/deploy/restaurants/{restaurantId}/versions/{version}/rollback', { params: { path: { restaurantId, version } } })),
});

// ---- the generation job's result ----

/** A finished generation's result, typed by the API (JobOut.generation); Go's empty list arrives as []. */
export type GenerationSummary = Omit<Schemas['GenerateResult'], 'restaurants'> & { restaurants: Schemas['RestaurantResult'][] };

export function generationSummary(job: Job | undefined): GenerationSummary | null {
  const g = job?.generation;
  return g ? { ...g, restaurants: g.restaurants ?? [] } : null;
}

// ---- products export (a job too) ----

export type ExportStarted = paths['/api/v1/exports/products']['post']['responses'][202]['content']['application/json'];

export const exportMutation = (): UseMutationOptions<ExportStarted, ApiError, number[] | undefined> => ({
  mutationFn: (restaurantIds) =>
    unwrap(api.POST('/api/v1/exports/products', { body: restaurantIds && restaurantIds.length > 0 ? { restaurantIds } : {} })),
});

/** The finished export's zip, with the name the server gives it ('Produits {franchise}.zip'). */
export async function downloadExport(jobId: number, fallbackName: string): Promise<{ blob: Blob; fileName: string }> {
  const { data, error, response } = await api.GET('/api/v1/exports/{jobId}/download', { params: { path: { jobId } }, parseAs: 'blob' });
  if (!response.ok || !data) throw toApiError(response, error);
  return { blob: data as Blob, fileName: dispositionFileName(response.headers.get('Content-Disposition')) ?? fallbackName };
}
