// The 'chat_image_screen' job (issue 23): the nudity model on an image sent in chat. At
// or above the threshold the image is flagged and a heavily blurred copy is stored, which
// is what the recipient sees until they tap to view. Messages already carrying the image
// are sent again to both members with their own view once the result is stored.
import { publishAfterCommit, type Realtime } from '../../lib/realtime';
import { loadSharp } from '../../lib/sharp';
import { loadSettings } from '../settings/settings.service';
import { readStored } from '../vision/pixels';
import type { VisionJobHandler, VisionWorkContext } from '../vision/vision-job-runner';
import { messageUpdatedEvents } from './chat.events';
import { messagesWithImage } from './chat.repository';
import { membersFor, presentMessage } from './chat.service';
import { chatImageById, recordImageScreening } from './chat-images.repository';

/** Nothing of a flagged image survives: 24 px across, then blurred back up. */
async function blurredCopy(bytes: Buffer): Promise<Buffer> {
  const sharp = await loadSharp();
  const tiny = await sharp(bytes).resize(24, 24, { fit: 'inside' }).toBuffer();
  return sharp(tiny).resize(480, 480, { fit: 'inside' }).blur(12).webp({ quality: 60 }).toBuffer();
}

export const screenChatImage: VisionJobHandler<
  VisionWorkContext & { realtime?: Realtime }
> = async (ctx, run) => {
  const image = await chatImageById(ctx.db, run.job.subject_id);
  if (!image) return;
  const bytes = await readStored(ctx.storage, image.storage_key);
  if (!bytes) return;
  const settings = await loadSettings(ctx.db, ctx.config);
  const analysis = await ctx.vision.analyze(
    { encoded: bytes },
    {
      faces: false,
      nudity: true,
      priority: 'background',
    },
  );
  const score = analysis.nudity?.score ?? 0;
  const flagged = score >= settings.nudity_threshold;
  // The blurred copy keeps the original's name, so 'Tap to view' can ask for the original.
  const blurredKey = flagged ? image.storage_key.replace(/(^|\/)chat\//, '$1chat-blurred/') : null;
  if (blurredKey) await ctx.storage.put(blurredKey, await blurredCopy(bytes), 'image/webp');
  await publishAfterCommit(ctx.realtime, async (events) => {
    const committed = await run.commit(async (tx) => {
      await recordImageScreening(tx, image.id, {
        status: flagged ? 'flagged' : 'clear',
        nudityScore: score,
        blurredKey,
        screenedAt: ctx.clock(),
      });
    });
    // A lost claim leaves the copy: the run that won wrote the same key.
    if (!committed) return;
    for (const row of await messagesWithImage(ctx.db, image.storage_key)) {
      const { members } = membersFor(row.cid, row.sender_id);
      const views = await Promise.all(
        members.map(async (userId) => ({
          userId,
          message: await presentMessage(ctx.storage, row, userId),
        })),
      );
      events.add(...messageUpdatedEvents(views));
    }
  });
};
