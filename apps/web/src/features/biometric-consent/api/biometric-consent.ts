// The member's biometric consent (issue 42): GET /biometric-consent (their decision and the
// numbers the screen states), POST /biometric-consent (agree or decline, naming the version
// read) and POST /biometric-consent/withdraw; GET /policy/biometric, the public policy's numbers.
import type { BiometricConsentState, BiometricPolicy } from '@bidboard/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

const consentKey = ['biometric-consent'] as const;

export function useBiometricConsent() {
  return useQuery({
    queryKey: consentKey,
    queryFn: () => api.get<BiometricConsentState>('/biometric-consent'),
  });
}

export function useDecideConsent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { decision: 'agreed' | 'declined'; version: string }) =>
      api.post<BiometricConsentState>('/biometric-consent', body),
    onSuccess: (state) => queryClient.setQueryData(consentKey, state),
  });
}

export function useWithdrawConsent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<BiometricConsentState>('/biometric-consent/withdraw', {}),
    onSuccess: (state) => queryClient.setQueryData(consentKey, state),
  });
}

/** The public retention policy's numbers (GET /policy/biometric, no sign-in needed). */
export function useBiometricPolicy() {
  return useQuery({
    queryKey: ['biometric-policy'],
    queryFn: () => api.get<BiometricPolicy>('/biometric-policy'),
  });
}
