// Chat between the two members of an accepted connection (marketplace §4 Chat, §5 Chat
// message, §7 Chat). Only the two members of a conversation ever read it; only while
// their connection is accepted may they start it or write in it. Storing a message and
// the engagement it may complete (the owner's reward) happen in one transaction.
// Safety that sees (issue 23): the scam guard runs on every text here, whatever the
// client did; an image reaches the recipient only once screened, blurred when flagged.
import {
  CHAT_MESSAGES,
  type ChatImageState,
  type Conversation,
  conversationId,
  conversationMembers,
  detectScamSignals,
  type Message,
  SCAM_GUARD,
  type ScamSignal,
} from '@bidboard/shared';
import type { Storage } from '../../adapters/storage/storage.port';
import type { Db, Tx } from '../../db/client';
import type { Clock } from '../../lib/context';
import { AppError, badRequest, forbidden } from '../../lib/errors';
import { publishAfterCommit, type Realtime, transactionThenPublish } from '../../lib/realtime';
import { isBlockedBetween } from '../blocks/blocks.repository';
import {
  acceptedConnectionBetween,
  type ConnectionEffects,
  recordMessageSent,
} from '../connections';
import { profilePicturesFor } from '../media/profile-pictures';
import type { SettingsDefaults } from '../settings/settings.service';
import { setFraudHold } from '../users/fraud-hold.repository';
import { readEvents, sentMessageEvents } from './chat.events';
import {
  acceptedPartnersOf,
  type ConversationRow,
  conversationMessages,
  ensureConversation,
  lockConversation,
  type MessageRow,
  markConversationRead,
  memberConversation,
  memberConversations,
  type StoredMessage,
  skipReadMessageNotifications,
  storeMessage,
  storeMessageIn,
} from './chat.repository';
import { lockScamGuardOf, openScamGuardReport, recentScamMessages } from './scam-guard.repository';

export interface ChatContext {
  db: Db;
  storage: Storage;
  clock: Clock;
  /** The settings' defaults (the per-member chat image limit). */
  config: SettingsDefaults;
  /** Which of these members have a live socket. */
  online(userIds: readonly number[]): Promise<Set<number>>;
  /** Nudges this server's vision job worker (a chat image was queued for screening). */
  wakeVisionJobs: () => void;
  realtime?: Realtime;
}

const notAccepted = () => new AppError('FORBIDDEN', 403, CHAT_MESSAGES.notAccepted);
/** As for a key never uploaded: the sweep took the image after the route found it. */
const imageGone = () => new AppError('VALIDATION', 400, CHAT_MESSAGES.imageRequired);

/** The two members of `cid` when the caller is one of them; 403 for anyone else. */
export function membersFor(cid: string, me: number) {
  const members = conversationMembers(cid);
  if (!members?.includes(me)) throw forbidden();
  const partnerId = members[0] === me ? members[1] : members[0];
  return { members, partnerId };
}

const ms = (value: Date | string) => new Date(value).getTime();

const textArray = (value: string[] | string) =>
  Array.isArray(value)
    ? value
    : value
        .replace(/^\{|\}$/g, '')
        .split(',')
        .filter(Boolean);

/**
 * What `viewerId` may see of an image: its sender sees it at once; the recipient gets no
 * URL until it is screened, and a blurred copy when it was flagged (the original comes
 * on 'Tap to view', through chatImageUrl).
 */
async function imageFor(storage: Storage, row: MessageRow, viewerId: number) {
  if (!row.blob_key) return { blobUrl: null, imageState: null };
  const state: ChatImageState =
    row.image_status === 'flagged'
      ? 'flagged'
      : row.image_status === 'clear'
        ? 'clear'
        : 'screening';
  if (row.sender_id === viewerId) {
    return { blobUrl: await storage.signedUrl(row.blob_key), imageState: state };
  }
  if (state === 'screening') return { blobUrl: null, imageState: state };
  const key = state === 'flagged' && row.blurred_key ? row.blurred_key : row.blob_key;
  return { blobUrl: await storage.signedUrl(key), imageState: state };
}

/** A message as `viewerId` (one of the two members) sees it. */
export async function presentMessage(
  storage: Storage,
  row: MessageRow,
  viewerId: number,
): Promise<Message> {
  const image = await imageFor(storage, row, viewerId);
  return {
    id: Number(row.id),
    cid: row.cid,
    seq: Number(row.seq),
    senderId: row.sender_id,
    text: row.text,
    blobUrl: image.blobUrl,
    type: row.type,
    ts: ms(row.created_at),
    scamFlags: textArray(row.scam_flags) as ScamSignal[],
    imageState: row.type === 'image' ? image.imageState : null,
  };
}

async function presentConversations(
  ctx: ChatContext,
  me: number,
  found: ConversationRow[],
): Promise<Conversation[]> {
  const partnerOf = (row: ConversationRow) => (row.user_a === me ? row.user_b : row.user_a);
  const partnerIds = found.map(partnerOf);
  const [pictures, open, online] = await Promise.all([
    profilePicturesFor(ctx.db, ctx.storage, partnerIds, 'thumbnail'),
    acceptedPartnersOf(ctx.db, me),
    ctx.online(partnerIds),
  ]);
  return found.map((row) => {
    const partnerId = partnerOf(row);
    return {
      cid: row.cid,
      participants: [row.user_a, row.user_b],
      partnerId,
      partner: {
        id: partnerId,
        username: row.partner_username ?? null,
        profile_picture_1: pictures.get(partnerId)?.profile_picture_1 ?? null,
        deleted: row.partner_deleted ?? false,
        verified: row.partner_verified ?? false,
      },
      lastMessage:
        row.last_message_id === null
          ? null
          : {
              id: Number(row.last_message_id),
              text: row.last_message_text ?? '',
              ts: ms(row.last_message_at!),
              senderId: row.last_sender_id!,
              type: row.last_message_type ?? 'text',
            },
      updatedAt: ms(row.updated_at),
      unread: { [row.user_a]: row.unread_a, [row.user_b]: row.unread_b },
      lastRead: { [row.user_a]: Number(row.last_read_a), [row.user_b]: Number(row.last_read_b) },
      isOpen: open.has(partnerId),
      online: online.has(partnerId),
    };
  });
}

function parseStartAt(startAt: string | undefined) {
  if (!startAt) return undefined;
  const [at, a, b] = startAt.split('_');
  return { at: new Date(Number(at)), cid: a && b ? `${a}_${b}` : null };
}

/** The caller's conversations, most recent first, `limit` a page. */
export async function listConversations(
  ctx: ChatContext,
  me: number,
  query: { limit: number; startAt?: string },
) {
  const limit = query.limit;
  const found = await memberConversations(ctx.db, me, {
    limit: limit + 1,
    before: parseStartAt(query.startAt),
  });
  const page = found.slice(0, limit);
  const last = page.at(-1);
  return {
    conversations: await presentConversations(ctx, me, page),
    nextCursor: found.length > limit && last ? `${ms(last.updated_at)}_${last.cid}` : null,
  };
}

/** Opens (or finds) the conversation with an accepted connection's other member. */
export async function startConversation(ctx: ChatContext, me: number, partnerId: number) {
  if (partnerId === me) throw badRequest('VALIDATION', CHAT_MESSAGES.cannotChatWithSelf);
  if (!(await acceptedConnectionBetween(ctx.db, me, partnerId))) throw notAccepted();
  const cid = conversationId(me, partnerId);
  await ensureConversation(ctx.db, cid, conversationMembers(cid)!, ctx.clock());
  const row = await memberConversation(ctx.db, me, cid);
  const [conversation] = await presentConversations(ctx, me, [row!]);
  return { cid, conversation: conversation! };
}

export async function listMessages(
  ctx: ChatContext,
  me: number,
  cid: string,
  query: { limit: number; cursor?: number; after?: number },
) {
  const { partnerId } = membersFor(cid, me);
  // A block hides the conversation's history too, both ways.
  if (await isBlockedBetween(ctx.db, me, partnerId)) throw forbidden();
  const limit = query.limit;
  const found = await conversationMessages(ctx.db, cid, {
    limit: limit + 1,
    before: query.cursor,
    after: query.after,
  });
  const catchingUp = query.after !== undefined;
  const more = found.length > limit;
  // Oldest first: catching up drops the extra newest row, paging back the extra oldest.
  const page = more ? (catchingUp ? found.slice(0, limit) : found.slice(1)) : found;
  const edge = catchingUp ? page.at(-1) : page[0];
  return {
    messages: await Promise.all(page.map((row) => presentMessage(ctx.storage, row, me))),
    nextCursor: more && edge ? Number(edge.id) : null,
  };
}

export interface SentMessage {
  /** As the sender sees it. */
  message: Message;
  /** As the recipient sees it. */
  partnerView: Message;
  partnerId: number;
  unread: Record<string, number>;
  /** Connection changes the message caused (engagement, reward) to publish. */
  effects: ConnectionEffects;
  notificationsQueued: number;
  /** A scam-guard report this message opened (the third in a week). */
  reportOpened: boolean;
}

/**
 * The third scam-guard message from one sender within the window (counted since their
 * last scam-guard report) opens a report for the moderators. Serialised per sender with an
 * advisory lock taken last in the send (nothing after it waits on a conversation), and the
 * unique index on open scam-guard reports keeps it to one even so.
 */
async function reportRepeatedScams(tx: Tx, senderId: number, now: Date): Promise<boolean> {
  await lockScamGuardOf(tx, senderId);
  const recent = await recentScamMessages(tx, senderId, SCAM_GUARD.windowDays, now);
  if (recent.count < SCAM_GUARD.reportThreshold) return false;
  const text = SCAM_GUARD.reportText(recent.signals.sort() as ScamSignal[]);
  const opened = await openScamGuardReport(tx, senderId, text, now);
  // Issue 42: the account reaches nobody (no push, text or alert) until a moderator decides.
  if (opened) await setFraudHold(tx, senderId, true, now);
  return opened;
}

/**
 * Stores a message from `me` in `cid`, only while the two have an accepted connection,
 * checked under the conversation's row lock, so an unmatch that commits first stops the
 * message. The usual message is one statement (storeMessage, one round trip). A new
 * conversation, a sender's first message on a connection (recordMessageSent pays the
 * owner exactly once on engagement, in the same transaction) and a scam-guard hit (the
 * repeat report) take the transaction below instead.
 */
export async function sendMessage(
  ctx: ChatContext,
  me: number,
  cid: string,
  body: { text: string; type: string; blobKey: string | null; confirmed?: boolean },
): Promise<SentMessage> {
  return publishAfterCommit(ctx.realtime, async (events) => {
    const sent = await storeAndPresent(ctx, me, cid, body);
    events.add(...sentMessageEvents(me, sent));
    return sent;
  });
}

async function storeAndPresent(
  ctx: ChatContext,
  me: number,
  cid: string,
  body: { text: string; type: string; blobKey: string | null; confirmed?: boolean },
): Promise<SentMessage> {
  const { members, partnerId } = membersFor(cid, me);
  const now = ctx.clock();
  const scamFlags = body.text ? detectScamSignals(body.text) : [];
  if (scamFlags.length > 0 && !body.confirmed) {
    throw new AppError('SCAM_GUARD_CONFIRM', 409, SCAM_GUARD.question);
  }
  const message = {
    cid,
    senderId: me,
    text: body.text,
    type: body.type,
    blobKey: body.blobKey,
    scamFlags,
    now,
  };
  let stored: StoredSend | null = null;
  if (scamFlags.length === 0) {
    const outcome = await storeMessage(ctx.db, members, message);
    if (outcome.kind === 'not-accepted') throw notAccepted();
    if (outcome.kind === 'image-gone') throw imageGone();
    if (outcome.kind === 'stored') stored = storedSend(outcome.row, members);
  }
  stored ??= await sendInTransaction(ctx, members, partnerId, message);
  const [sent, partnerView] = await Promise.all([
    presentMessage(ctx.storage, stored.row, me),
    presentMessage(ctx.storage, stored.row, partnerId),
  ]);
  return { ...stored, message: sent, partnerView, partnerId };
}

type StoredSend = Omit<SentMessage, 'message' | 'partnerView' | 'partnerId'> & {
  row: StoredMessage;
};

const storedSend = (
  row: StoredMessage,
  members: readonly [number, number],
  effects: ConnectionEffects = { alerts: [], events: [] },
  reportOpened = false,
): StoredSend => ({
  row,
  unread: { [members[0]]: row.unread_a, [members[1]]: row.unread_b },
  effects,
  notificationsQueued: row.queued,
  reportOpened,
});

async function sendInTransaction(
  ctx: ChatContext,
  members: readonly [number, number],
  partnerId: number,
  message: Omit<Parameters<typeof storeMessageIn>[2], 'firstRecorded'>,
): Promise<StoredSend> {
  const { senderId: me, now } = message;
  return ctx.db.transaction(async (tx) => {
    // Conversation first, then connections, then (recordMessageSent) members: every send
    // takes them in this order, and no other path locks a conversation. Two sends of one
    // pair never overlap past this line.
    const standing = await lockConversation(tx, message.cid, members, me, now);
    if (standing.accepted === 0) throw notAccepted();
    let effects: ConnectionEffects = { alerts: [], events: [] };
    if (standing.firstMessage) {
      effects = await recordMessageSent(tx, { senderId: me, partnerId, now });
    }
    const outcome = await storeMessageIn(tx, members, {
      ...message,
      firstRecorded: standing.firstMessage,
    });
    if (outcome.kind === 'image-gone') throw imageGone();
    if (outcome.kind !== 'stored') throw notAccepted();
    const reportOpened =
      message.scamFlags.length > 0 ? await reportRepeatedScams(tx, me, now) : false;
    return storedSend(outcome.row, members, effects, reportOpened);
  });
}

/** Marks every message of `cid` read for `me`; returns the id read up to. */
export async function markRead(ctx: ChatContext, me: number, cid: string) {
  const { members, partnerId } = membersFor(cid, me);
  const lastReadId = await transactionThenPublish(ctx, async (tx, events) => {
    const upTo = (await markConversationRead(tx, me, members, cid)) ?? 0;
    if (upTo) await skipReadMessageNotifications(tx, me, cid, upTo);
    events.add(...readEvents({ cid, userId: me, partnerId, lastReadId: upTo }));
    return upTo;
  });
  return { lastReadId, partnerId };
}

/** The unread badge reads the counts as stored. */
export { unreadTotal } from './chat.repository';
