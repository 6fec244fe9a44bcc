// The 'photo_screen' job (issue 23): the face check and the nudity model on a photo stored
// in slot 2 or 3 (slot-1 uploads are checked before they are stored). A photo at or above
// the nudity threshold is held and goes back to review; below it, the photo may be shown
// once approved. The face check decides whether the photo may later move into slot 1
// (issue 20). A slot-1 photo found without a face (one stored before these checks) goes
// back to review: moderators decide.
//
// Agreeing to face matching (issue 42) queues this job for the photos no face model looked
// at: a slot-1 photo held only for that is then approved as uploads are, when a face is found.
import { readStored } from '../vision/pixels';
import type { VisionJobHandler } from '../vision/vision-job-runner';
import { judgePhoto, rematchVerification } from './photo-checks';
import { findImage, lockImage, recordScreening } from './profile-images.repository';
import { initialReviewStatus } from './profile-images.service';

export const screenPhoto: VisionJobHandler = async (ctx, run) => {
  const photo = await findImage(ctx.db, run.job.subject_id);
  if (!photo?.is_active) return;
  const bytes = await readStored(ctx.storage, photo.file_name);
  if (!bytes) return;
  const verdict = await judgePhoto(ctx, photo.user_id, bytes, 'background');
  await run.commit(async (tx) => {
    const current = await lockImage(tx, photo.id);
    if (!current?.is_active) return;
    const slotOneWithoutFace = current.display_order === 1 && verdict.face_status === 'no_face';
    const toReview = (verdict.held || slotOneWithoutFace) && current.review_status === 'approved';
    const faceNowSeen =
      current.face_status === 'no_consent' &&
      verdict.face_status !== 'no_consent' &&
      !verdict.held &&
      current.screen_status !== 'held' &&
      !slotOneWithoutFace &&
      current.review_status === 'pending';
    await recordScreening(tx, current.id, {
      // A model's earlier answer stands when consent has been withdrawn since.
      face_status:
        verdict.face_status === 'no_consent' && current.face_status !== 'pending'
          ? current.face_status
          : verdict.face_status,
      nudity_score: verdict.nudity_score,
      screened_at: ctx.clock(),
      // A person's decision (approved after a hold) is not undone by a second look.
      ...(current.screen_status === 'pending'
        ? { screen_status: verdict.held ? ('held' as const) : ('passed' as const) }
        : {}),
      ...(toReview ? { review_status: 'pending' as const } : {}),
      ...(faceNowSeen ? { review_status: initialReviewStatus(ctx) } : {}),
    });
    if (current.display_order === 1) await rematchVerification(tx, current.user_id);
  });
};
