// GET /payee-record-policy (public): the years this server keeps a deleted payee's record.
import type { PayeeRecordPolicy } from '@bidboard/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export function usePayeeRecordPolicy() {
  return useQuery({
    queryKey: ['payee-record-policy'],
    queryFn: () => api.get<PayeeRecordPolicy>('/payee-record-policy'),
  });
}
