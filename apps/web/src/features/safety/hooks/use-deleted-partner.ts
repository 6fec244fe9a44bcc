// A partner who deleted their account: the placeholder name and icon of
// /get-deleted-user/{id} (marketplace §7 Connections), in place of their profile.
import { useDeletedUser } from '../api/deleted-user';

export function useDeletedPartner(userId: number, deleted: boolean) {
  const { data } = useDeletedUser(userId, deleted);
  return deleted && data ? { username: data.username, icon: data.profileIcon } : null;
}
