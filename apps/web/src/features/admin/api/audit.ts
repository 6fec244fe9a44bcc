// The audit log, read-only: GET /admin/audit-log, paged backwards by id.
import type { AuditLogResponse } from '@bidboard/shared';
import { useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminKey } from './query-keys';

const PAGE = 50;

export function useAuditLog() {
  return useInfiniteQuery({
    queryKey: [...adminKey, 'audit'],
    queryFn: ({ pageParam }) =>
      api.get<AuditLogResponse>(
        `/admin/audit-log?limit=${PAGE}${pageParam ? `&before_id=${pageParam}` : ''}`,
      ),
    initialPageParam: 0,
    getNextPageParam: (last) =>
      last.entries.length === PAGE ? last.entries.at(-1)?.id : undefined,
  });
}
