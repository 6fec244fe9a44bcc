// Messages from the hosted payment form, passed on by our communicator page (Accept
// Hosted's protocol): query strings whose `action` is resizeWindow, cancel,
// transactResponse or successfulSave; a transactResponse carries the JSON response.
import { APPROVED_RESPONSE_CODE, PAYMENT_MESSAGES } from '@bidboard/shared';

/** What communicator.js posts to our window. */
export const COMMUNICATOR_MESSAGE = 'bidboard:payment-form';

export interface TransactResponse {
  responseCode: string;
  transId: string;
  authorization: string;
  approved: boolean;
  /** Why it was not approved, in the processor's words. */
  reason: string;
  raw: Record<string, unknown>;
}

export type FormMessage =
  | { action: 'resizeWindow'; width: number; height: number }
  | { action: 'cancel' }
  | { action: 'transactResponse'; response: TransactResponse }
  | { action: 'other' };

/** Splits like Authorize.Net's sample parser: a `+` inside the JSON stays a `+`. */
function parseQueryString(qstr: string): Record<string, string> {
  const params: Record<string, string> = {};
  for (const pair of qstr.split('&')) {
    const at = pair.indexOf('=');
    const key = at < 0 ? pair : pair.slice(0, at);
    const value = at < 0 ? '' : pair.slice(at + 1);
    try {
      params[decodeURIComponent(key)] = decodeURIComponent(value);
    } catch {
      params[key] = value;
    }
  }
  return params;
}

function declineReason(raw: Record<string, unknown>): string {
  const errors = raw.errors as
    | { errorText?: string }[]
    | { error?: { errorText?: string }[] }
    | undefined;
  const list = Array.isArray(errors) ? errors : errors?.error;
  const messages = raw.messages as
    | { message?: { description?: string; text?: string }[] }
    | undefined;
  return (
    list?.[0]?.errorText ??
    (typeof raw.responseReasonText === 'string' ? raw.responseReasonText : undefined) ??
    messages?.message?.[0]?.description ??
    messages?.message?.[0]?.text ??
    PAYMENT_MESSAGES.declined
  );
}

export function parseTransactResponse(json: string): TransactResponse | null {
  let raw: unknown;
  try {
    raw = JSON.parse(json);
  } catch {
    return null;
  }
  if (!raw || typeof raw !== 'object') return null;
  const fields = raw as Record<string, unknown>;
  const responseCode = String(fields.responseCode ?? '');
  return {
    responseCode,
    transId: String(fields.transId ?? ''),
    authorization: String(fields.authorization ?? ''),
    approved: responseCode === APPROVED_RESPONSE_CODE,
    reason: declineReason(fields),
    raw: fields,
  };
}

export function parseFormMessage(qstr: string): FormMessage {
  const params = parseQueryString(qstr);
  switch (params.action) {
    case 'resizeWindow':
      return {
        action: 'resizeWindow',
        width: Number.parseInt(params.width ?? '', 10) || 0,
        height: Number.parseInt(params.height ?? '', 10) || 0,
      };
    case 'cancel':
      return { action: 'cancel' };
    case 'transactResponse': {
      const response = parseTransactResponse(params.response ?? '');
      return response ? { action: 'transactResponse', response } : { action: 'other' };
    }
    default:
      return { action: 'other' };
  }
}
