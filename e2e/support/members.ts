// Seeded members signed in through the API (the texted code read from the dev SMS
// outbox), and the marketplace steps journeys set up without clicking: a bid on a member's
// auction, which the period close turns into a connection, and finding that connection.
// A phone may ask for only 5 codes in 15 minutes: mind how many journeys sign one in.
import { randomInt } from 'node:crypto';
import { me, memberApi, otpFromOutbox } from './api';

export interface Member {
  token: string;
  id: number;
  username: string;
  /** The member's API: POST unless told, any status but 200 throws. */
  call: ReturnType<typeof memberApi>;
}

/**
 * A new member's username: the prefix and five random digits, no digit next to itself, so
 * it never breaks the four-in-a-row rule ('week_11112' did, and failed a CI run).
 */
export function freshUsername(prefix: string): string {
  let digits = '';
  while (digits.length < 5) {
    const digit = String(randomInt(10));
    if (digit !== digits.at(-1)) digits += digit;
  }
  return `${prefix}_${digits}`;
}

/** The phone of seeded member n: 0 is 'demo' (+12015550100), 1 is 'maya_rivers', and so on. */
export const seededPhone = (n: number) => `+1201555${String(100 + n).padStart(4, '0')}`;

async function postJson(baseUrl: string, path: string, body: unknown): Promise<Response> {
  const res = await fetch(`${baseUrl}/api${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return res;
}

/** Signs in an existing member by phone (E.164) the way the app does: code, then session. */
export async function signIn(baseUrl: string, phone: string): Promise<Member> {
  await postJson(baseUrl, '/auth/request-otp', { phone_number: phone });
  const otp = await otpFromOutbox(baseUrl, phone);
  const res = await postJson(baseUrl, '/auth/verify-otp', { phone_number: phone, otp });
  const { token } = (await res.json()) as { token: string };
  const user = await me(baseUrl, token);
  return { token, id: user.id, username: user.username!, call: memberApi(baseUrl, token) };
}

export interface AuctionCard {
  auctionId: number;
  user_id: number;
  current_bid: number;
}

/** The owner's auction in the open period as the viewer finds it; none when hidden from them. */
export async function auctionOf(viewer: Member, owner: Member): Promise<AuctionCard | undefined> {
  const { auctions } = (await viewer.call('/auctions', {
    body: { limit: 1, offset: 0, pin_username: owner.username },
  })) as { auctions: AuctionCard[] };
  return auctions.find((a) => a.user_id === owner.id);
}

/** Bids `amount` on the owner's auction, or the least that still leads when that is more. */
export async function bidOn(bidder: Member, owner: Member, amount = 0): Promise<void> {
  const auction = await auctionOf(bidder, owner);
  if (!auction) throw new Error(`no auction for ${owner.username}`);
  await bidder.call(`/auctions/${auction.auctionId}/bids`, {
    body: { amount: Math.max(amount, auction.current_bid + 10) },
  });
}

export interface Connection {
  id: number;
  status: string;
  partner: { id: number };
}

/** The member's connection with the partner (after a close has made one). */
export async function connectionOf(member: Member, partner: Member): Promise<Connection> {
  const { connections } = (await member.call('/connections', { body: { limit: 100 } })) as {
    connections: Connection[];
  };
  const connection = connections.find((c) => c.partner.id === partner.id);
  if (!connection) throw new Error(`${member.username} has no connection with ${partner.username}`);
  return connection;
}
