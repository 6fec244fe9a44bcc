// Whether the caller is one of a conversation's two members, from the cid alone.
import { conversationMembers } from '@bidboard/shared';
import { forbidden } from '../../lib/errors';

export function membersOf(cid: string, me: number) {
  const members = conversationMembers(cid);
  if (!members?.includes(me)) throw forbidden();
  return { members, partnerId: members[0] === me ? members[1] : members[0] };
}
