// The member's dating-safety notice state: GET /safety-notices (which placements of the
// current notice they acknowledged) and POST /safety-notices/acknowledge.
import type { AcknowledgedPlacement, SafetyNoticeState } from '@bidboard/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

const noticeKey = ['safety-notices'] as const;

export function useSafetyNoticeState(enabled: boolean) {
  return useQuery({
    queryKey: noticeKey,
    queryFn: () => api.get<SafetyNoticeState>('/safety-notices'),
    enabled,
  });
}

export function useAcknowledgeNotice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (placement: AcknowledgedPlacement) =>
      api.post<SafetyNoticeState>('/safety-notices/acknowledge', { placement }),
    onSuccess: (state) => queryClient.setQueryData(noticeKey, state),
  });
}
