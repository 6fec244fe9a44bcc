// A conversation's date plans (GET /chat/conversations/{cid}/dates) and every change of one
// (propose, answer, move, cancel, check-in, did-you-meet, contest, Share My Date and its
// revocation). Each change refreshes
// the list; the other member hears it through datePlanChanged.
import type { DatePlan, ProposeDateBody, SharedDate } from '@bidboard/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { API_BASE, ApiError, api } from '@/lib/api-client';
import { authStorage } from '@/lib/auth-storage';

export const datePlansKey = (cid: string) => ['dates', cid] as const;

export function useDatePlans(cid: string, enabled: boolean) {
  return useQuery({
    queryKey: datePlansKey(cid),
    queryFn: async () =>
      (await api.get<{ plans: DatePlan[] }>(`/chat/conversations/${cid}/dates`)).plans,
    enabled,
  });
}

export type DateChange =
  | { kind: 'propose'; body: ProposeDateBody }
  | { kind: 'move'; id: number; body: ProposeDateBody }
  | { kind: 'answer'; id: number; answer: 'accept' | 'decline' }
  | { kind: 'cancel'; id: number }
  | { kind: 'check-in'; id: number; answer: 'safe' | 'help' }
  | { kind: 'met'; id: number; answer: 'met' | 'no_show' }
  | { kind: 'contest'; id: number }
  | { kind: 'share'; id: number; phone: string; escalateOnSilence: boolean }
  | { kind: 'stop-sharing'; id: number };

function send(cid: string, change: DateChange): Promise<unknown> {
  switch (change.kind) {
    case 'propose':
      return api.post(`/chat/conversations/${cid}/dates`, change.body);
    case 'move':
      return api.post(`/dates/${change.id}/move`, change.body);
    case 'answer':
    case 'check-in':
    case 'met':
      return api.post(`/dates/${change.id}/${change.kind}`, { answer: change.answer });
    case 'cancel':
    case 'contest':
      return api.post(`/dates/${change.id}/${change.kind}`);
    case 'share':
      return api.post(`/dates/${change.id}/share`, {
        phone: change.phone,
        escalateOnSilence: change.escalateOnSilence,
      });
    case 'stop-sharing':
      return api.delete(`/dates/${change.id}/share`);
  }
}

export function useChangeDate(cid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: DateChange) => send(cid, change),
    onSettled: () => queryClient.invalidateQueries({ queryKey: datePlansKey(cid) }),
  });
}

/** The accepted plan's .ics, fetched with the member's token and handed to the browser. */
export async function downloadCalendar(id: number): Promise<void> {
  const token = authStorage.getToken();
  const response = await fetch(`${API_BASE}/dates/${id}/calendar.ics`, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  }).catch(() => null);
  if (!response?.ok) throw new ApiError('', response?.status ?? 0);
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = `date-${id}.ics`;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** The public shared page's data (GET /shared-dates/{token}): no session needed. */
export function useSharedDate(token: string) {
  return useQuery({
    queryKey: ['shared-date', token],
    queryFn: async () =>
      (await api.get<{ date: SharedDate }>(`/shared-dates/${encodeURIComponent(token)}`)).date,
    retry: false,
    // The check-in status changes during the date: the contact sees it without reloading.
    refetchInterval: 60_000,
  });
}
