// SQL of dating-safety notice acknowledgements: one row per member, jurisdiction,
// placement and version; acknowledging twice changes nothing.
import type { AcknowledgedPlacement } from '@bidboard/shared';
import { sql } from 'drizzle-orm';
import { type Executor, rows } from '../../db/client';

export async function acknowledgedPlacements(
  db: Executor,
  userId: number,
  notice: { jurisdiction: string; version: string },
): Promise<AcknowledgedPlacement[]> {
  const found = await rows<{ placement: AcknowledgedPlacement }>(
    db,
    sql`SELECT placement FROM safety_notice_acknowledgements
         WHERE user_id = ${userId} AND jurisdiction = ${notice.jurisdiction}
           AND version = ${notice.version}
         ORDER BY placement`,
  );
  return found.map((row) => row.placement);
}

export async function recordAcknowledgement(
  db: Executor,
  entry: {
    userId: number;
    jurisdiction: string;
    placement: AcknowledgedPlacement;
    version: string;
    at: Date;
  },
): Promise<void> {
  await db.execute(
    sql`INSERT INTO safety_notice_acknowledgements
          (user_id, jurisdiction, placement, version, acknowledged_at)
        VALUES (${entry.userId}, ${entry.jurisdiction}, ${entry.placement}, ${entry.version},
                ${entry.at.toISOString()}::timestamptz)
        ON CONFLICT DO NOTHING`,
  );
}
