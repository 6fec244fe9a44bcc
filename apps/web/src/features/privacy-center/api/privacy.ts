// The member's Privacy Center (issue 42): GET /privacy (the sensitive-information limit,
// the Global Privacy Control seen, their requests), PUT /privacy, POST /privacy/requests.
import type { CorrectableField, PrivacyPolicy, PrivacySettings } from '@bidboard/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

const privacyKey = ['privacy'] as const;

export function usePrivacy() {
  return useQuery({ queryKey: privacyKey, queryFn: () => api.get<PrivacySettings>('/privacy') });
}

export function useLimitSensitive() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (limit: boolean) =>
      api.put<PrivacySettings>('/privacy', { limit_sensitive: limit }),
    onSuccess: (state) => queryClient.setQueryData(privacyKey, state),
  });
}

export function useRequestCorrection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { field: CorrectableField; details: string }) =>
      api.post<PrivacySettings>('/privacy/requests', body),
    onSuccess: (state) => queryClient.setQueryData(privacyKey, state),
  });
}

/** GET /privacy-policy (public): the privacy officer's contact as this server is configured. */
export function usePrivacyPolicy() {
  return useQuery({
    queryKey: ['privacy-policy'],
    queryFn: () => api.get<PrivacyPolicy>('/privacy-policy'),
  });
}
