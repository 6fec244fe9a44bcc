// The biometric retention sweeper (issue 42; the rules the public /policy/biometric page
// states): face descriptions BIOMETRIC_RETENTION_DAYS after the member's last sign-in, and
// verification video files VERIFICATION_VIDEO_RETENTION_DAYS after their review was
// decided. Hourly; the rows are the truth and the timer only a prompt, so a sweep after
// downtime catches up; any number of servers may run it. The files themselves go through
// the durable storage deletion, woken after a sweep that queued some.
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { expireFaceData } from '../modules/biometrics/biometric-retention';
import { deleteReviewedVideoFiles } from '../modules/media/verification-video-retention';
import { startRepeatingJob } from './repeating-job';

const BIOMETRIC_RETENTION_SWEEP_INTERVAL_MS = 60 * 60_000;

interface BiometricSweepDeps {
  db: Db;
  config: Pick<Config, 'BIOMETRIC_RETENTION_DAYS' | 'VERIFICATION_VIDEO_RETENTION_DAYS'>;
  clock: () => Date;
}

interface BiometricSwept {
  faceDescriptions: number;
  videoFiles: number;
}

export async function sweepBiometricData(
  deps: BiometricSweepDeps,
  isStopped: () => boolean = () => false,
): Promise<BiometricSwept> {
  const faceDescriptions = await expireFaceData(deps);
  const videoFiles = await deleteReviewedVideoFiles(deps, isStopped);
  return { faceDescriptions, videoFiles };
}

/** Starts the sweeper when the app is ready (unless disabled) and stops it on close. */
export function registerBiometricRetentionSweeper(
  app: FastifyInstance,
  deps: BiometricSweepDeps & { enabled: boolean; onFilesQueued: () => void },
): void {
  if (!deps.enabled) return;
  let sweeper: ReturnType<typeof startRepeatingJob<BiometricSwept>> | undefined;
  app.addHook('onReady', async () => {
    sweeper = startRepeatingJob({
      name: 'biometric_retention_sweep',
      run: async (isStopped) => {
        const swept = await sweepBiometricData(deps, isStopped);
        if (swept.videoFiles > 0) deps.onFilesQueued();
        return swept;
      },
      intervalMs: BIOMETRIC_RETENTION_SWEEP_INTERVAL_MS,
      onError: (err) => app.log.error({ err }, 'biometric retention sweep failed'),
    });
  });
  app.addHook('preClose', async () => {
    await sweeper?.stop();
  });
}
