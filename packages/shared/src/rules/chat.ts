// Chat constants and the exact copy of marketplace §2 Chat overlay, §4 Chat, §8 and §9
// (no zod: the chat overlay and the menu's dot use them at run time without the schema
// library).

/** Conversations per list page: 20, or 50 for the full overlay (marketplace §9). */
export const CONVERSATIONS_PAGE_SIZE = 20;
export const CONVERSATIONS_PAGE_MAX = 50;
/** Messages per older page and when a conversation opens (marketplace §9). */
export const MESSAGES_PAGE_SIZE = 30;
export const MESSAGES_ON_OPEN = 50;
/** Largest page a caller may ask for (catching up after a reconnect pages through more). */
export const MESSAGES_PAGE_MAX = 200;
/** Longest message text after trimming. */
export const CHAT_MESSAGE_MAX_LENGTH = 2000;
/** A divider shows when two messages are further apart than this (marketplace §9). */
export const MESSAGE_DIVIDER_GAP_MS = 10 * 60 * 1000;
/** The input grows up to this many lines (marketplace §2). */
export const CHAT_INPUT_MAX_LINES = 3;

export const MESSAGE_TYPES = ['text', 'image'] as const;
export const CHAT_IMAGE_STATES = ['screening', 'clear', 'flagged'] as const;
export type ChatImageState = (typeof CHAT_IMAGE_STATES)[number];
export type MessageType = (typeof MESSAGE_TYPES)[number];

export const CHAT_MESSAGES = {
  empty: 'No conversations yet. Start chatting once you have a connection!',
  noLongerMatched: 'You are no longer matched.',
  notAccepted: 'Connection not accepted – messaging disabled.',
  previewImage: '[Image]',
  previewUnsupported: '[Unsupported]',
  failedToFetchConversations: 'Failed to fetch conversations',
  failedToFetchMessages: 'Failed to fetch messages',
  failedToSend: 'Failed to send message',
  failedToMarkRead: 'Failed to mark messages as read',
  partnerIdRequired: 'partnerId required',
  /** Not in the spec: an empty (or whitespace-only) text message. */
  emptyMessage: 'Message cannot be empty.',
  messageTooLong: `Message must be at most ${CHAT_MESSAGE_MAX_LENGTH} characters.`,
  /** Not in the spec: an image message without an uploaded image of this conversation. */
  imageRequired: 'Choose an image to send.',
  conversationNotFound: 'Conversation not found',
  cannotChatWithSelf: 'You cannot start a conversation with yourself.',
  newMessageTitle: (username: string | null) => `New message from ${username ?? 'your match'}`,
  /** Issue 23: the recipient's view of an image the server has not screened yet. */
  imageScreening: 'Checking image…',
  tapToView: 'Tap to view',
  flaggedImage: 'This image may contain nudity.',
} as const;

/** The list row's preview of a last message (marketplace §2 Chat overlay). */
export function messagePreview(message: { text: string | null; type: string } | null): string {
  if (!message) return '';
  if (message.type === 'image') return CHAT_MESSAGES.previewImage;
  if (message.text) return message.text;
  return CHAT_MESSAGES.previewUnsupported;
}

/** `cid`: the two member ids joined by an underscore, smaller first (marketplace §3). */
export function conversationId(a: number, b: number): string {
  return a < b ? `${a}_${b}` : `${b}_${a}`;
}

/** The two members of a well-formed cid, smaller first; null for anything else. */
export function conversationMembers(cid: string): [number, number] | null {
  const match = /^(\d{1,10})_(\d{1,10})$/.exec(cid);
  if (!match) return null;
  const a = Number(match[1]);
  const b = Number(match[2]);
  if (!(a >= 1 && a < b && b <= 2_147_483_647)) return null;
  return [a, b];
}
