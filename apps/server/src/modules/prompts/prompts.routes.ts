// HTTP adapter for a member's own prompt answers (issue 44). Every route acts on the
// signed-in member's slots only; others read answers with the cards' profile data.
import {
  deletePromptResponse,
  myPromptsResponse,
  PROMPT_MESSAGES,
  promptSlotParams,
  promptTextAnswerBody,
  promptVoiceQuery,
  savePromptResponse,
  VOICE_ANSWER_BODY_LIMIT,
} from '@bidboard/shared';
import type { FastifyError } from 'fastify';
import type { ServiceContext } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { errorResponses, type FastifyZodApp } from '../../lib/fastify';
import {
  clearPromptSlot,
  myPromptAnswers,
  saveTextAnswer,
  saveVoiceAnswer,
} from './prompts.service';

const errors = errorResponses(400, 401, 404, 409, 413, 503);
const tags = ['prompts'];

export async function promptsRoutes(app: FastifyZodApp, { ctx }: { ctx: ServiceContext }) {
  const member = { onRequest: app.requireMember };

  app.get(
    '/prompts',
    { ...member, schema: { tags, response: { 200: myPromptsResponse, ...errors } } },
    async (request) => ({ prompts: await myPromptAnswers(ctx, request.member!.id) }),
  );

  app.put(
    '/prompts/:slot',
    {
      ...member,
      schema: {
        tags,
        params: promptSlotParams,
        body: promptTextAnswerBody,
        response: { 200: savePromptResponse, ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      message: PROMPT_MESSAGES.saved,
      prompt: await saveTextAnswer(ctx, request.member!.id, request.params.slot, request.body),
    }),
  );

  app.delete(
    '/prompts/:slot',
    {
      ...member,
      schema: {
        tags,
        params: promptSlotParams,
        response: { 200: deletePromptResponse, ...errors },
      },
    },
    async (request) => {
      await clearPromptSlot(ctx, request.member!.id, request.params.slot);
      return { success: true as const, message: PROMPT_MESSAGES.deleted };
    },
  );

  await app.register(voiceUploadRoute, { ctx });
}

/**
 * POST /prompts/:slot/voice?prompt_id=: the body is the recording's raw bytes (any
 * Content-Type: the probe decides what it is). Its own scope, so the raw parser and the
 * 2 MB limit apply here only.
 */
async function voiceUploadRoute(app: FastifyZodApp, { ctx }: { ctx: ServiceContext }) {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    '*',
    { parseAs: 'buffer', bodyLimit: VOICE_ANSWER_BODY_LIMIT },
    (_request, body, done) => done(null, body),
  );
  app.setErrorHandler((error: FastifyError) => {
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      throw new AppError('VALIDATION', 413, PROMPT_MESSAGES.voiceTooLarge);
    }
    throw error;
  });

  app.post(
    '/prompts/:slot/voice',
    {
      // Authenticate before the body is read, so strangers cannot make us buffer it.
      onRequest: app.requireMember,
      bodyLimit: VOICE_ANSWER_BODY_LIMIT,
      schema: {
        tags,
        params: promptSlotParams,
        querystring: promptVoiceQuery,
        response: { 200: savePromptResponse, ...errors },
      },
    },
    async (request) => {
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      if (body.length === 0) throw new AppError('VALIDATION', 400, PROMPT_MESSAGES.voiceNotOpus);
      return {
        success: true as const,
        message: PROMPT_MESSAGES.saved,
        prompt: await saveVoiceAnswer(
          ctx,
          request.member!.id,
          request.params.slot,
          request.query.prompt_id,
          body,
        ),
      };
    },
  );
}
