import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildMessage } from '@/test/factories';
import { mockFetch } from '@/test/fetch-mock';
import { useConversationMessages } from './use-conversation-messages';

const range = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => buildMessage(from + i));

describe('a conversation history', () => {
  it('loads older pages of 30 upward, moving the first index by what was added', async () => {
    const api = mockFetch({
      'GET /api/chat/conversations/7_20/messages': (call) => {
        const cursor = call.query.get('cursor');
        if (cursor === null)
          return [200, { success: true, messages: range(51, 100), nextCursor: 51 }];
        if (cursor === '51')
          return [200, { success: true, messages: range(21, 50), nextCursor: 21 }];
        return [200, { success: true, messages: range(1, 20), nextCursor: null }];
      },
    });
    const { result } = renderHook(() => useConversationMessages('7_20'));
    await waitFor(() => expect(result.current.status).toBe('ready'));
    const start = result.current.firstItemIndex;
    expect(result.current.messages).toHaveLength(50);

    act(() => result.current.loadOlder());
    await waitFor(() => expect(result.current.messages).toHaveLength(80));
    expect(result.current.firstItemIndex).toBe(start - 30);
    expect(result.current.messages[0]!.id).toBe(21);
    const older = api.callsTo('GET /api/chat/conversations/7_20/messages')[1]!;
    expect(older.query.get('limit')).toBe('30');

    act(() => result.current.loadOlder());
    await waitFor(() => expect(result.current.hasOlder).toBe(false));
    expect(result.current.firstItemIndex).toBe(start - 50);
    expect(result.current.messages.map((m) => m.id)).toEqual(range(1, 100).map((m) => m.id));
    act(() => result.current.loadOlder());
    expect(api.callsTo('GET /api/chat/conversations/7_20/messages')).toHaveLength(3);
  });
});
