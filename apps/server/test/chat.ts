// Members with an accepted connection, signed in, for the chat tests.
import { conversationId } from '@bidboard/shared';
import { signIn, type TestApp } from './app';
import { pendingConnections } from './connections';
import type { testClock } from './marketplace';

export interface ChatMember {
  id: number;
  phone_number: string;
  username: string | null;
  token: string;
  headers: { authorization: string };
}

export interface AcceptedPair {
  connectionId: number;
  amount: number;
  cid: string;
  /** The auction owner, paid on engagement. */
  owner: ChatMember;
  /** The winning bidder. */
  bidder: ChatMember;
}

async function session(t: TestApp, member: Omit<ChatMember, 'token' | 'headers'>) {
  const { token } = await signIn(t, member.phone_number);
  return { ...member, token, headers: { authorization: `Bearer ${token}` } };
}

export async function signedIn(
  t: TestApp,
  member: { id: number; phone_number: string; username: string | null },
) {
  return session(t, member);
}

/** `count` connections made by real bids and a close, each accepted by its owner. */
export async function acceptedPairs(
  t: TestApp,
  clock: ReturnType<typeof testClock>,
  count: number,
  options: Parameters<typeof pendingConnections>[3] = {},
): Promise<AcceptedPair[]> {
  const made = await pendingConnections(t.database.db, clock, count, options);
  const pairs: AcceptedPair[] = [];
  for (const connection of made) {
    const owner = await session(t, connection.owner);
    const bidder = await session(t, connection.bidder);
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/connections/${connection.id}/status`,
      headers: owner.headers,
      payload: { status: 'accepted' },
    });
    if (res.statusCode !== 200) throw new Error(`accept ${res.statusCode}: ${res.body}`);
    pairs.push({
      connectionId: connection.id,
      amount: connection.amount,
      cid: conversationId(owner.id, bidder.id),
      owner,
      bidder,
    });
  }
  return pairs;
}

export function send(
  t: TestApp,
  from: { headers: Record<string, string> },
  cid: string,
  body: Record<string, unknown>,
) {
  return t.app.inject({
    method: 'POST',
    url: `/api/chat/conversations/${cid}/messages`,
    headers: from.headers,
    payload: body,
  });
}
