// A member as the API returns them to themselves: with their photos, pending ones too.
import type { ServiceContext } from '../../lib/context';
import { profilePicturesFor } from '../media/profile-pictures';
import { presentUser, type UserRow } from './user.presenter';

export async function presentMember(ctx: Pick<ServiceContext, 'db' | 'storage'>, row: UserRow) {
  const pictures = await profilePicturesFor(ctx.db, ctx.storage, [row.id], 'original', {
    includePending: true,
  });
  return presentUser(row, pictures.get(row.id));
}
