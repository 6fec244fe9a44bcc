// The member's own prompt answers (GET /prompts) and their changes: a text answer
// (PUT /prompts/:slot), a voice answer's recording (POST /prompts/:slot/voice, raw bytes)
// and a cleared slot (DELETE /prompts/:slot). Each change refreshes the list.
import type { PromptAnswer, PromptId } from '@bidboard/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { API_BASE, ApiError, api } from '@/lib/api-client';
import { authStorage } from '@/lib/auth-storage';

export const MY_PROMPTS_KEY = ['prompts', 'mine'] as const;

type Saved = { success: true; message: string; prompt: PromptAnswer };

export function useMyPrompts() {
  return useQuery({
    queryKey: MY_PROMPTS_KEY,
    queryFn: async () => (await api.get<{ prompts: PromptAnswer[] }>('/prompts')).prompts,
  });
}

async function uploadVoice(slot: number, promptId: PromptId, recording: Blob): Promise<Saved> {
  const token = authStorage.getToken();
  let response: Response;
  try {
    response = await fetch(`${API_BASE}/prompts/${slot}/voice?prompt_id=${promptId}`, {
      method: 'POST',
      headers: {
        Accept: 'application/json',
        'Content-Type': recording.type || 'audio/webm',
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
      },
      body: recording,
    });
  } catch {
    throw new ApiError('', 0, 'NETWORK');
  }
  const body = (await response.json().catch(() => ({}))) as Partial<Saved> & {
    message?: string;
    code?: string;
  };
  if (!response.ok) throw new ApiError(body.message ?? '', response.status, body.code);
  return body as Saved;
}

export type PromptChange =
  | { slot: number; kind: 'text'; prompt_id: PromptId; text: string }
  | { slot: number; kind: 'voice'; prompt_id: PromptId; recording: Blob }
  | { slot: number; kind: 'remove' };

export function useChangePrompt() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: PromptChange) => {
      if (change.kind === 'remove') return api.delete(`/prompts/${change.slot}`);
      if (change.kind === 'voice')
        return uploadVoice(change.slot, change.prompt_id, change.recording);
      return api.put<Saved>(`/prompts/${change.slot}`, {
        prompt_id: change.prompt_id,
        text: change.text,
      });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: MY_PROMPTS_KEY }),
  });
}
