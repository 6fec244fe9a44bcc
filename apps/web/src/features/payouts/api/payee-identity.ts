// GET and PUT /payee-identity: the member's own payee profile, the taxpayer id masked.
import type { PayeeCountry, PayeeIdentityResponse, TaxpayerIdType } from '@bidboard/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { yearToDateKey } from './year-to-date';

const payeeKey = ['payouts', 'payee-identity'] as const;

export function usePayeeIdentity() {
  return useQuery({
    queryKey: payeeKey,
    queryFn: () => api.get<PayeeIdentityResponse>('/payee-identity'),
  });
}

/** What the form sends: the id as typed, the certification ticked. */
export interface PayeeIdentityInput {
  legal_name: string;
  /** A Canadian individual's (SIN) names apart; the server joins them into the legal name. */
  first_name: string;
  last_name: string;
  address_line1: string;
  address_line2: string;
  city: string;
  region: string;
  postal_code: string;
  country: PayeeCountry;
  taxpayer_id_type: TaxpayerIdType;
  taxpayer_id: string;
  certified: boolean;
}

export function useSavePayeeIdentity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PayeeIdentityInput) =>
      api.put<PayeeIdentityResponse>('/payee-identity', body),
    onSuccess: (saved) => {
      queryClient.setQueryData(payeeKey, saved);
      void queryClient.invalidateQueries({ queryKey: yearToDateKey });
    },
  });
}
