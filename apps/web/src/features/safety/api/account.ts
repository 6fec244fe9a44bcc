// The member's account: DELETE /account (with the typed confirmation) and
// GET /account/export, saved as a JSON file by the browser.
import { DELETE_ACCOUNT_CONFIRMATION } from '@bidboard/shared';
import { useMutation } from '@tanstack/react-query';
import { API_BASE, ApiError, api } from '@/lib/api-client';
import { authStorage } from '@/lib/auth-storage';
import { hardNavigate } from '@/lib/hard-navigate';

/** Where the deletion's confirmation waits across the reload that follows it. */
export const ACCOUNT_DELETED_KEY = 'accountDeleted';

/**
 * Deletes the account, then signs out and reloads the home page, where the confirmation
 * shows. All of it happens here, not in a component: the server cuts the socket at once
 * and the app signs out on its own, which may unmount the dialog first.
 */
export function useDeleteAccount(signOut: () => Promise<void>) {
  return useMutation({
    mutationFn: async () => {
      const result = await api.delete<{ message: string }>('/account', {
        confirm: DELETE_ACCOUNT_CONFIRMATION,
      });
      sessionStorage.setItem(ACCOUNT_DELETED_KEY, result.message);
      await signOut();
      hardNavigate('/');
      return result;
    },
  });
}

async function downloadMyData(): Promise<void> {
  const token = authStorage.getToken();
  const response = await fetch(`${API_BASE}/account/export`, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
    credentials: 'include',
  });
  if (!response.ok) throw new ApiError('', response.status);
  const name =
    /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ??
    'bidboard-data.json';
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

export function useDownloadMyData() {
  return useMutation({ mutationFn: downloadMyData });
}
