// Privacy Center requests (issue 42): GET /admin/privacy-requests (open ones, soonest due
// first) and POST /admin/privacy-requests/{id}/answer.
import type { AdminPrivacyRequest } from '@bidboard/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminKey } from './query-keys';

export function usePrivacyRequests() {
  return useQuery({
    queryKey: [...adminKey, 'privacy-requests'],
    queryFn: () => api.get<{ requests: AdminPrivacyRequest[] }>('/admin/privacy-requests'),
  });
}

export const answerPrivacyRequest = (id: number) =>
  api.post(`/admin/privacy-requests/${id}/answer`);
