// The 'face_match' job (issue 23, product rules: Safety that sees): frames decoded from a
// verification video are compared with the member's slot-1 photo and with every other
// member's verification. A mismatch, a video without a face, a head that never turns, or
// a likely duplicate account is not rejected: the video goes (back) to 'In review' with
// the evidence (the frames, the photo, the scores) for a moderator. Queued when a video is
// submitted and again whenever slot 1 changes.
//
// Liveness (issue 41): the browser widget asks for a head turn, but the server cannot
// trust the browser, and a WebM made from one photo matches that photo perfectly. So the
// head's yaw, from the same face mesh, is read on every sampled frame: a face whose yaw
// range stays under `face_turn_min_degrees` is 'no_turn', never a match.
//
// Biometric consent (issue 42): the match runs only while the member's latest decision is
// 'agreed'. Without it no frame goes through the models: the video is marked 'no_consent'
// and stays 'In review' for a person to compare by eye. The consent is read again under the
// member's row lock where the descriptions are stored, so a withdrawal made while the models
// ran leaves nothing behind.
//
// The duplicate search is a bounded scan: other members' descriptions are read in id
// order, DUPLICATE_PAGE at a time, so memory stays flat; at ~4 KB a description it reads
// about 4 MB per thousand verified members (a vector index is the next step at scale).
import { extractFrames } from '../../adapters/vision/video-frames';
import {
  type DetectedFace,
  embeddingFromBytes,
  embeddingToBytes,
  faceSimilarity,
} from '../../adapters/vision/vision.port';
import type { Executor } from '../../db/client';
import type { ProfileImageRow, VerificationVideoRow } from '../../db/media.schema';
import { lockConsentOwner } from '../biometrics/biometric-consent.repository';
import { hasBiometricConsent } from '../biometrics/biometric-consent.service';
import { limitsSensitiveInformation } from '../privacy/sensitive-limit.repository';
import { loadSettings } from '../settings/settings.service';
import { encodeJpeg, readStored } from '../vision/pixels';
import type { VisionJobHandler, VisionWorkContext } from '../vision/vision-job-runner';
import { activeSlotOnePhoto, saveFaceEmbedding } from './profile-images.repository';
import {
  findVideo,
  lockVideo,
  otherMembersFacesPage,
  recordFaceMatch,
} from './verification-videos.repository';
import { probeWebm } from './webm-probe';

/**
 * Frames compared per video, spread over its length: enough that a recording of left,
 * right and up shows at least one frame on each side of centre.
 */
export const FACE_MATCH_FRAMES = 8;
/** Frames kept as the reviewer's evidence. */
const EVIDENCE_FRAMES = 3;
const DUPLICATE_PAGE = 500;

interface FrameFace {
  frame: number;
  face: DetectedFace;
  similarity: number | null;
}

async function photoEmbedding(ctx: VisionWorkContext, photo: ProfileImageRow) {
  if (photo.face_embedding) return embeddingFromBytes(photo.face_embedding);
  const bytes = await readStored(ctx.storage, photo.file_name);
  if (!bytes) return null;
  const analysis = await ctx.vision.analyze(
    { encoded: bytes },
    {
      faces: true,
      nudity: false,
      priority: 'background',
    },
  );
  return analysis.faces[0]?.embedding ?? null;
}

/** How far the head turned across the frames: the yaw range, in degrees (0 with one pose). */
export function turnDegrees(faces: readonly { face: DetectedFace }[]): number {
  const yaws = faces.flatMap(({ face }) => (face.yaw === null ? [] : [face.yaw]));
  if (yaws.length < 2) return 0;
  const range = Math.max(...yaws) - Math.min(...yaws);
  return Math.round(((range * 180) / Math.PI) * 10) / 10;
}

/** The other member whose verification looks most like `embedding`, scanned page by page. */
async function nearestOtherMember(db: Executor, userId: number, embedding: Float32Array) {
  let best: { userId: number; score: number } | null = null;
  let after = 0;
  for (;;) {
    const page = await otherMembersFacesPage(db, { userId, afterId: after, limit: DUPLICATE_PAGE });
    for (const other of page) {
      const score = faceSimilarity(embedding, embeddingFromBytes(other.face_embedding!));
      if (!best || score > best.score) best = { userId: other.user_id, score };
    }
    if (page.length < DUPLICATE_PAGE) return best;
    after = page.at(-1)!.id;
  }
}

export const matchVerificationFace: VisionJobHandler = async (ctx, run) => {
  const video = await findVideo(ctx.db, run.job.subject_id);
  // Replaced by a newer submission (issue 41): no model time for a video nobody will use.
  if (!video || video.superseded_at) return;
  if (!(await hasBiometricConsent(ctx.db, video.user_id))) {
    await recordWithoutConsent(ctx, run, video.id);
    return;
  }
  const photo = await activeSlotOnePhoto(ctx.db, video.user_id);
  const bytes = await readStored(ctx.storage, video.file_name);
  if (!bytes) return;
  const probe = probeWebm(bytes);
  const frames = await extractFrames(bytes, {
    count: FACE_MATCH_FRAMES,
    durationSeconds: probe?.durationSeconds ?? 3,
    maxEdge: 512,
    ffmpegPath: ctx.config.FFMPEG_PATH,
  });
  const [settings, reference] = await Promise.all([
    loadSettings(ctx.db, ctx.config),
    photo ? photoEmbedding(ctx, photo) : null,
  ]);

  const faces: FrameFace[] = [];
  for (const [index, frame] of frames.entries()) {
    const analysis = await ctx.vision.analyze(frame, {
      faces: true,
      nudity: false,
      priority: 'background',
    });
    const face = analysis.faces[0];
    if (!face) continue;
    faces.push({
      frame: index,
      face,
      similarity: reference ? faceSimilarity(reference, face.embedding) : null,
    });
  }
  // The clearest frame: the best match with the photo, else the surest detection.
  const ranked = [...faces].sort((a, b) =>
    reference ? (b.similarity ?? 0) - (a.similarity ?? 0) : b.face.score - a.face.score,
  );
  const best = ranked[0];
  const score = best?.similarity ?? null;
  const turn = best ? turnDegrees(faces) : null;
  const result = !photo
    ? 'no_photo'
    : !best
      ? 'no_face'
      : score !== null && score < settings.face_match_threshold
        ? 'mismatch'
        : turn !== null && turn < settings.face_turn_min_degrees
          ? 'no_turn'
          : 'match';
  // Issue 42: 'Limit the use of my sensitive information' compares their face with nobody's.
  const nearest =
    best && !(await limitsSensitiveInformation(ctx.db, video.user_id))
      ? await nearestOtherMember(ctx.db, video.user_id, best.face.embedding)
      : null;
  const duplicate = nearest && nearest.score >= settings.face_duplicate_threshold ? nearest : null;

  // Evidence: the best frames, or the first ones when none shows a face.
  const evidenceFrames = (ranked.length ? ranked.map((f) => f.frame) : frames.map((_, i) => i))
    .slice(0, EVIDENCE_FRAMES)
    .sort((a, b) => a - b);
  const evidence: string[] = [];
  try {
    for (const index of evidenceFrames) {
      const key = ctx.storage.newKey(`verification-evidence/${video.user_id}`, 'jpg');
      await ctx.storage.put(key, await encodeJpeg(frames[index]!), 'image/jpeg');
      evidence.push(key);
    }
  } catch (error) {
    await Promise.allSettled(evidence.map((key) => ctx.storage.delete(key)));
    throw error;
  }

  const flagged =
    result === 'mismatch' || result === 'no_face' || result === 'no_turn' || duplicate !== null;
  let replaced: string[] = [];
  const committed = await run.commit(async (tx) => {
    await lockConsentOwner(tx, video.user_id);
    const current = await lockVideo(tx, video.id);
    if (!current || current.superseded_at) {
      replaced = evidence;
      return;
    }
    // Withdrawn while the models ran: no description is stored, and a person reviews.
    if (!(await hasBiometricConsent(tx, video.user_id))) {
      replaced = [...evidence, ...current.evidence_keys];
      await markNoConsent(tx, current, ctx.clock());
      return;
    }
    replaced = current.evidence_keys;
    await recordFaceMatch(tx, video.id, {
      face_match: result,
      face_match_score: score,
      face_turn_degrees: turn,
      face_match_photo_id: photo?.id ?? null,
      face_embedding: best ? embeddingToBytes(best.face.embedding) : null,
      duplicate_user_id: duplicate?.userId ?? null,
      duplicate_score: duplicate?.score ?? null,
      evidence_keys: evidence,
      face_checked_at: ctx.clock(),
      // Flagged: back to 'In review' for a person, even if approved before.
      ...(flagged && current.verification_status === 'approved'
        ? { verification_status: 'pending' as const }
        : {}),
      updated_at: ctx.clock(),
    });
    if (photo && reference && !photo.face_embedding) {
      await saveFaceEmbedding(tx, photo.id, embeddingToBytes(reference));
    }
  });
  const orphaned = committed ? replaced : evidence;
  await Promise.allSettled(orphaned.map((key) => ctx.storage.delete(key)));
};

/** No consent: nothing measured, the video waits for a person ('In review'). */
async function markNoConsent(tx: Executor, current: VerificationVideoRow, now: Date) {
  await recordFaceMatch(tx, current.id, {
    face_match: 'no_consent',
    face_match_score: null,
    face_turn_degrees: null,
    face_match_photo_id: null,
    face_embedding: null,
    duplicate_user_id: null,
    duplicate_score: null,
    evidence_keys: [],
    face_checked_at: now,
    ...(current.verification_status === 'approved'
      ? { verification_status: 'pending' as const }
      : {}),
    updated_at: now,
  });
}

async function recordWithoutConsent(
  ctx: VisionWorkContext,
  run: Parameters<VisionJobHandler>[1],
  videoId: number,
) {
  let frames: string[] = [];
  await run.commit(async (tx) => {
    const current = await lockVideo(tx, videoId);
    if (!current || current.superseded_at) return;
    frames = current.evidence_keys;
    await markNoConsent(tx, current, ctx.clock());
  });
  // Frames kept from a match made while the member still agreed.
  await Promise.allSettled(frames.map((key) => ctx.storage.delete(key)));
}
