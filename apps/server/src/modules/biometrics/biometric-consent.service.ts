// Biometric consent (product rules, Lawful to launch): face geometry is computed and
// compared only while the member's latest decision is 'agreed', given on the screen before
// the face-turn video with the text's version. Declining or withdrawing deletes every face
// description of the member at once (their videos' and photos'), which also takes them out
// of other members' duplicate search; their video stays for a person to review. Agreeing
// later sends a video the face match skipped back to it, and the photos no face model looked
// at back to the photo check.
//
// Decisions and the face match's writes take the member's row lock first, so a face match
// that started before a withdrawal cannot store a description after it.
import {
  BIOMETRIC_CONSENT_MESSAGES,
  BIOMETRIC_CONSENT_VERSION,
  type BiometricConsentState,
  type BiometricPolicy,
} from '@bidboard/shared';
import type { Config } from '../../config';
import type { Db, Executor } from '../../db/client';
import { badRequest } from '../../lib/errors';
import { enqueueVisionJob } from '../vision/vision-jobs.repository';
import {
  countFaceEmbeddings,
  deleteFaceEmbeddings,
  insertDecision,
  latestDecision,
  lockConsentOwner,
  photosAwaitingConsent,
  videoAwaitingConsent,
} from './biometric-consent.repository';

export interface ConsentContext {
  db: Db;
  clock: () => Date;
  config: Pick<Config, 'BIOMETRIC_RETENTION_DAYS' | 'VERIFICATION_VIDEO_RETENTION_DAYS'>;
  wakeVisionJobs: () => void;
}

/** Whether the face match may run for the member: their latest decision is 'agreed'. */
export async function hasBiometricConsent(db: Executor, userId: number): Promise<boolean> {
  return (await latestDecision(db, userId))?.decision === 'agreed';
}

export async function biometricConsentState(
  ctx: Pick<ConsentContext, 'db' | 'config'>,
  userId: number,
): Promise<BiometricConsentState> {
  const [latest, kept] = await Promise.all([
    latestDecision(ctx.db, userId),
    countFaceEmbeddings(ctx.db, userId),
  ]);
  return {
    decision: latest?.decision ?? null,
    version: latest?.version ?? null,
    decided_at: latest?.decided_at.toISOString() ?? null,
    current_version: BIOMETRIC_CONSENT_VERSION,
    retention_days: ctx.config.BIOMETRIC_RETENTION_DAYS,
    video_retention_days: ctx.config.VERIFICATION_VIDEO_RETENTION_DAYS,
    face_descriptions: kept,
  };
}

/** What the public retention policy states: the text version and the settings' numbers. */
export function biometricPolicy(ctx: Pick<ConsentContext, 'config'>): BiometricPolicy {
  return {
    version: BIOMETRIC_CONSENT_VERSION,
    retention_days: ctx.config.BIOMETRIC_RETENTION_DAYS,
    video_retention_days: ctx.config.VERIFICATION_VIDEO_RETENTION_DAYS,
  };
}

/** The member agreed or declined on the consent screen, having read `version`. */
export async function decideBiometricConsent(
  ctx: ConsentContext,
  userId: number,
  input: { decision: 'agreed' | 'declined'; version: string },
): Promise<BiometricConsentState> {
  // Agreement counts only for the words the member read.
  if (input.version !== BIOMETRIC_CONSENT_VERSION) {
    throw badRequest('VALIDATION', BIOMETRIC_CONSENT_MESSAGES.versionChanged);
  }
  const requeued = await ctx.db.transaction(async (tx) => {
    await lockConsentOwner(tx, userId);
    await insertDecision(tx, { userId, ...input, at: ctx.clock() });
    if (input.decision !== 'agreed') {
      await deleteFaceEmbeddings(tx, userId);
      return false;
    }
    const photos = await photosAwaitingConsent(tx, userId);
    for (const photo of photos) await enqueueVisionJob(tx, 'photo_screen', photo);
    const skipped = await videoAwaitingConsent(tx, userId);
    if (skipped !== null) await enqueueVisionJob(tx, 'face_match', skipped);
    return skipped !== null || photos.length > 0;
  });
  if (requeued) ctx.wakeVisionJobs();
  return biometricConsentState(ctx, userId);
}

/** Withdrawal (Profile Settings): every face description of the member goes at once. */
export async function withdrawBiometricConsent(
  ctx: ConsentContext,
  userId: number,
): Promise<BiometricConsentState> {
  await ctx.db.transaction(async (tx) => {
    await lockConsentOwner(tx, userId);
    const latest = await latestDecision(tx, userId);
    if (latest?.decision === 'agreed') {
      await insertDecision(tx, {
        userId,
        decision: 'withdrawn',
        version: latest.version,
        at: ctx.clock(),
      });
    }
    await deleteFaceEmbeddings(tx, userId);
  });
  return biometricConsentState(ctx, userId);
}
