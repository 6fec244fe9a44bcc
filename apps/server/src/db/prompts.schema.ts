// Prompt answers (issue 44): up to three per member, one a slot, each prompt once. A text
// answer keeps its words; a voice answer its recording's storage key (a WebM/Opus file the
// server probed), length and waveform. Rows go with the account (safety/account-deletion),
// their recordings through the storage deletion queue.
import { sql } from 'drizzle-orm';
import {
  check,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './schema';

export const promptAnswers = pgTable(
  'prompt_answers',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    slot: smallint('slot').notNull(),
    /** A key of the shared PROMPT_TEXTS. */
    prompt_id: text('prompt_id').notNull(),
    kind: text('kind', { enum: ['text', 'voice'] }).notNull(),
    text_answer: text('text_answer'),
    /** Storage key of the recording. */
    voice_file_name: text('voice_file_name'),
    voice_duration_ms: integer('voice_duration_ms'),
    voice_waveform: jsonb('voice_waveform').$type<number[]>(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('prompt_answers_slot_key').on(t.user_id, t.slot),
    uniqueIndex('prompt_answers_prompt_key').on(t.user_id, t.prompt_id),
    check('prompt_answers_slot_range', sql`${t.slot} BETWEEN 1 AND 3`),
    check(
      'prompt_answers_kind_shape',
      sql`(${t.kind} = 'text' AND ${t.text_answer} IS NOT NULL AND ${t.voice_file_name} IS NULL)
       OR (${t.kind} = 'voice' AND ${t.voice_file_name} IS NOT NULL AND ${t.text_answer} IS NULL
           AND ${t.voice_duration_ms} IS NOT NULL AND ${t.voice_waveform} IS NOT NULL)`,
    ),
  ],
);

export type PromptAnswerRow = typeof promptAnswers.$inferSelect;
