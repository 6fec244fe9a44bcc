// What the server's models say about a photo before and after it is stored (issues 20 and
// 23). A photo going into slot 1 is checked while the member waits: no face, no slot 1
// (the rule cannot be dodged by uploading straight into the 1st spot). Photos in other
// slots are screened by a durable job. Either way a photo reaches other members only once
// it is approved and its nudity screening passed; one that scores at or above the
// nudity threshold is held for review instead.
//
// The face check only asks whether there is a face: the photo's face description is not
// kept here. Only the face match stores one, and only with the member's biometric consent
// (issue 42). Without that consent no face model looks at the photo at all (the detector
// computes the face's geometry on its way to an answer): it is 'no_consent', only the
// nudity model runs, and a person decides. A slot-1 photo then waits for a moderator even
// where uploads approve themselves, since nothing else saw a face in it.
import { MEDIA_MESSAGES } from '@bidboard/shared';
import type { Executor } from '../../db/client';
import type { ServiceContext } from '../../lib/context';
import { AppError, badRequest } from '../../lib/errors';
import { hasBiometricConsent } from '../biometrics/biometric-consent.service';
import { loadSettings } from '../settings/settings.service';
import { enqueueVisionJob } from '../vision/vision-jobs.repository';
import { latestVideoId } from './verification-videos.repository';

export type CheckContext = Pick<ServiceContext, 'db' | 'vision' | 'config'>;

export interface PhotoVerdict {
  face_status: 'face' | 'no_face' | 'no_consent';
  nudity_score: number;
  /** At or above the nudity threshold: held for review, shown to nobody else. */
  held: boolean;
}

/** Runs the nudity model on one of the member's photos, and the face detector with consent. */
export async function judgePhoto(
  ctx: CheckContext,
  userId: number,
  bytes: Uint8Array,
  priority: 'interactive' | 'background',
): Promise<PhotoVerdict> {
  const [settings, consented] = await Promise.all([
    loadSettings(ctx.db, ctx.config),
    hasBiometricConsent(ctx.db, userId),
  ]);
  const analysis = await ctx.vision.analyze(
    { encoded: bytes },
    { faces: consented, nudity: true, priority },
  );
  const nudity = analysis.nudity?.score ?? 0;
  return {
    face_status: !consented ? 'no_consent' : analysis.faces[0] ? 'face' : 'no_face',
    nudity_score: nudity,
    held: nudity >= settings.nudity_threshold,
  };
}

/** The verdict on a photo bound for slot 1, or the refusal the member sees. */
export async function checkFirstSpotUpload(ctx: CheckContext, userId: number, bytes: Uint8Array) {
  let verdict: PhotoVerdict;
  try {
    verdict = await judgePhoto(ctx, userId, bytes, 'interactive');
  } catch {
    throw new AppError('UNAVAILABLE', 503, MEDIA_MESSAGES.photoChecksBusy);
  }
  if (verdict.face_status === 'no_face')
    throw badRequest('VALIDATION', MEDIA_MESSAGES.faceRequired);
  return verdict;
}

/** The member's slot 1 changed: their latest verification video is matched again. */
export async function rematchVerification(db: Executor, userId: number): Promise<boolean> {
  const latest = await latestVideoId(db, userId);
  if (latest === null) return false;
  await enqueueVisionJob(db, 'face_match', latest);
  return true;
}
