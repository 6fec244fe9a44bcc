// The admin audit log as the console reads it: who did what to which target, with the
// state before and after, newest first.
import { z } from 'zod';
import { bigIdParam, pageQuery } from './common';

export const auditEntrySchema = z.object({
  id: z.number(),
  admin_id: z.number().nullable(),
  admin_username: z.string().nullable(),
  action: z.string(),
  target_type: z.string(),
  target_id: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  created_at: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditLogQuery = pageQuery({ limit: 50, maxLimit: 200 }).extend({
  /** Entries older than this id: the next page of an endless list. */
  before_id: bigIdParam.optional(),
});
export type AuditLogQuery = z.infer<typeof auditLogQuery>;

export const auditLogResponse = z.object({
  success: z.literal(true),
  entries: z.array(auditEntrySchema),
});
export type AuditLogResponse = z.infer<typeof auditLogResponse>;
