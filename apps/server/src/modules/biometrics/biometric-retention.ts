// Biometric retention (product rules, Lawful to launch; the public /policy/biometric page
// states these rules with the same settings): a member's face descriptions go at the latest
// BIOMETRIC_RETENTION_DAYS after their last sign-in. Withdrawal and account deletion delete
// them at once elsewhere (biometric-consent.service, account deletion's rows).
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { deleteFaceEmbeddingsSignedInBefore } from './biometric-consent.repository';

const DAY_MS = 24 * 3600 * 1000;

export async function expireFaceData(deps: {
  db: Db;
  config: Pick<Config, 'BIOMETRIC_RETENTION_DAYS'>;
  clock: () => Date;
}): Promise<number> {
  const cutoff = new Date(deps.clock().getTime() - deps.config.BIOMETRIC_RETENTION_DAYS * DAY_MS);
  return deps.db.transaction((tx) => deleteFaceEmbeddingsSignedInBefore(tx, cutoff));
}
