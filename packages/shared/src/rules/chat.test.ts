import { describe, expect, it } from 'vitest';
import { sendMessageBody, startConversationBody } from '../schemas/chat';
import { CHAT_MESSAGES, conversationId, conversationMembers, messagePreview } from './chat';

describe('chat rules', () => {
  it('names a conversation by its two members, smaller first', () => {
    expect(conversationId(42, 7)).toBe('7_42');
    expect(conversationId(7, 42)).toBe('7_42');
    expect(conversationMembers('7_42')).toEqual([7, 42]);
    for (const bad of ['42_7', '7_7', '0_3', '7_42_1', 'a_b', '', '7_99999999999'])
      expect(conversationMembers(bad)).toBeNull();
  });

  it('previews images and unsupported messages as the spec says', () => {
    expect(messagePreview({ text: '', type: 'image' })).toBe('[Image]');
    expect(messagePreview({ text: '', type: 'sticker' })).toBe('[Unsupported]');
    expect(messagePreview({ text: 'hi', type: 'text' })).toBe('hi');
    expect(messagePreview(null)).toBe('');
  });

  it('trims text and keeps line breaks; refuses empty text and a missing partner', () => {
    expect(sendMessageBody.parse({ text: '  two\nlines ' })).toMatchObject({
      text: 'two\nlines',
      type: 'text',
    });
    expect(sendMessageBody.safeParse({ text: ' ' }).error?.issues[0]?.message).toBe(
      CHAT_MESSAGES.emptyMessage,
    );
    expect(startConversationBody.safeParse({}).error?.issues[0]?.message).toBe(
      CHAT_MESSAGES.partnerIdRequired,
    );
    expect(startConversationBody.parse({ partnerId: '12' })).toEqual({ partnerId: 12 });
  });
});
