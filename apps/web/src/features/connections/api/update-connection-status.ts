// PUT /connections/{id}/status: accept, reject (or reverse a rejection) and unmatch. The
// server decides who may; its message explains a refusal. Every connections list is
// refetched afterwards, and a refund shows in the balance and the history.
import type { Connection, ConnectionAction } from '@bidboard/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { connectionsKey } from '../hooks/use-connection-feed';

export async function updateConnectionStatus(id: number, status: ConnectionAction) {
  return (await api.put<{ connection: Connection }>(`/connections/${id}/status`, { status }))
    .connection;
}

export function useUpdateConnectionStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: number; status: ConnectionAction }) =>
      updateConnectionStatus(id, status),
    onSettled: () => queryClient.invalidateQueries({ queryKey: connectionsKey }),
  });
}
