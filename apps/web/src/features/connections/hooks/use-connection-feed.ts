// The Connections page's paged list (marketplace §2, §9): 10 a page by keyset, the pinned
// connection (?connectionId=) or partner (/connections/{user_id}) first.
import { CONNECTIONS_PAGE_SIZE } from '@bidboard/shared';
import { useInfiniteQuery } from '@tanstack/react-query';
import { listConnections } from '../api/list-connections';

export const connectionsKey = ['connections'] as const;

export interface FeedOptions {
  pinConnectionId: number | null;
  pinPartnerId: number | null;
  enabled: boolean;
}

export function useConnectionFeed({ pinConnectionId, pinPartnerId, enabled }: FeedOptions) {
  const query = useInfiniteQuery({
    queryKey: [...connectionsKey, 'feed', pinConnectionId, pinPartnerId],
    queryFn: ({ pageParam }) =>
      listConnections({
        limit: CONNECTIONS_PAGE_SIZE,
        ...(pageParam ? { last_connection_id: pageParam } : {}),
        ...(pinConnectionId ? { pin_connection_id: pinConnectionId } : {}),
        ...(pinPartnerId ? { pin_partner_id: pinPartnerId } : {}),
      }),
    initialPageParam: 0,
    getNextPageParam: (last) =>
      last.hasMore ? (last.connections.at(-1)?.id ?? undefined) : undefined,
    enabled,
    staleTime: 0,
  });
  const seen = new Set<number>();
  const connections = (query.data?.pages ?? [])
    .flatMap((page) => page.connections)
    .filter((c) => !seen.has(c.id) && seen.add(c.id));
  return { ...query, connections };
}
