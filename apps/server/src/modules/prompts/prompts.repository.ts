// SQL of prompt answers: one row a slot, each member's rows read in slot order.
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { type PromptAnswerRow, promptAnswers } from '../../db/prompts.schema';

export type PromptAnswerContent =
  | { kind: 'text'; text_answer: string }
  | {
      kind: 'voice';
      voice_file_name: string;
      voice_duration_ms: number;
      voice_waveform: number[];
    };

export function answersOf(db: Executor, userIds: readonly number[]): Promise<PromptAnswerRow[]> {
  if (userIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(promptAnswers)
    .where(inArray(promptAnswers.user_id, [...userIds]))
    .orderBy(asc(promptAnswers.user_id), asc(promptAnswers.slot));
}

/** The slot's answer, row-locked: its replacement or removal decides what happens to its file. */
export async function lockSlot(
  tx: Executor,
  userId: number,
  slot: number,
): Promise<PromptAnswerRow | null> {
  const [row] = await tx
    .select()
    .from(promptAnswers)
    .where(and(eq(promptAnswers.user_id, userId), eq(promptAnswers.slot, slot)))
    .for('update');
  return row ?? null;
}

/** Writes the slot's answer over whatever it held (the caller locked the slot). */
export async function writeSlot(
  tx: Executor,
  answer: { userId: number; slot: number; promptId: string; now: Date } & PromptAnswerContent,
): Promise<PromptAnswerRow> {
  const values = {
    kind: answer.kind,
    prompt_id: answer.promptId,
    text_answer: answer.kind === 'text' ? answer.text_answer : null,
    voice_file_name: answer.kind === 'voice' ? answer.voice_file_name : null,
    voice_duration_ms: answer.kind === 'voice' ? answer.voice_duration_ms : null,
    voice_waveform: answer.kind === 'voice' ? answer.voice_waveform : null,
    updated_at: answer.now,
  };
  const [row] = await tx
    .insert(promptAnswers)
    .values({ user_id: answer.userId, slot: answer.slot, created_at: answer.now, ...values })
    .onConflictDoUpdate({ target: [promptAnswers.user_id, promptAnswers.slot], set: values })
    .returning();
  return row!;
}

export async function deleteSlot(
  tx: Executor,
  userId: number,
  slot: number,
): Promise<PromptAnswerRow | null> {
  const [row] = await tx
    .delete(promptAnswers)
    .where(and(eq(promptAnswers.user_id, userId), eq(promptAnswers.slot, slot)))
    .returning();
  return row ?? null;
}

/** The answer if it is this member's (a moderator's removal); null otherwise. */
export async function deleteMemberAnswer(
  tx: Executor,
  answerId: number,
  userId: number,
): Promise<PromptAnswerRow | null> {
  const [row] = await tx
    .delete(promptAnswers)
    .where(and(eq(promptAnswers.id, answerId), eq(promptAnswers.user_id, userId)))
    .returning();
  return row ?? null;
}

export function deleteAllAnswers(tx: Executor, userId: number): Promise<PromptAnswerRow[]> {
  return tx.delete(promptAnswers).where(eq(promptAnswers.user_id, userId)).returning();
}
