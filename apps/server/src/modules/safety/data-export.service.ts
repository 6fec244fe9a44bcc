// Data export (issue 11): everything stored about a member, as one JSON document they
// download from Profile Settings. Photos, the verification video and voice answers to
// prompts (issue 44) come as signed URLs (valid an hour); other members appear by id and
// username only, the chat part is the member's conversations and the messages they wrote, and the reports the member made
// carry what they wrote, never the moderators' notes. It holds what the account holds
// about the member (issue 41): their hidden maximums, each session's device id, the
// balance and every ledger row by origin, second chances and every payment attempt, and
// the requests they made in the Privacy Center with their status (issue 42).
import { PROMPT_TEXTS } from '@bidboard/shared';
import type { Storage } from '../../adapters/storage/storage.port';
import type { Db } from '../../db/client';
import { notFound } from '../../lib/errors';
import { listProfileImages } from '../media/profile-images.service';
import { promptAnswersFor } from '../prompts/prompts.service';
import { presentUser } from '../users/user.presenter';
import { findUserById } from '../users/users.repository';
import { memberDataSections, verificationVideosOf } from './data-export.repository';

export interface ExportContext {
  db: Db;
  storage: Storage;
  clock: () => Date;
}

export async function exportMemberData(ctx: ExportContext, userId: number) {
  const member = await findUserById(ctx.db, userId);
  if (!member) throw notFound();
  const photos = await listProfileImages(ctx, userId, { size: 'original' });
  const videos = await verificationVideosOf(ctx.db, userId);
  const data = await memberDataSections(ctx.db, userId);
  const prompts = (await promptAnswersFor(ctx.db, ctx.storage, [userId])).get(userId) ?? [];
  return {
    exported_at: ctx.clock().toISOString(),
    profile: {
      ...presentUser(member),
      phone_number: member.phone_number,
      // The balance by origin (product rules, The token economy), beside tokenBalance.
      promotional_tokens: member.promotional_tokens,
      purchased_tokens: member.purchased_tokens,
      sms_consent_at: member.sms_consent_at,
      created_at: member.created_at,
      updated_at: member.updated_at,
      last_active_at: member.last_active_at,
      suspended_at: member.suspended_at,
    },
    photos,
    verification_videos: await Promise.all(
      videos.map(async (v) => ({
        id: v.id,
        verification_status: v.verification_status,
        created_at: v.created_at,
        url: await ctx.storage.signedUrl(v.file_name),
      })),
    ),
    // Each answer with its prompt's words; a recording by signed URL, as the photos.
    prompts: prompts.map((answer) => ({
      slot: answer.slot,
      prompt_id: answer.prompt_id,
      prompt: PROMPT_TEXTS[answer.prompt_id],
      kind: answer.kind,
      text: answer.text,
      voice: answer.voice && { url: answer.voice.url, duration_ms: answer.voice.duration_ms },
    })),
    ...data,
  };
}
