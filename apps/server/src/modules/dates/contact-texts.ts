// Texts to a trusted contact, who is not a member: every one goes through the SMS adapter
// only after the STOP list says the number did not opt out (a STOP reply to any of our
// texts puts it there: notifications/sms-inbound). Numbers are kept on the list as hashes.
import { createHash } from 'node:crypto';
import type { SmsSender } from '../../adapters/sms/sms.port';
import type { Executor } from '../../db/client';
import { isOptedOut, setOptOut } from './date-shares.repository';

export const phoneHash = (e164: string) =>
  createHash('sha256').update(`sms-opt-out:${e164}`).digest('hex');

export async function contactOptedOut(db: Executor, e164: string): Promise<boolean> {
  return isOptedOut(db, phoneHash(e164));
}

/** Sends unless the number opted out; says which. A failed send throws. */
export async function textContact(
  deps: { db: Executor; sms: SmsSender },
  e164: string,
  body: string,
): Promise<'sent' | 'opted-out'> {
  if (await contactOptedOut(deps.db, e164)) return 'opted-out';
  await deps.sms.send({ to: e164, body });
  return 'sent';
}

/** A STOP (or START) from any number: contacts' texts stop (or may start again). */
export async function recordContactOptOut(db: Executor, e164: string, stopped: boolean) {
  await setOptOut(db, phoneHash(e164), stopped);
}
