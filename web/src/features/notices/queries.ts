import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api, unwrap, unwrapEmpty } from '../../api/client';
import type { Notice, NoticeFeed } from './types';

/** Notices target a domain (domaineName): the host this back-office is opened on. */
export function noticeDomain(): string {
  return typeof window === 'undefined' ? '' : window.location.hostname;
}

/** Where a notice opens (spec §2: /config/NotificationDetails/{id}). */
export const noticePath = (id: number) => `/config/NotificationDetails/${id}`;

// Everything under ['notices']: a 'notices.changed' server event refreshes the prefix.
export const noticeKeys = {
  all: ['notices'] as const,
  feed: (domain: string) => [...noticeKeys.all, 'feed', domain] as const,
  opened: (id: number, domain: string) => [...noticeKeys.all, 'opened', id, domain] as const,
};

export const noticeFeedQuery = (domain: string = noticeDomain()) =>
  queryOptions({
    queryKey: noticeKeys.feed(domain),
    queryFn: () => unwrap(api.GET('/api/v1/notices', { params: { query: { domain } } })),
  });

/** Marks a notice read in the cached feed at once, then asks the server for the real counts. */
export function noticeRead(client: QueryClient, id: number, domain: string): void {
  client.setQueryData<NoticeFeed>(noticeKeys.feed(domain), (feed) => {
    if (!feed) return feed;
    const target = feed.items?.find((n) => n.id === id);
    if (!target || target.read) return feed;
    return {
      ...feed,
      unread: Math.max(0, feed.unread - 1),
      items: (feed.items ?? []).map((n) => (n.id === id ? { ...n, read: true } : n)),
    };
  });
  void client.invalidateQueries({ queryKey: noticeKeys.feed(domain) });
}

/**
 * Opening a notice is a POST (it marks it read) but reads like a query: loading, error, 404 and
 * retry come for free, and the query cache keeps one call per notice shown. The server records
 * a read once, so a repeated call is harmless.
 */
export const openNoticeQuery = (client: QueryClient, id: number, domain: string = noticeDomain()) =>
  queryOptions({
    queryKey: noticeKeys.opened(id, domain),
    queryFn: async (): Promise<Notice> => {
      const notice = await unwrap(
        api.POST('/api/v1/notices/{noticeId}/open', { params: { path: { noticeId: id }, query: { domain } } }),
      );
      noticeRead(client, id, domain);
      return notice;
    },
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });

/** The first-view tooltip was seen: said once to the server, remembered in the cached feed. */
export function useTooltipSeen(domain: string = noticeDomain()) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => unwrapEmpty(api.POST('/api/v1/notices/tooltip-seen')),
    onMutate: () => {
      client.setQueryData<NoticeFeed>(noticeKeys.feed(domain), (feed) => (feed ? { ...feed, tooltipSeen: true } : feed));
    },
    onError: (error) => console.warn('Info-bulle des nouveautés non enregistrée', error),
  });
}
