import {
  type Conversation,
  type DatePlan,
  type Message,
  SAFETY_MESSAGES,
  SCAM_GUARD,
} from '@bidboard/shared';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { VirtuosoMockContext } from 'react-virtuoso';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildConversation, buildMessage, buildUser } from '@/test/factories';
import { mockFetch, type RecordedCall } from '@/test/fetch-mock';
import { renderWithProviders } from '@/test/render';
import { useChatLive } from '../hooks/use-chat-live';
import { usePresenceTracking } from '../hooks/use-presence';
import { closeChat, openChat } from '../lib/chat-launcher';
import { presenceStore } from '../lib/presence-store';
import { ChatHost } from './chat-host';

const realtime = await vi.hoisted(async () =>
  (await import('@/test/fake-socket')).createFakeRealtime(),
);
vi.mock('@/lib/socket', (original) => realtime.module(original));

type Handler = (call: RecordedCall) => [number, unknown];

function chatApi(conversations: Conversation[], handlers: Record<string, Handler> = {}) {
  localStorage.setItem('authToken', 'tok');
  return mockFetch({
    'GET /api/auth/me': () => [200, { user: buildUser({ id: 7 }) }],
    'GET /api/chat/unread': () => [200, { success: true, unread: 0 }],
    'GET /api/chat/conversations': () => [200, { success: true, conversations, nextCursor: null }],
    'POST /api/chat/conversations/7_20/read': () => [200, { success: true, lastReadId: 0 }],
    ...handlers,
  });
}

const messagesReply =
  (messages: Message[], nextCursor: number | null = null): Handler =>
  () => [200, { success: true, messages, nextCursor }];

function Harness() {
  usePresenceTracking(true);
  const unread = useChatLive(7);
  return (
    <>
      <output aria-label="chat unread">{unread}</output>
      <ChatHost viewerId={7} />
    </>
  );
}

function renderChat(path = '/') {
  renderWithProviders(
    <VirtuosoMockContext.Provider value={{ viewportHeight: 2000, itemHeight: 40 }}>
      <MemoryRouter initialEntries={[path]}>
        <Harness />
      </MemoryRouter>
    </VirtuosoMockContext.Provider>,
  );
}

async function openList() {
  act(() => openChat());
  return screen.findByRole('dialog', { name: 'Chat' });
}

async function openConversation(name = 'theo') {
  const dialog = await openList();
  fireEvent.click(await within(dialog).findByRole('button', { name: new RegExp(`^${name}`) }));
  return screen.findByRole('region', { name: `Conversation with ${name}` });
}

beforeEach(() => {
  realtime.setStatus('connected');
  presenceStore.reset();
  realtime.socket.emit = vi.fn() as never;
});
afterEach(() => act(() => closeChat()));

describe('chat overlay: the conversation list', () => {
  it('shows each partner with online dot, preview, time and unread count', async () => {
    const ts = Date.now() - 60_000;
    chatApi([
      buildConversation({
        online: true,
        unread: { '7': 2 },
        lastMessage: { id: 9, text: '', ts, senderId: 20, type: 'image' },
      }),
      buildConversation({
        cid: '7_21',
        partnerId: 21,
        partner: {
          id: 21,
          username: 'mia',
          profile_picture_1: 'https://img.example/mia.webp',
          deleted: false,
          verified: false,
        },
        lastMessage: { id: 4, text: '', ts, senderId: 7, type: 'sticker' },
      }),
    ]);
    renderChat();
    const dialog = await openList();
    const theo = await within(dialog).findByRole('button', { name: 'theo, 2 unread' });
    expect(within(theo).getByText('[Image]')).toBeTruthy();
    expect(within(theo).getByText('2')).toBeTruthy();
    expect(within(theo).getByRole('img', { name: 'online' })).toBeTruthy();
    const mia = within(dialog).getByRole('button', { name: 'mia' });
    expect(within(mia).getByText('You: [Unsupported]')).toBeTruthy();
    expect(within(mia).getByRole('img', { name: 'offline' })).toBeTruthy();
    expect(mia.querySelector('img')?.getAttribute('src')).toBe('https://img.example/mia.webp');
  });

  it('says when there are no conversations, and when they cannot be fetched', async () => {
    chatApi([]);
    renderChat();
    const dialog = await openList();
    expect(
      await within(dialog).findByText(
        'No conversations yet. Start chatting once you have a connection!',
      ),
    ).toBeTruthy();
  });

  it('shows the spec error when the list fails', async () => {
    chatApi([], { 'GET /api/chat/conversations': () => [500, {}] });
    renderChat();
    const dialog = await openList();
    expect(await within(dialog).findByText('Failed to fetch conversations')).toBeTruthy();
  });

  it('a new message updates preview, unread and order live; presence follows the socket', async () => {
    const older = Date.now() - 3_600_000;
    const api = chatApi([
      buildConversation({
        cid: '7_21',
        partnerId: 21,
        partner: {
          id: 21,
          username: 'mia',
          profile_picture_1: null,
          deleted: false,
          verified: false,
        },
        updatedAt: older + 1000,
        lastMessage: { id: 2, text: 'hey', ts: older + 1000, senderId: 21, type: 'text' },
      }),
      buildConversation({
        updatedAt: older,
        lastMessage: { id: 1, text: 'hi', ts: older, senderId: 20, type: 'text' },
      }),
    ]);
    renderChat();
    const dialog = await openList();
    await within(dialog).findByRole('button', { name: 'mia' });
    const message = buildMessage(3, { text: 'are you free friday?', ts: Date.now() });
    realtime.deliver('new-message', { senderId: 20, cid: '7_20', message, unread: { '7': 1 } });
    const theo = await within(dialog).findByRole('button', { name: 'theo, 1 unread' });
    expect(within(theo).getByText('are you free friday?')).toBeTruthy();
    const rows = within(dialog).getAllByRole('button', { name: /^(theo|mia)/ });
    expect(rows[0]).toBe(theo);
    await waitFor(() => expect(api.callsTo('GET /api/chat/unread').length).toBeGreaterThan(1));

    realtime.deliver('onlineUsers', [20]);
    expect(within(theo).getByRole('img', { name: 'online' })).toBeTruthy();
    realtime.deliver('userOffline', 20);
    expect(within(theo).getByRole('img', { name: 'offline' })).toBeTruthy();
    realtime.deliver('userOnline', 21);
    const mia = within(dialog).getByRole('button', { name: 'mia' });
    expect(within(mia).getByRole('img', { name: 'online' })).toBeTruthy();
  });
});

describe('chat overlay: a conversation', () => {
  it('opens with the last 50, marks them read, and shows dividers only over 10 minutes', async () => {
    const t = Date.parse('2026-01-08T12:00:00Z');
    const api = chatApi([buildConversation()], {
      'GET /api/chat/conversations/7_20/messages': messagesReply([
        buildMessage(1, { ts: t, text: 'first' }),
        buildMessage(2, { ts: t + 5 * 60_000, text: 'five minutes later', senderId: 7 }),
        buildMessage(3, { ts: t + 40 * 60_000, text: 'much later' }),
      ]),
    });
    renderChat();
    const view = await openConversation();
    await within(view).findByText('much later');
    expect(api.callsTo('GET /api/chat/conversations/7_20/messages')).toHaveLength(1);
    expect(api.callsTo('GET /api/chat/conversations/7_20/messages')[0]?.query.get('limit')).toBe(
      '50',
    );
    await waitFor(() =>
      expect(api.callsTo('POST /api/chat/conversations/7_20/read')).toHaveLength(1),
    );
    expect(view.querySelectorAll('.chat-divider')).toHaveLength(2);
    const [first, second, third] = Array.from(view.querySelectorAll('.chat-message-row'));
    expect(first!.querySelector('.chat-divider')).toBeTruthy();
    expect(second!.querySelector('.chat-divider')).toBeNull();
    expect(third!.querySelector('.chat-divider')).toBeTruthy();
    expect(within(view).getByText('Sent')).toBeTruthy();
  });

  it('header links to the connection and home; back returns to the list', async () => {
    chatApi([buildConversation({ online: true })], {
      'GET /api/chat/conversations/7_20/messages': messagesReply([]),
    });
    renderChat();
    const view = await openConversation();
    const partner = within(view).getByRole('link', { name: 'theo (online): open connection' });
    expect(partner.getAttribute('href')).toBe('/connections/20');
    expect(within(view).getByRole('link', { name: 'Bidboard home' }).getAttribute('href')).toBe(
      '/',
    );
    expect(await within(view).findByText('Say hello to theo.')).toBeTruthy();
    fireEvent.click(within(view).getByRole('button', { name: 'Back to conversations' }));
    expect(await screen.findByRole('button', { name: /^theo/ })).toBeTruthy();
  });

  it('shows a verified partner with the badge in the list and the header, no one else', async () => {
    // The row's and the link's own aria-label would hide the badge's word: it is their description.
    const description = (element: HTMLElement) =>
      document.getElementById(element.getAttribute('aria-describedby') ?? '')?.textContent;
    const partner = (id: number, username: string, verified: boolean) => ({
      id,
      username,
      profile_picture_1: null,
      deleted: false,
      verified,
    });
    chatApi(
      [
        buildConversation({ partner: partner(20, 'theo', true) }),
        buildConversation({ cid: '7_21', partnerId: 21, partner: partner(21, 'mia', false) }),
      ],
      { 'GET /api/chat/conversations/7_20/messages': messagesReply([]) },
    );
    renderChat();
    const dialog = await openList();
    const theo = await within(dialog).findByRole('button', { name: /^theo/ });
    const mia = within(dialog).getByRole('button', { name: /^mia/ });
    await waitFor(() => expect(description(theo)).toBe('Verified'));
    expect(mia.getAttribute('aria-describedby')).toBeNull();
    expect(within(mia).queryByText('Verified')).toBeNull();

    fireEvent.click(theo);
    const view = await screen.findByRole('region', { name: 'Conversation with theo' });
    const header = within(view).getByRole('link', { name: 'theo (offline): open connection' });
    expect(description(header)).toBe('Verified');
    expect(
      within(header).getByTitle('Verified: face match passed and verification approved'),
    ).toBeTruthy();
  });
  it("counts down to an accepted date in the header, under the partner's name (issue 45)", async () => {
    const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();
    const plan: DatePlan = {
      id: 9,
      cid: '7_20',
      proposerId: 20,
      responderId: 7,
      startsAt: inDays(2),
      dayEndsAt: inDays(3),
      timeZone: 'America/New_York',
      place: 'Café Olimpico',
      note: null,
      state: 'accepted',
      movedFromId: null,
      createdAt: inDays(-1),
      answeredAt: inDays(-1),
      cancelledBy: null,
      checkIn: null,
      share: null,
      met: { open: false, answer: null, noShowAgainstYou: false },
    };
    let plans = [plan];
    chatApi([buildConversation()], {
      'GET /api/chat/conversations/7_20/messages': messagesReply([]),
      'GET /api/chat/conversations/7_20/dates': () => [200, { success: true, plans }],
    });
    renderChat();
    const view = await openConversation();
    const header = view.querySelector('header') as HTMLElement;
    const timer = await within(header).findByRole('timer');
    expect(timer.textContent).toMatch(/^Date in 1d 23:5\d:\d\d$/);
    // The countdown is the header's: the plan card below no longer repeats it.
    expect(await within(view).findByText('Café Olimpico')).toBeTruthy();
    expect(within(view).getAllByText(/ in 1d 23:5/)).toEqual([timer]);

    // A proposal, not yet accepted, has no countdown.
    plans = [{ ...plan, state: 'proposed', answeredAt: null }];
    realtime.deliver('datePlanChanged', { cid: '7_20', planId: 9 });
    await waitFor(() => expect(within(header).queryByRole('timer')).toBeNull());
  });

  it('blocks from the header: back to a list without the partner', async () => {
    let conversations = [buildConversation()];
    const api = chatApi([], {
      'GET /api/chat/conversations': () => [
        200,
        { success: true, conversations, nextCursor: null },
      ],
      'GET /api/chat/conversations/7_20/messages': messagesReply([]),
      'POST /api/blocks': () => {
        conversations = [];
        return [
          200,
          {
            success: true,
            message: SAFETY_MESSAGES.blocked('theo'),
            blocked: { id: 20, username: 'theo', profile_picture: null, blocked_at: '' },
          },
        ];
      },
    });
    renderChat();
    const view = await openConversation();
    fireEvent.click(within(view).getByRole('button', { name: 'Block or report theo' }));
    const choose = await screen.findByRole('dialog', { name: 'theo' });
    fireEvent.click(within(choose).getByRole('button', { name: 'Block theo' }));
    const confirm = await screen.findByRole('dialog', { name: 'Block theo?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Block' }));
    expect(await screen.findByText(SAFETY_MESSAGES.blocked('theo'))).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Done' }));
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Conversation with theo' })).toBeNull(),
    );
    await waitFor(() => expect(screen.queryByRole('button', { name: /^theo/ })).toBeNull());
    expect(api.callsTo('POST /api/blocks')[0]!.body).toEqual({ user_id: 20 });
  });

  it('sends a trimmed text, shows it once even when the live event repeats it', async () => {
    const sent = buildMessage(5, { senderId: 7, text: 'hello there', ts: Date.now() });
    const api = chatApi([buildConversation()], {
      'GET /api/chat/conversations/7_20/messages': messagesReply([buildMessage(1)]),
      'POST /api/chat/conversations/7_20/messages': () => [
        200,
        { success: true, msgId: 5, message: sent },
      ],
    });
    renderChat();
    const view = await openConversation();
    await within(view).findByText('message 1');
    const input = within(view).getByRole('textbox', { name: 'Message' });
    await userEvent.type(input, '  hello there  {Enter}');
    expect(await within(view).findByText('hello there')).toBeTruthy();
    expect(api.callsTo('POST /api/chat/conversations/7_20/messages')[0]?.body).toEqual({
      text: 'hello there',
      type: 'text',
    });
    realtime.deliver('new-message', { senderId: 7, cid: '7_20', message: sent, unread: {} });
    expect(within(view).getAllByText('hello there')).toHaveLength(1);
    expect((input as HTMLTextAreaElement).value).toBe('');
    expect(realtime.socket.emit).toHaveBeenCalledWith('typing', { cid: '7_20', isTyping: true });
    expect(realtime.socket.emit).toHaveBeenCalledWith('chatView', {
      cid: '7_20',
      foreground: true,
    });
  });

  it('holds a scam-guard message with the question, then sends it anyway (issue 23)', async () => {
    const text = 'add me on whatsapp 555 123 4567';
    const sent = buildMessage(5, { senderId: 7, text, ts: Date.now(), scamFlags: ['phone'] });
    const api = chatApi([buildConversation()], {
      'GET /api/chat/conversations/7_20/messages': messagesReply([]),
      'POST /api/chat/conversations/7_20/messages': () => [
        200,
        { success: true, msgId: 5, message: sent },
      ],
    });
    renderChat();
    const view = await openConversation();
    const input = within(view).getByRole('textbox', { name: 'Message' });
    await userEvent.type(input, `${text}{Enter}`);
    const question = await within(view).findByRole('alertdialog');
    expect(question.textContent).toContain(SCAM_GUARD.question);
    expect(api.callsTo('POST /api/chat/conversations/7_20/messages')).toHaveLength(0);
    await userEvent.click(within(question).getByRole('button', { name: SCAM_GUARD.sendAnyway }));
    await waitFor(() =>
      expect(api.callsTo('POST /api/chat/conversations/7_20/messages')[0]?.body).toEqual({
        text,
        type: 'text',
        confirmed: true,
      }),
    );
    expect((input as HTMLTextAreaElement).value).toBe('');
    expect(within(view).queryByRole('alertdialog')).toBeNull();
  });

  it('shows the recipient a safety note and a flagged image blurred until tapped', async () => {
    const flagged = buildMessage(2, {
      type: 'image',
      text: '',
      blobUrl: '/api/files/dev/chat-blurred/7_20/0b7e2c4e-1d1f-4a8e-9d1c-2f3a4b5c6d7e.webp?sig=1',
      imageState: 'flagged',
    });
    const api = chatApi([buildConversation()], {
      'GET /api/chat/conversations/7_20/messages': messagesReply([
        buildMessage(1, { text: 'venmo me', scamFlags: ['payment_app'] }),
        flagged,
      ]),
      'GET /api/chat/conversations/7_20/images/0b7e2c4e-1d1f-4a8e-9d1c-2f3a4b5c6d7e.webp': () => [
        200,
        { success: true, url: '/api/files/dev/chat/7_20/original.webp?sig=2' },
      ],
    });
    renderChat();
    const view = await openConversation();
    expect((await within(view).findByRole('note')).textContent).toBe(SCAM_GUARD.recipientNote);
    const reveal = within(view).getByRole('button', { name: /Tap to view/ });
    expect(within(view).getByRole('button', { name: 'Report' })).toBeTruthy();
    await userEvent.click(reveal);
    await waitFor(() =>
      expect(
        api.callsTo(
          'GET /api/chat/conversations/7_20/images/0b7e2c4e-1d1f-4a8e-9d1c-2f3a4b5c6d7e.webp',
        ),
      ).toHaveLength(1),
    );
    const shown = await within(view).findByRole('img', { name: 'Sent in the conversation' });
    expect(shown.getAttribute('src')).toBe('/api/files/dev/chat/7_20/original.webp?sig=2');
  });

  it('keeps the text and says so when sending fails', async () => {
    chatApi([buildConversation()], {
      'GET /api/chat/conversations/7_20/messages': messagesReply([]),
      'POST /api/chat/conversations/7_20/messages': () => [500, {}],
    });
    renderChat();
    const view = await openConversation();
    const input = within(view).getByRole('textbox', { name: 'Message' });
    await userEvent.type(input, 'hi{Enter}');
    expect(await within(view).findByText('Failed to send message')).toBeTruthy();
    expect((input as HTMLTextAreaElement).value).toBe('hi');
  });

  it('says when messages cannot be fetched or marked read', async () => {
    chatApi([buildConversation()], {
      'GET /api/chat/conversations/7_20/messages': () => [500, {}],
    });
    renderChat();
    const view = await openConversation();
    expect(await within(view).findByText('Failed to fetch messages')).toBeTruthy();
  });

  it('says when marking read fails', async () => {
    chatApi([buildConversation()], {
      'GET /api/chat/conversations/7_20/messages': messagesReply([buildMessage(1)]),
      'POST /api/chat/conversations/7_20/read': () => [500, {}],
    });
    renderChat();
    const view = await openConversation();
    expect(await within(view).findByText('Failed to mark messages as read')).toBeTruthy();
  });

  it('not matched: the input is off with the spec placeholder and warning', async () => {
    chatApi([buildConversation({ isOpen: false })], {
      'GET /api/chat/conversations/7_20/messages': messagesReply([buildMessage(1)]),
    });
    renderChat();
    const view = await openConversation();
    const input = within(view).getByRole('textbox', { name: 'Message' });
    expect(input.hasAttribute('disabled')).toBe(true);
    expect(input.getAttribute('placeholder')).toBe('You are no longer matched.');
    expect(within(view).getByText('Connection not accepted – messaging disabled.')).toBeTruthy();
    expect(
      within(view).getByRole('button', { name: 'Send an image' }).hasAttribute('disabled'),
    ).toBe(true);
  });

  it("a partner who deleted their account is 'Deleted user', with no block or report and no 'not accepted' warning", async () => {
    chatApi(
      [
        buildConversation({
          isOpen: false,
          partner: {
            id: 20,
            username: null,
            profile_picture_1: null,
            deleted: true,
            verified: false,
          },
        }),
      ],
      { 'GET /api/chat/conversations/7_20/messages': messagesReply([buildMessage(1)]) },
    );
    renderChat();
    const list = await openList();
    expect(await within(list).findByText('Deleted user')).toBeTruthy();
    expect(within(list).queryByText('Member')).toBeNull();
    const view = await openConversation('Deleted user');
    expect(within(view).getByText('Deleted user')).toBeTruthy();
    expect(within(view).queryByRole('button', { name: /block|report|safety/i })).toBeNull();
    expect(within(view).queryByText('Connection not accepted – messaging disabled.')).toBeNull();
    const input = within(view).getByRole('textbox', { name: 'Message' });
    expect(input.getAttribute('placeholder')).toBe('You are no longer matched.');
  });

  it("the server's 403 after an unmatch turns the input off", async () => {
    chatApi([buildConversation()], {
      'GET /api/chat/conversations/7_20/messages': messagesReply([]),
      'POST /api/chat/conversations/7_20/messages': () => [
        403,
        { message: 'Connection not accepted – messaging disabled.', code: 'FORBIDDEN' },
      ],
    });
    renderChat();
    const view = await openConversation();
    const input = within(view).getByRole('textbox', { name: 'Message' });
    await userEvent.type(input, 'still there?{Enter}');
    await waitFor(() => expect(input.hasAttribute('disabled')).toBe(true));
    expect(input.getAttribute('placeholder')).toBe('You are no longer matched.');
    expect(
      within(view).getAllByText('Connection not accepted – messaging disabled.').length,
    ).toBeGreaterThan(0);
  });

  it('shows the partner typing and the read receipt', async () => {
    chatApi([buildConversation({ lastRead: { '20': 2 } })], {
      'GET /api/chat/conversations/7_20/messages': messagesReply([
        buildMessage(1),
        buildMessage(2, { senderId: 7, text: 'mine' }),
      ]),
    });
    renderChat();
    const view = await openConversation();
    await within(view).findByText('mine');
    expect(within(view).getByText('Read')).toBeTruthy();
    realtime.deliver('typing', { cid: '7_20', userId: 20, isTyping: true });
    expect(await within(view).findByText('theo is typing…')).toBeTruthy();
    realtime.deliver('typing', { cid: '7_20', userId: 20, isTyping: false });
    await waitFor(() => expect(within(view).queryByText('theo is typing…')).toBeNull());
  });

  it('after a reconnect it fetches what arrived meanwhile, once and in order', async () => {
    const pages: Record<string, [Message[], number | null]> = {
      '2': [[buildMessage(3), buildMessage(4)], 4],
      '4': [[buildMessage(5)], null],
    };
    const api = chatApi([buildConversation()], {
      'GET /api/chat/conversations/7_20/messages': (call) => {
        const after = call.query.get('after');
        const [messages, nextCursor] = after
          ? pages[after]!
          : [[buildMessage(1), buildMessage(2)], null];
        return [200, { success: true, messages, nextCursor }];
      },
    });
    renderChat();
    const view = await openConversation();
    await within(view).findByText('message 2');
    realtime.setStatus('reconnecting');
    realtime.deliver('new-message', {
      senderId: 20,
      cid: '7_20',
      message: buildMessage(4),
      unread: {},
    });
    realtime.setStatus('connected');
    await within(view).findByText('message 5');
    const afters = api
      .callsTo('GET /api/chat/conversations/7_20/messages')
      .map((c) => c.query.get('after'))
      .filter(Boolean);
    expect(afters).toEqual(['2', '4']);
    const ids = Array.from(view.querySelectorAll('[data-message-id]')).map((el) =>
      el.getAttribute('data-message-id'),
    );
    expect(ids).toEqual(['1', '2', '3', '4', '5']);
  });

  it('a live event that went missing is fetched when the hole does not fill', async () => {
    const api = chatApi([buildConversation()], {
      'GET /api/chat/conversations/7_20/messages': (call) =>
        call.query.get('after') === '2'
          ? [200, { success: true, messages: [buildMessage(3), buildMessage(4)], nextCursor: null }]
          : [
              200,
              { success: true, messages: [buildMessage(1), buildMessage(2)], nextCursor: null },
            ],
    });
    renderChat();
    const view = await openConversation();
    await within(view).findByText('message 2');
    realtime.deliver('new-message', {
      senderId: 20,
      cid: '7_20',
      message: buildMessage(4),
      unread: {},
    });
    await within(view).findByText('message 3', {}, { timeout: 4000 });
    const afters = api
      .callsTo('GET /api/chat/conversations/7_20/messages')
      .map((c) => c.query.get('after'))
      .filter(Boolean);
    expect(afters).toEqual(['2']);
    const ids = Array.from(view.querySelectorAll('[data-message-id]')).map((el) =>
      el.getAttribute('data-message-id'),
    );
    expect(ids).toEqual(['1', '2', '3', '4']);
  });

  it('opens straight into the conversation from a connection card', async () => {
    const api = chatApi([], {
      'POST /api/chat/conversations': () => [
        200,
        { success: true, cid: '7_20', conversation: buildConversation() },
      ],
      'GET /api/chat/conversations/7_20/messages': messagesReply([buildMessage(1)]),
    });
    renderChat();
    act(() => openChat(20));
    const view = await screen.findByRole('region', { name: 'Conversation with theo' });
    await within(view).findByText('message 1');
    expect(api.callsTo('POST /api/chat/conversations')[0]?.body).toEqual({ partnerId: 20 });
  });

  it("a message notification's /?chat={cid} opens that conversation", async () => {
    const api = chatApi([], {
      'POST /api/chat/conversations': () => [
        200,
        { success: true, cid: '7_20', conversation: buildConversation() },
      ],
      'GET /api/chat/conversations/7_20/messages': messagesReply([buildMessage(1)]),
    });
    renderChat('/?chat=7_20');
    const view = await screen.findByRole('region', { name: 'Conversation with theo' });
    await within(view).findByText('message 1');
    expect(api.callsTo('POST /api/chat/conversations')[0]?.body).toEqual({ partnerId: 20 });
  });

  it('sends an image with upload progress, then the image message', async () => {
    const uploads: { progress: (e: ProgressEvent) => void; finish: () => void }[] = [];
    class FakeXhr {
      upload: { onprogress: ((e: ProgressEvent) => void) | null } = { onprogress: null };
      status = 0;
      responseText = '';
      onload: (() => void) | null = null;
      onerror: (() => void) | null = null;
      open() {}
      setRequestHeader() {}
      send() {
        uploads.push({
          progress: (e) => this.upload.onprogress?.(e),
          finish: () => {
            this.status = 200;
            this.responseText = JSON.stringify({
              success: true,
              blobUrl: 'chat/7_20/abc.webp',
              url: 'https://img.example/abc.webp',
            });
            this.onload?.();
          },
        });
      }
    }
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const image = buildMessage(6, {
      senderId: 7,
      type: 'image',
      text: '',
      blobUrl: 'https://img.example/abc.webp',
      ts: Date.now(),
    });
    const api = chatApi([buildConversation()], {
      'GET /api/chat/conversations/7_20/messages': messagesReply([buildMessage(1)]),
      'POST /api/chat/conversations/7_20/messages': () => [
        200,
        { success: true, msgId: 6, message: image },
      ],
    });
    renderChat();
    const view = await openConversation();
    await within(view).findByText('message 1');
    const file = new File([new Uint8Array([1, 2, 3])], 'photo.jpg', { type: 'image/jpeg' });
    fireEvent.change(within(view).getByTestId('chat-image-input'), { target: { files: [file] } });
    await waitFor(() => expect(uploads).toHaveLength(1));
    act(() =>
      uploads[0]!.progress({ lengthComputable: true, loaded: 50, total: 100 } as ProgressEvent),
    );
    expect(await within(view).findByText('Sending image… 50%')).toBeTruthy();
    act(() => uploads[0]!.finish());
    await waitFor(() =>
      expect(api.callsTo('POST /api/chat/conversations/7_20/messages')[0]?.body).toEqual({
        text: '',
        type: 'image',
        blobUrl: 'chat/7_20/abc.webp',
      }),
    );
    await waitFor(() =>
      expect(view.querySelector('img.chat-bubble__image')?.getAttribute('src')).toBe(
        'https://img.example/abc.webp',
      ),
    );
    expect(within(view).queryByText(/Sending image/)).toBeNull();
  });
});
