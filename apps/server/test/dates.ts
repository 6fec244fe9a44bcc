// Date plans made through the API, for the dates tests.
import type { TestApp } from './app';
import type { AcceptedPair } from './chat';

type Member = { headers: Record<string, string> };

/** Saturday 7 June 2025 at 19:30 in New York: after the chat tests' clock. */
export const PLAN = {
  day: '2025-06-07',
  time: '19:30',
  timeZone: 'America/New_York',
  place: 'Café Olimpico, 124 Rue Saint-Viateur O',
};
/** 19:30 EDT is 23:30 UTC; the day ends at 04:00 UTC on the 8th. */
export const PLAN_STARTS_AT = '2025-06-07T23:30:00.000Z';
export const PLAN_DAY_ENDS_AT = '2025-06-08T04:00:00.000Z';

export function propose(
  t: TestApp,
  from: Member,
  cid: string,
  body: Record<string, unknown> = PLAN,
) {
  return t.app.inject({
    method: 'POST',
    url: `/api/chat/conversations/${cid}/dates`,
    headers: from.headers,
    payload: body,
  });
}

export function act(
  t: TestApp,
  from: Member,
  id: number,
  action: 'answer' | 'move' | 'cancel' | 'share' | 'check-in' | 'met' | 'contest',
  payload?: Record<string, unknown>,
) {
  return t.app.inject({
    method: 'POST',
    url: `/api/dates/${id}/${action}`,
    headers: from.headers,
    ...(payload ? { payload } : {}),
  });
}

/** The bidder proposes PLAN (or `body`), the owner accepts; returns the plan's id. */
export async function acceptedPlan(
  t: TestApp,
  pair: AcceptedPair,
  body: Record<string, unknown> = PLAN,
): Promise<number> {
  const proposed = await propose(t, pair.bidder, pair.cid, body);
  if (proposed.statusCode !== 200)
    throw new Error(`propose ${proposed.statusCode}: ${proposed.body}`);
  const id = proposed.json().plan.id as number;
  const accepted = await act(t, pair.owner, id, 'answer', { answer: 'accept' });
  if (accepted.statusCode !== 200)
    throw new Error(`accept ${accepted.statusCode}: ${accepted.body}`);
  return id;
}
