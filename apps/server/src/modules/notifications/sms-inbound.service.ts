// Inbound SMS keywords (Twilio Advanced Opt-Out): STOP and its synonyms mark the member as
// opted out of texts and switch SMS notifications off; START/YES/UNSTOP lifts the opt-out
// (the member turns notifications back on in settings, which records fresh consent). The
// same words from a number that is not a member's (a trusted contact a date was shared
// with, issue 45) put it on, or take it off, the list every contact text checks first.
import type { Db } from '../../db/client';
import { recordContactOptOut } from '../dates';
import { setSmsOptOut } from './notifications.repository';

const STOP_WORDS = new Set(['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT']);
const START_WORDS = new Set(['START', 'YES', 'UNSTOP']);

export type SmsKeyword = 'stop' | 'start' | null;

export function smsKeyword(body: string): SmsKeyword {
  const word = body.trim().toUpperCase();
  if (STOP_WORDS.has(word)) return 'stop';
  if (START_WORDS.has(word)) return 'start';
  return null;
}

export async function handleInboundSms(db: Db, from: string, body: string): Promise<SmsKeyword> {
  const keyword = smsKeyword(body);
  if (keyword) {
    await setSmsOptOut(db, from.trim(), keyword === 'stop');
    await recordContactOptOut(db, from.trim(), keyword === 'stop');
  }
  return keyword;
}
