// POST /connections: one page of the member's connections (10 a page, newest first),
// optionally with one connection or one partner's connections leading the first page.
// Some servers answer a plain array (marketplace §7); both are read.
import {
  CONNECTIONS_PAGE_SIZE,
  type Connection,
  type ConnectionsResponse,
  type ListConnectionsBody,
} from '@bidboard/shared';
import { api } from '@/lib/api-client';

export interface ConnectionsPage {
  connections: Connection[];
  hasMore: boolean;
}

export async function listConnections(body: ListConnectionsBody): Promise<ConnectionsPage> {
  const result = await api.post<ConnectionsResponse | Connection[]>('/connections', body);
  if (Array.isArray(result)) {
    return { connections: result, hasMore: result.length >= CONNECTIONS_PAGE_SIZE };
  }
  return { connections: result.connections, hasMore: result.pagination.has_more };
}
