// The date plan card in a conversation (issue 45): a proposal the member answers, an
// accepted plan's calendar file, the check-in with its plain statement, and did-you-meet.
import type { DatePlan } from '@bidboard/shared';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { textsReady } from '@/lib/i18n';
import type { AppSocket, RealtimeStatus } from '@/lib/socket';
import { mockFetch } from '@/test/fetch-mock';
import { renderWithProviders } from '@/test/render';
import { DatePlanPanel } from './date-plan-panel';

// No socket until the test opens one, as after a page load: the client library loads
// after the first paint, so the panel of a chat opened from a link mounts before it.
const realtime = vi.hoisted(() => ({
  socket: null as AppSocket | null,
  status: 'connecting' as RealtimeStatus,
  listeners: new Set<() => void>(),
}));
vi.mock('@/lib/socket', async (original) => ({
  ...(await original<typeof import('@/lib/socket')>()),
  getRealtimeSocket: () => realtime.socket,
  getRealtimeStatus: () => realtime.status,
  subscribeRealtimeStatus: (listener: () => void) => {
    realtime.listeners.add(listener);
    return () => realtime.listeners.delete(listener);
  },
}));

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();
const PLAN: DatePlan = {
  id: 9,
  cid: '1_2',
  proposerId: 2,
  responderId: 1,
  startsAt: inDays(2),
  dayEndsAt: inDays(3),
  timeZone: 'America/New_York',
  place: 'Café Olimpico',
  note: 'Red scarf',
  state: 'proposed',
  movedFromId: null,
  createdAt: inDays(-1),
  answeredAt: null,
  cancelledBy: null,
  checkIn: null,
  share: null,
  met: { open: false, answer: null, noShowAgainstYou: false },
};

function show(plan: DatePlan) {
  const fetch = mockFetch({
    'GET /api/chat/conversations/1_2/dates': () => [200, { success: true, plans: [plan] }],
    'POST /api/dates/9/answer': () => [200, { success: true, plan }],
    'POST /api/dates/9/met': () => [200, { success: true, plan }],
    'POST /api/dates/9/share': () => [200, { success: true, plan }],
    'DELETE /api/dates/9/share': () => [200, { success: true, plan }],
  });
  renderWithProviders(<DatePlanPanel cid="1_2" viewerId={1} partnerName="maya" open />);
  return fetch;
}

describe('DatePlanPanel', () => {
  it('shows a proposal to the member, who accepts it', async () => {
    await textsReady({ later: true });
    const fetch = show(PLAN);
    expect(await screen.findByText('maya proposed a date.')).toBeTruthy();
    expect(screen.getByText('Café Olimpico')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Suggest another time' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Accept' }));
    expect(fetch.callsTo('POST /api/dates/9/answer')[0]?.body).toEqual({ answer: 'accept' });
  });

  it('an accepted plan offers its calendar file; the check-in says what we do not do', async () => {
    await textsReady({ later: true });
    show({ ...PLAN, state: 'accepted', checkIn: 'asked' });
    expect(await screen.findByText('Date planned')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add to calendar (.ics)' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'I’m safe' })).toBeTruthy();
    expect(
      screen.getByText(
        'Bidboard does not call emergency services. If you are in danger, call 911.',
      ),
    ).toBeTruthy();
  });

  it('asks the day after whether the date happened', async () => {
    await textsReady({ later: true });
    const fetch = show({
      ...PLAN,
      state: 'accepted',
      startsAt: inDays(-1),
      met: { open: true, answer: null, noShowAgainstYou: false },
    });
    expect(await screen.findByText('Did your date with maya happen?')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'We met' }));
    expect(fetch.callsTo('POST /api/dates/9/met')[0]?.body).toEqual({ answer: 'met' });
  });

  it('Share My Date texts a trusted contact from an accepted plan, and can be stopped', async () => {
    await textsReady({ later: true });
    const fetch = show({ ...PLAN, state: 'accepted' });
    await userEvent.click(await screen.findByRole('button', { name: 'Share My Date' }));
    await userEvent.type(
      screen.getByLabelText('Trusted contact’s phone number'),
      '+1 514 555 0199',
    );
    await userEvent.click(screen.getByLabelText('Also text them if I don’t answer the check-in'));
    await userEvent.click(screen.getByRole('button', { name: 'Text the link' }));
    expect(fetch.callsTo('POST /api/dates/9/share')[0]?.body).toEqual({
      phone: '+1 514 555 0199',
      escalateOnSilence: true,
    });
  });

  it('a shared plan says with whom until when, and stops sharing', async () => {
    await textsReady({ later: true });
    const fetch = show({
      ...PLAN,
      state: 'accepted',
      share: { phoneLast4: '0199', expiresAt: inDays(3), escalateOnSilence: false },
    });
    const shared = await screen.findByText(/^Shared with the number ending in 0199 until/);
    expect(shared.textContent).toMatch(/\bE[SD]T\b/);
    expect(screen.queryByRole('button', { name: 'Share My Date' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Stop sharing' }));
    expect(fetch.callsTo('DELETE /api/dates/9/share')).toHaveLength(1);
  });

  it('hears the other member’s changes when the socket opens after it mounted', async () => {
    await textsReady({ later: true });
    let served: DatePlan = { ...PLAN, proposerId: 1, responderId: 2 };
    const fetch = mockFetch({
      'GET /api/chat/conversations/1_2/dates': () => [200, { success: true, plans: [served] }],
    });
    renderWithProviders(<DatePlanPanel cid="1_2" viewerId={1} partnerName="maya" open />);
    expect(await screen.findByText('You proposed a date. Waiting for maya’s answer.')).toBeTruthy();
    // Maya accepts before the socket is up: the panel reads the plans again once it
    // connects, then hears later changes live.
    const { createFakeSocket } = await import('@/test/fake-socket');
    const fake = createFakeSocket();
    served = { ...served, state: 'accepted' };
    act(() => {
      realtime.socket = fake.socket;
      realtime.status = 'connected';
      for (const listener of realtime.listeners) listener();
    });
    expect(await screen.findByText('Date planned')).toBeTruthy();
    const reads = fetch.callsTo('GET /api/chat/conversations/1_2/dates').length;
    served = { ...served, checkIn: 'asked' };
    await fake.deliver('datePlanChanged', { cid: '1_2', planId: 9 });
    expect(await screen.findByText('Are you OK?')).toBeTruthy();
    expect(fetch.callsTo('GET /api/chat/conversations/1_2/dates').length).toBe(reads + 1);
  });
});
