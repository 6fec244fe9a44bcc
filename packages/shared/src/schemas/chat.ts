// Chat: the API contract of marketplace §7 Chat and the §3 Conversation and Message
// entities. The same Message shape travels live in the 'new-message' socket event.
import { z } from 'zod';
import {
  CHAT_IMAGE_STATES,
  CHAT_MESSAGE_MAX_LENGTH,
  CHAT_MESSAGES,
  CONVERSATIONS_PAGE_MAX,
  CONVERSATIONS_PAGE_SIZE,
  conversationMembers,
  MESSAGE_TYPES,
  MESSAGES_PAGE_MAX,
  MESSAGES_PAGE_SIZE,
} from '../rules/chat';
import { SCAM_SIGNALS } from '../rules/scam-guard';
import { bigIdParam, idParam, idSchema, intInRange, safeText } from './common';

/** A well-formed `cid` (two ids, smaller first); whether the caller is in it is the server's check. */
export const cidSchema = z
  .string()
  .max(21)
  .refine((cid) => conversationMembers(cid) !== null, {
    message: CHAT_MESSAGES.conversationNotFound,
  });

export const cidParams = z.object({ cid: cidSchema });

/** The other member as a list row and the conversation header show them. */
export const chatPartnerSchema = z.object({
  id: z.number().int(),
  username: z.string().nullable(),
  /** A signed URL of the partner's first photo (thumbnail), or null. */
  profile_picture_1: z.string().nullable(),
  /** The partner deleted their account: shown as the deleted-user placeholder. */
  deleted: z.boolean(),
  /** The partner's verified badge (product rules, Distance and verification). */
  verified: z.boolean(),
});

export const lastMessageSchema = z.object({
  id: z.number().int(),
  text: z.string(),
  /** Milliseconds since the epoch. */
  ts: z.number().int(),
  senderId: z.number().int(),
  type: z.string(),
});

export const conversationSchema = z.object({
  cid: z.string(),
  /** Both member ids, smaller first. */
  participants: z.tuple([z.number().int(), z.number().int()]),
  partnerId: z.number().int(),
  partner: chatPartnerSchema,
  lastMessage: lastMessageSchema.nullable(),
  /** Milliseconds since the epoch: the last message, or the creation. */
  updatedAt: z.number().int(),
  /** Unread messages per member id (as a string key). */
  unread: z.record(z.string(), z.number().int()),
  /** Read receipts: the last message id each member has read (0 when none). */
  lastRead: z.record(z.string(), z.number().int()),
  /** Messaging is enabled: the two have an accepted connection (marketplace §4 Chat). */
  isOpen: z.boolean(),
  /** The partner has at least one connected tab right now. */
  online: z.boolean(),
});
export type Conversation = z.infer<typeof conversationSchema>;

/**
 * `startAt`: the previous page's nextCursor (`{updatedAt ms}_{cid}`), or a bare timestamp
 * in milliseconds: conversations updated before it.
 */
export const conversationsQuery = z.object({
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(CONVERSATIONS_PAGE_MAX)
    .default(CONVERSATIONS_PAGE_SIZE),
  startAt: z
    .string()
    .regex(/^\d{1,15}(_\d{1,10}_\d{1,10})?$/)
    .optional(),
});
export type ConversationsQuery = z.input<typeof conversationsQuery>;

export const conversationsResponse = z.object({
  success: z.literal(true),
  conversations: z.array(conversationSchema),
  /** Pass as startAt for the next (older) page; null when this was the last. */
  nextCursor: z.string().nullable(),
});
export type ConversationsResponse = z.infer<typeof conversationsResponse>;

const present = (value: unknown) => value !== undefined && value !== null && value !== '';

/** A missing partner is the spec's own 400: 'partnerId required'. */
export const startConversationBody = z.preprocess(
  (body) => body ?? {},
  z.object({
    partnerId: z
      .unknown()
      .refine(present, { message: CHAT_MESSAGES.partnerIdRequired })
      .pipe(idParam),
  }),
);
export const startConversationResponse = z.object({
  success: z.literal(true),
  cid: z.string(),
  conversation: conversationSchema,
});
export type StartConversationResponse = z.infer<typeof startConversationResponse>;

export const messageSchema = z.object({
  /** Increases with every message stored: later messages have larger ids. */
  id: z.number().int(),
  cid: z.string(),
  /**
   * 1, 2, 3, ... within the conversation, without gaps: a client that holds seqs 1..n
   * without a hole has everything up to the message with seq n, and catches up with
   * `after` = that message's id (live events can arrive out of order).
   */
  seq: z.number().int(),
  senderId: z.number().int(),
  /** Empty for an image without a caption. */
  text: z.string(),
  /** A signed URL of the image (valid about an hour), only on image messages. */
  blobUrl: z.string().nullable(),
  /** 'text' or 'image'; anything else is shown as '[Unsupported]'. */
  type: z.string(),
  /** Milliseconds since the epoch. */
  ts: z.number().int(),
  /**
   * Scam-guard signals the server found in the text: the recipient sees a safety note
   * above a message that has any.
   */
  scamFlags: z.array(z.enum(SCAM_SIGNALS)),
  /**
   * An image's nudity screening as the viewer sees it: 'screening' (the recipient gets no
   * URL yet), 'clear', or 'flagged' (the recipient's blobUrl is a blurred copy until they
   * tap to view). Null for text.
   */
  imageState: z.enum(CHAT_IMAGE_STATES).nullable(),
});
export type Message = z.infer<typeof messageSchema>;

/**
 * Newest page: no cursor. Older pages: `cursor` = the previous nextCursor (messages with a
 * smaller id). Catching up after a reconnect: `after` = the last id the client has
 * (messages with a larger id, oldest first; nextCursor is then the `after` of the next
 * call, or null when nothing more is waiting). Messages always come oldest first.
 */
export const messagesQuery = z.object({
  limit: z.coerce.number().int().min(1).max(MESSAGES_PAGE_MAX).default(MESSAGES_PAGE_SIZE),
  cursor: bigIdParam.optional(),
  after: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional(),
});
export type MessagesQuery = z.input<typeof messagesQuery>;

export const messagesResponse = z.object({
  success: z.literal(true),
  messages: z.array(messageSchema),
  nextCursor: z.number().int().nullable(),
});
export type MessagesResponse = z.infer<typeof messagesResponse>;

/** text (trimmed, 1..max, no control characters but line breaks) or an uploaded image. */
export const sendMessageBody = z
  .object({
    text: safeText({
      max: CHAT_MESSAGE_MAX_LENGTH,
      multiline: true,
      maxMessage: CHAT_MESSAGES.messageTooLong,
    }).default(''),
    /** For an image: the `blobUrl` POST .../images returned. */
    blobUrl: safeText({ max: 512 }).nullish(),
    type: z.enum(MESSAGE_TYPES).default('text'),
    /** The sender answered the scam guard's question with 'Send anyway'. */
    confirmed: z.boolean().optional(),
  })
  .superRefine((body, ctx) => {
    if (body.type === 'text' && body.text === '') {
      ctx.addIssue({ code: 'custom', path: ['text'], message: CHAT_MESSAGES.emptyMessage });
    }
    if (body.type === 'image' && !body.blobUrl) {
      ctx.addIssue({ code: 'custom', path: ['blobUrl'], message: CHAT_MESSAGES.imageRequired });
    }
  });
export type SendMessageBody = z.input<typeof sendMessageBody>;

export const sendMessageResponse = z.object({
  success: z.literal(true),
  msgId: z.number().int(),
  message: messageSchema,
});
export type SendMessageResponse = z.infer<typeof sendMessageResponse>;

export const markReadResponse = z.object({
  success: z.literal(true),
  /** The last message id the caller has now read (0 in an empty conversation). */
  lastReadId: z.number().int(),
});
export type MarkReadResponse = z.infer<typeof markReadResponse>;

/** POST /chat/conversations/{cid}/images: raw image bytes in, a reference to send out. */
export const chatImageUploadResponse = z.object({
  success: z.literal(true),
  /** Send this as the message's blobUrl. */
  blobUrl: z.string(),
  /** A signed URL to preview the stored (re-encoded) image. */
  url: z.string(),
});
export type ChatImageUploadResponse = z.infer<typeof chatImageUploadResponse>;

export const chatImageParams = z.object({
  cid: cidSchema,
  name: z.string().regex(/^[0-9a-f-]{36}\.webp$/),
});
export const chatImageUrlResponse = z.object({ success: z.literal(true), url: z.string() });

/** The menu's chat dot: unread messages over all the caller's conversations. */
export const chatUnreadResponse = z.object({
  success: z.literal(true),
  unread: z.number().int(),
});
export type ChatUnreadResponse = z.infer<typeof chatUnreadResponse>;

/**
 * Development only (SMS_PROVIDER=console, not production): closes this server's sockets
 * idle longer than `idleMs` (of one member when given) exactly as the idle check would,
 * so a journey can show the 'Connection Lost' dialog without waiting for the setting.
 */
export const disconnectIdleBody = z.object({
  idleMs: intInRange(0, 7 * 24 * 3_600_000),
  userId: idSchema.optional(),
});
export const disconnectIdleResponse = z.object({ closed: z.number().int() });
