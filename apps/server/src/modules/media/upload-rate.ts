// Per-member upload limits (issue 41): a photo or chat image costs up to a second of
// decoding, and with no limit one member could keep a server decoding. Each upload is
// counted before its bytes are looked at (a refused or broken file counts too) and one
// beyond `photo_uploads_per_hour` or `chat_images_per_hour` is refused with the shared 429.
import type { Db } from '../../db/client';
import type { MediaUploadKind } from '../../db/media.schema';
import { tooManyRequests } from '../../lib/errors';
import { loadSettings, type SettingsDefaults } from '../settings/settings.service';
import { countUploadAttempt } from './upload-rate.repository';

export const UPLOAD_RATE_WINDOW_MS = 3600 * 1000;

export async function admitUpload(
  ctx: { db: Db; config: SettingsDefaults; clock: () => Date },
  userId: number,
  kind: MediaUploadKind,
): Promise<void> {
  const settings = await loadSettings(ctx.db, ctx.config);
  const limit = kind === 'photo' ? settings.photo_uploads_per_hour : settings.chat_images_per_hour;
  const now = ctx.clock();
  const since = new Date(now.getTime() - UPLOAD_RATE_WINDOW_MS);
  if (!(await countUploadAttempt(ctx.db, { userId, kind, now, since, limit }))) {
    throw tooManyRequests();
  }
}
