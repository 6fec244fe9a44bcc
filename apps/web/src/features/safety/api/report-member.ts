// POST /reports: a reason, optional text, and whether to block the member too.
import type { ReportBody } from '@bidboard/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export function useReportMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ReportBody) =>
      api.post<{ message: string; blocked: boolean }>('/reports', body),
    onSuccess: (result) => {
      if (result.blocked) return queryClient.invalidateQueries();
    },
  });
}
