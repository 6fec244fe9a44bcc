// Members: search, profile, approve, reject, token adjustment (GET /admin/users,
// GET /admin/users/{id}, POST /admin/users/{id}/approve|reject, POST /admin/tokens/adjustments).
import type {
  AdminMemberResponse,
  AdminMembersResponse,
  AdminPayeeFilter,
  AdminTokenAdjustmentBody,
} from '@bidboard/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminKey } from './query-keys';

export type MemberFilter = 'all' | 'pending' | 'approved' | 'rejected';
export const MEMBERS_PAGE_SIZE = 25;

export function useAdminMembers(
  q: string,
  status: MemberFilter,
  page: number,
  payee: AdminPayeeFilter = 'all',
) {
  const params = new URLSearchParams({
    status,
    payee,
    limit: String(MEMBERS_PAGE_SIZE),
    offset: String(page * MEMBERS_PAGE_SIZE),
  });
  if (q.trim()) params.set('q', q.trim());
  return useQuery({
    queryKey: [...adminKey, 'members', q.trim(), status, payee, page],
    queryFn: () => api.get<AdminMembersResponse>(`/admin/users?${params}`),
    placeholderData: keepPreviousData,
  });
}

export function useAdminMember(id: number) {
  return useQuery({
    queryKey: [...adminKey, 'member', id],
    queryFn: () => api.get<AdminMemberResponse>(`/admin/users/${id}`),
  });
}

export const approveMember = (id: number) =>
  api.post<AdminMemberResponse>(`/admin/users/${id}/approve`);

export const rejectMember = (id: number, reason: string) =>
  api.post<AdminMemberResponse>(`/admin/users/${id}/reject`, { reason });

export const adjustTokens = (body: AdminTokenAdjustmentBody) =>
  api.post<{ tokenBalance: number }>('/admin/tokens/adjustments', body);
