// HTTP adapter for marketplace §7 Chat under /api/chat, plus the image upload and the
// signed-URL refresh of chat images. Every route needs a signed-in member; the service
// decides whether they are in the conversation and may write in it.
import {
  chatImageParams,
  chatImageUploadResponse,
  chatImageUrlResponse,
  chatUnreadResponse,
  cidParams,
  conversationsQuery,
  conversationsResponse,
  errorResponseSchema,
  MEDIA_MESSAGES,
  markReadResponse,
  messagesQuery,
  messagesResponse,
  PHOTO_UPLOAD_BODY_LIMIT,
  sendMessageBody,
  sendMessageResponse,
  startConversationBody,
  startConversationResponse,
} from '@bidboard/shared';
import { AppError } from '../../lib/errors';
import { errorResponses, type FastifyZodApp } from '../../lib/fastify';
import { chatMetrics } from '../../lib/metrics';
import { acceptRawImageBodies } from '../../lib/raw-image-body';
import { withSpan } from '../../lib/tracing';
import {
  type ChatContext,
  listConversations,
  listMessages,
  markRead,
  membersFor,
  sendMessage,
  startConversation,
  unreadTotal,
} from './chat.service';
import { chatImageUrl, imageKeyForMessage, uploadChatImage } from './chat-images';

const errors = errorResponses(400, 401, 403, 404, 409);
const tags = ['chat'];

export interface ChatRouteOptions {
  ctx: ChatContext;
  /** Wakes the notification outbox after a message queued some. */
  onNotificationsQueued: () => void;
}

export async function chatRoutes(
  app: FastifyZodApp,
  { ctx, onNotificationsQueued }: ChatRouteOptions,
) {
  const member = { onRequest: app.requireMember };

  app.get(
    '/chat/conversations',
    {
      ...member,
      schema: {
        tags,
        querystring: conversationsQuery,
        response: { 200: conversationsResponse, ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      ...(await listConversations(ctx, request.member!.id, request.query)),
    }),
  );

  app.post(
    '/chat/conversations',
    {
      ...member,
      schema: {
        tags,
        body: startConversationBody,
        response: { 200: startConversationResponse, ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      ...(await startConversation(ctx, request.member!.id, request.body.partnerId)),
    }),
  );

  app.get(
    '/chat/conversations/:cid/messages',
    {
      ...member,
      schema: {
        tags,
        params: cidParams,
        querystring: messagesQuery,
        response: { 200: messagesResponse, ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      ...(await listMessages(ctx, request.member!.id, request.params.cid, request.query)),
    }),
  );

  // The hot route: who is sending is all it needs (the send itself checks the connection).
  app.post(
    '/chat/conversations/:cid/messages',
    {
      onRequest: app.requireSession,
      schema: {
        tags,
        params: cidParams,
        body: sendMessageBody,
        response: { 200: sendMessageResponse, ...errors },
      },
    },
    async (request) => {
      const me = request.session!.userId;
      const { cid } = request.params;
      const { text, type, blobUrl, confirmed } = request.body;
      const blobKey =
        type === 'image' && blobUrl ? await imageKeyForMessage(ctx, me, cid, blobUrl) : null;
      const sent = await withSpan('chat send', {}, () =>
        sendMessage(ctx, me, cid, { text, type, blobKey, confirmed }),
      );
      chatMetrics.sent(type === 'image' ? 'image' : 'text');
      if (sent.notificationsQueued > 0) onNotificationsQueued();
      return { success: true as const, msgId: sent.message.id, message: sent.message };
    },
  );

  app.post(
    '/chat/conversations/:cid/read',
    {
      ...member,
      schema: { tags, params: cidParams, response: { 200: markReadResponse, ...errors } },
    },
    async (request) => {
      const me = request.member!.id;
      const { cid } = request.params;
      const read = await markRead(ctx, me, cid);
      return { success: true as const, lastReadId: read.lastReadId };
    },
  );

  app.get(
    '/chat/conversations/:cid/images/:name',
    {
      ...member,
      schema: { tags, params: chatImageParams, response: { 200: chatImageUrlResponse, ...errors } },
    },
    async (request) => ({
      success: true as const,
      url: await chatImageUrl(ctx, request.member!.id, request.params.cid, request.params.name),
    }),
  );

  app.get(
    '/chat/unread',
    { ...member, schema: { tags, response: { 200: chatUnreadResponse, ...errors } } },
    async (request) => ({
      success: true as const,
      unread: await unreadTotal(ctx.db, request.member!.id),
    }),
  );

  await app.register(chatImageUploadRoute, { ctx });
}

/**
 * POST /chat/conversations/{cid}/images: the body is the image's raw bytes (any
 * Content-Type: the decoder decides). Its own scope, so the raw parser and the larger body
 * limit apply here only; the member is checked before the body is read.
 */
async function chatImageUploadRoute(app: FastifyZodApp, { ctx }: { ctx: ChatContext }) {
  acceptRawImageBodies(app);
  app.post(
    '/chat/conversations/:cid/images',
    {
      // A stranger to the conversation is turned away before 16 MB are read.
      onRequest: [
        app.requireMember,
        async (request) => {
          membersFor(String((request.params as { cid?: unknown }).cid), request.member!.id);
        },
      ],
      bodyLimit: PHOTO_UPLOAD_BODY_LIMIT,
      schema: {
        tags,
        params: cidParams,
        response: { 200: chatImageUploadResponse, ...errors, 413: errorResponseSchema },
      },
    },
    async (request) => {
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      if (body.length === 0) throw new AppError('VALIDATION', 400, MEDIA_MESSAGES.notAnImage);
      return {
        success: true as const,
        ...(await uploadChatImage(ctx, request.member!.id, request.params.cid, body)),
      };
    },
  );
}
