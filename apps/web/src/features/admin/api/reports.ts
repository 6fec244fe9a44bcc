// The reports queue (GET /admin/reports, POST /admin/reports/{id}/action), suspension
// (POST /admin/users/{id}/suspend|restore) and account deletion (POST /admin/users/{id}/delete),
// from the safety API.
import type { AdminReport, ReportAction, ReportStatus, SuspensionCategory } from '@bidboard/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminKey } from './query-keys';

export function useReports(status: ReportStatus) {
  return useQuery({
    queryKey: [...adminKey, 'reports', status],
    queryFn: () =>
      api.get<{ reports: AdminReport[]; total: number }>(
        `/admin/reports?status=${status}&limit=100`,
      ),
    refetchInterval: 60_000,
  });
}

export interface ReportDecision {
  action: ReportAction;
  photo_id?: number;
  prompt_answer_id?: number;
  note?: string;
}

export const actOnReport = (id: number, decision: ReportDecision) =>
  api.post<{ report: AdminReport }>(`/admin/reports/${id}/action`, decision);

export const suspendMember = (id: number, reason: string, category: SuspensionCategory) =>
  api.post(`/admin/users/${id}/suspend`, { reason, category });

export const deleteMember = (id: number, reason: string, category: SuspensionCategory) =>
  api.post(`/admin/users/${id}/delete`, { reason, category });

export const setFraudHold = (id: number, held: boolean) =>
  api.post(`/admin/users/${id}/fraud-hold`, { held });

export const restoreMember = (id: number) => api.post(`/admin/users/${id}/restore`);
