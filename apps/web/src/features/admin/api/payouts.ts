// The payouts queue (GET /admin/redemptions, POST /admin/redemptions/{id}/paid|failed|approve) and
// logged payment errors (GET /admin/payment-errors) and purchases to review
// (GET /admin/payment-reviews, POST /admin/payment-reviews/{id}/resolve), from the
// payments issue's admin API.
import type { AdminPaymentReview, AdminRedemption } from '@bidboard/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminKey } from './query-keys';

export interface PaymentError {
  id: number;
  username: string | null;
  error_type: string;
  payment_flow: string | null;
  message: string | null;
  created_at: string;
}

export function usePendingRedemptions() {
  return useQuery({
    queryKey: [...adminKey, 'redemptions', 'pending'],
    queryFn: () =>
      api.get<{ redemptions: AdminRedemption[] }>('/admin/redemptions?status=pending&limit=100'),
  });
}

export function usePaymentErrors() {
  return useQuery({
    queryKey: [...adminKey, 'payment-errors'],
    queryFn: () => api.get<{ errors: PaymentError[] }>('/admin/payment-errors?limit=50'),
  });
}

export const markRedemptionPaid = (id: number) => api.post(`/admin/redemptions/${id}/paid`);

/** Releases a redemption the risk review held (PayPal payouts send it at once). */
export const approveRedemption = (id: number) => api.post(`/admin/redemptions/${id}/approve`);

export const markRedemptionFailed = (id: number, reason: string) =>
  api.post(`/admin/redemptions/${id}/failed`, { reason });

/** Purchases flagged for an operator (a reversal already spent, a large spend), open only. */
export function usePaymentReviews() {
  return useQuery({
    queryKey: [...adminKey, 'payment-reviews'],
    queryFn: () => api.get<{ reviews: AdminPaymentReview[] }>('/admin/payment-reviews?open=true'),
  });
}

export const resolvePaymentReview = (id: number, note: string) =>
  api.post(`/admin/payment-reviews/${id}/resolve`, { note });
