// Prompts contract (issue 44): a member's own answers (GET /prompts), a text answer saved
// in a slot (PUT /prompts/:slot), a voice answer uploaded as raw bytes
// (POST /prompts/:slot/voice?prompt_id=) and a slot cleared (DELETE /prompts/:slot). Other
// members read answers with the cards' profile data, a voice answer only as a signed URL.
import { z } from 'zod';
import {
  PROMPT_ANSWER_KINDS,
  PROMPT_IDS,
  PROMPT_MESSAGES,
  PROMPT_SLOTS,
  validatePromptAnswer,
} from '../rules/prompts';
import { safeText } from './common';

export const promptIdSchema = z.enum(PROMPT_IDS, { error: PROMPT_MESSAGES.unknownPrompt });

export const promptSlotParams = z.object({
  slot: z.coerce.number().int().min(1).max(PROMPT_SLOTS),
});

/** The answer passes on trimmed; the server's content check runs after this format check. */
export const promptTextAnswerBody = z.object({
  prompt_id: promptIdSchema,
  text: safeText({ max: 1000, multiline: true, trim: false })
    .superRefine((raw, ctx) => {
      const result = validatePromptAnswer(raw);
      if (!result.ok) ctx.addIssue({ code: 'custom', message: result.message });
    })
    .transform((raw) => raw.trim()),
});
export type PromptTextAnswerBody = z.input<typeof promptTextAnswerBody>;

export const promptVoiceQuery = z.object({ prompt_id: promptIdSchema });

export const voiceAnswerSchema = z.object({
  /** A signed URL that serves the recording for an hour, like a card photo's. */
  url: z.string(),
  duration_ms: z.number().int(),
  /** VOICE_WAVEFORM_BARS loudness bars, 0..100, drawn while it plays. */
  waveform: z.array(z.number().int()),
});

export const promptAnswerSchema = z.object({
  id: z.number().int(),
  slot: z.number().int(),
  prompt_id: promptIdSchema,
  kind: z.enum(PROMPT_ANSWER_KINDS),
  text: z.string().nullable(),
  voice: voiceAnswerSchema.nullable(),
});
export type PromptAnswer = z.infer<typeof promptAnswerSchema>;

export const myPromptsResponse = z.object({ prompts: z.array(promptAnswerSchema) });
export const savePromptResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  prompt: promptAnswerSchema,
});
export const deletePromptResponse = z.object({ success: z.literal(true), message: z.string() });
