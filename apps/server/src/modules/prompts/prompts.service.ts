// Prompt answers (issue 44, product rules 'Prompts'): a member keeps up to three, one a
// slot, each prompt once; a text answer passes the bio's content check, a voice answer the
// server's probe (WebM container, one Opus stream, 30 s at most) before it is stored. A
// replaced or removed recording is queued for deletion in the transaction that drops it.
// Others hear a recording only through a signed URL from the storage adapter, as they see
// photos.
import {
  PROMPT_MESSAGES,
  type PromptAnswer,
  type PromptId,
  VOICE_ANSWER_MAX_BYTES,
} from '@bidboard/shared';
import type { Storage } from '../../adapters/storage/storage.port';
import type { Executor } from '../../db/client';
import type { PromptAnswerRow } from '../../db/prompts.schema';
import { checkPromptAnswer } from '../../lib/content-check';
import type { ServiceContext } from '../../lib/context';
import { AppError, badRequest, constraintOf, notFound } from '../../lib/errors';
import { queueStorageDeletions } from '../media/storage-deletions';
import {
  answersOf,
  deleteAllAnswers,
  deleteMemberAnswer,
  deleteSlot,
  lockSlot,
  type PromptAnswerContent,
  writeSlot,
} from './prompts.repository';
import { probeVoiceAnswer, type VoiceProblem } from './voice-probe';

export type PromptsContext = Pick<ServiceContext, 'db' | 'storage' | 'clock' | 'config'>;

export const VOICE_ANSWER_CONTENT_TYPE = 'audio/webm';

const VOICE_PROBLEM_MESSAGES: Record<VoiceProblem, string> = {
  not_opus_webm: PROMPT_MESSAGES.voiceNotOpus,
  too_long: PROMPT_MESSAGES.voiceTooLong,
  empty: PROMPT_MESSAGES.voiceEmpty,
};

async function presentAnswer(storage: Storage, row: PromptAnswerRow): Promise<PromptAnswer> {
  const voice =
    row.kind === 'voice' && row.voice_file_name
      ? {
          url: await storage.signedUrl(row.voice_file_name),
          duration_ms: row.voice_duration_ms ?? 0,
          waveform: row.voice_waveform ?? [],
        }
      : null;
  return {
    id: row.id,
    slot: row.slot,
    prompt_id: row.prompt_id as PromptId,
    kind: row.kind,
    text: row.kind === 'text' ? row.text_answer : null,
    voice,
  };
}

/** Each member's answers in slot order (blocks are the caller's filter, as for photos). */
export async function promptAnswersFor(
  db: Executor,
  storage: Storage,
  userIds: readonly number[],
): Promise<Map<number, PromptAnswer[]>> {
  const found = await answersOf(db, [...new Set(userIds)]);
  const presented = await Promise.all(found.map((row) => presentAnswer(storage, row)));
  const byMember = new Map<number, PromptAnswer[]>(userIds.map((id) => [id, []]));
  found.forEach((row, i) => {
    byMember.get(row.user_id)?.push(presented[i]!);
  });
  return byMember;
}

export async function myPromptAnswers(ctx: PromptsContext, userId: number) {
  return (await promptAnswersFor(ctx.db, ctx.storage, [userId])).get(userId)!;
}

/** The prompt is answered in another of the member's slots. */
async function refusePromptTaken(db: Executor, userId: number, slot: number, promptId: string) {
  const answers = await answersOf(db, [userId]);
  if (answers.some((a) => a.prompt_id === promptId && a.slot !== slot)) {
    throw new AppError('CONFLICT', 409, PROMPT_MESSAGES.promptTaken);
  }
}

async function saveSlot(
  ctx: PromptsContext,
  userId: number,
  slot: number,
  promptId: PromptId,
  content: PromptAnswerContent,
): Promise<PromptAnswer> {
  const now = ctx.clock();
  try {
    const row = await ctx.db.transaction(async (tx) => {
      const before = await lockSlot(tx, userId, slot);
      await refusePromptTaken(tx, userId, slot, promptId);
      const saved = await writeSlot(tx, { userId, slot, promptId, now, ...content });
      const dropped = before?.voice_file_name;
      if (dropped && dropped !== saved.voice_file_name) {
        await queueStorageDeletions(tx, [dropped], 'prompt_answer_replaced', now);
      }
      return saved;
    });
    return await presentAnswer(ctx.storage, row);
  } catch (error) {
    // Two saves of the same prompt in two slots at once: the unique index stops the second.
    if (constraintOf(error) === 'prompt_answers_prompt_key') {
      throw new AppError('CONFLICT', 409, PROMPT_MESSAGES.promptTaken);
    }
    throw error;
  }
}

export async function saveTextAnswer(
  ctx: PromptsContext,
  userId: number,
  slot: number,
  input: { prompt_id: PromptId; text: string },
): Promise<PromptAnswer> {
  const checked = checkPromptAnswer(input.text);
  if (!checked.isValid) throw badRequest('VALIDATION', checked.reason!);
  return saveSlot(ctx, userId, slot, input.prompt_id, {
    kind: 'text',
    text_answer: checked.cleanedInput,
  });
}

export async function saveVoiceAnswer(
  ctx: PromptsContext,
  userId: number,
  slot: number,
  promptId: PromptId,
  bytes: Buffer,
): Promise<PromptAnswer> {
  if (bytes.length > VOICE_ANSWER_MAX_BYTES) {
    throw new AppError('VALIDATION', 413, PROMPT_MESSAGES.voiceTooLarge);
  }
  // Refused before the probe's work and the stored file.
  await refusePromptTaken(ctx.db, userId, slot, promptId);
  let probe: Awaited<ReturnType<typeof probeVoiceAnswer>>;
  try {
    probe = await probeVoiceAnswer(bytes, {
      ffprobePath: ctx.config.FFPROBE_PATH,
      ffmpegPath: ctx.config.FFMPEG_PATH,
    });
  } catch {
    throw new AppError('UNAVAILABLE', 503, PROMPT_MESSAGES.voiceBusy);
  }
  if (!probe.ok) throw badRequest('VALIDATION', VOICE_PROBLEM_MESSAGES[probe.problem]);
  const key = ctx.storage.newKey(`voice-answers/${userId}`, 'webm');
  await ctx.storage.put(key, bytes, VOICE_ANSWER_CONTENT_TYPE);
  try {
    return await saveSlot(ctx, userId, slot, promptId, {
      kind: 'voice',
      voice_file_name: key,
      voice_duration_ms: probe.durationMs,
      voice_waveform: probe.waveform,
    });
  } catch (error) {
    await ctx.storage.delete(key);
    throw error;
  }
}

export async function clearPromptSlot(
  ctx: PromptsContext,
  userId: number,
  slot: number,
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const removed = await deleteSlot(tx, userId, slot);
    if (!removed) throw notFound(PROMPT_MESSAGES.answerNotFound);
    if (removed.voice_file_name) {
      await queueStorageDeletions(
        tx,
        [removed.voice_file_name],
        'prompt_answer_removed',
        ctx.clock(),
      );
    }
  });
}

/**
 * A moderator takes one reported answer off the member's profile (a report's
 * 'remove_prompt'): the row goes and its recording is queued for deletion in the caller's
 * transaction. Null when the answer is not this member's (or already gone).
 */
export async function removeReportedPromptAnswer(
  tx: Executor,
  answerId: number,
  userId: number,
  now: Date,
): Promise<PromptAnswerRow | null> {
  const removed = await deleteMemberAnswer(tx, answerId, userId);
  if (removed?.voice_file_name) {
    await queueStorageDeletions(tx, [removed.voice_file_name], 'prompt_answer_reported', now);
  }
  return removed;
}

/** Every answer of a member goes (account deletion); the recordings' keys to queue. */
export async function deleteMemberPromptAnswers(tx: Executor, userId: number): Promise<string[]> {
  const removed = await deleteAllAnswers(tx, userId);
  return removed.flatMap((row) => (row.voice_file_name ? [row.voice_file_name] : []));
}
