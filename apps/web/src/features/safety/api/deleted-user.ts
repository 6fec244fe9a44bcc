// The deleted-user placeholder of marketplace §7 Connections: GET /get-deleted-user/{id}
// (name and icon) for a partner who deleted their account.
import { DELETED_USER_ICON, DELETED_USER_NAME } from '@bidboard/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

interface DeletedUser {
  id: number;
  username: string;
  profileIcon: string;
}

export function useDeletedUser(userId: number, enabled: boolean) {
  return useQuery({
    queryKey: ['deleted-user', userId],
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
    queryFn: async () =>
      (await api.get<{ deletedUser: DeletedUser }>(`/get-deleted-user/${userId}`)).deletedUser,
    placeholderData: { id: userId, username: DELETED_USER_NAME, profileIcon: DELETED_USER_ICON },
  });
}
