// Blocks (issue 11): GET /blocks lists whom the member blocked, POST /blocks blocks a
// member, DELETE /blocks/{id} undoes it. Every list that could show the other member is
// refetched afterwards (the Bid Board and connections read the server's filtered lists).
import type { BlockedMember } from '@bidboard/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const blocksKey = ['blocks'] as const;

export function useBlocks() {
  return useQuery({
    queryKey: blocksKey,
    queryFn: async () => (await api.get<{ blocks: BlockedMember[] }>('/blocks')).blocks,
  });
}

export function useBlockMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: number) =>
      api.post<{ message: string; blocked: BlockedMember }>('/blocks', { user_id: userId }),
    onSuccess: () => queryClient.invalidateQueries(),
  });
}

export function useUnblockMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: number) => api.delete<{ message: string }>(`/blocks/${userId}`),
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
