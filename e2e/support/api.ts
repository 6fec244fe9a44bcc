// Direct calls to the running server, for what a journey needs but a user would not
// click (reading the dev SMS outbox, checking balances).
import { randomInt } from 'node:crypto';
import { faceVideo } from './faces';

export async function otpFromOutbox(baseUrl: string, phone: string): Promise<string> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const res = await fetch(`${baseUrl}/api/dev/otp-outbox?phone=${encodeURIComponent(phone)}`);
    if (res.ok) return ((await res.json()) as { code: string }).code;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no code sent to ${phone}`);
}

/** The last text the console adapter "sent" to a number, whole (e.g. a shared date's link). */
export async function textTo(baseUrl: string, phone: string): Promise<string> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const res = await fetch(`${baseUrl}/api/dev/sms-outbox?phone=${encodeURIComponent(phone)}`);
    if (res.ok) return ((await res.json()) as { body: string }).body;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no text sent to ${phone}`);
}

/**
 * Moves the clock of a server started with DEV_CLOCK=true forward to `at` (every service,
 * sweeper and signed link reads it); returns the server's time after the move.
 */
export async function moveServerClock(baseUrl: string, at: Date): Promise<Date> {
  const res = await fetch(`${baseUrl}/api/dev/clock`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ now: at.toISOString() }),
  });
  if (!res.ok) throw new Error(`dev clock ${res.status} ${await res.text()}`);
  return new Date(((await res.json()) as { now: string }).now);
}

export async function me(baseUrl: string, token: string) {
  const res = await fetch(`${baseUrl}/api/auth/me`, {
    headers: { authorization: `Bearer ${token}` },
  });
  if (!res.ok) throw new Error(`me ${res.status}`);
  return (
    (await res.json()) as {
      user: {
        id: number;
        tokenBalance: number;
        redeemableTokens: number;
        bid_notification: boolean;
        onboarded: number;
        username: string | null;
        language: string;
      };
    }
  ).user;
}

const AREA_CODES = ['212', '415', '617', '312', '416', '604'];

/** A fresh, valid US/Canadian number as the member would type it (10 digits). */
export function newPhoneDigits(): string {
  return `${AREA_CODES[randomInt(0, AREA_CODES.length)]}555${String(randomInt(0, 10_000)).padStart(4, '0')}`;
}

export interface CallOptions {
  method?: string;
  body?: unknown;
  type?: string;
}

/** A caller for the member's API with their token; any status but 200 throws. */
export function memberApi(baseUrl: string, token: string) {
  return async (path: string, init: CallOptions = {}) => {
    const raw = init.body instanceof Uint8Array;
    const method = init.method ?? 'POST';
    const response = await fetch(`${baseUrl}/api${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(method === 'GET' ? {} : { 'content-type': init.type ?? 'application/json' }),
      },
      body:
        method === 'GET'
          ? undefined
          : ((raw ? init.body : JSON.stringify(init.body ?? {})) as BodyInit),
    });
    if (response.status !== 200)
      throw new Error(`${path}: ${response.status} ${await response.text()}`);
    return response.json();
  };
}

/**
 * What the onboarding notice's button does for a member whose state requires a
 * dating-safety notice (the journeys' members live in Hoboken, New Jersey): read it once,
 * so the wizard goes on to the next step.
 */
export async function readSignUpNotice(call: ReturnType<typeof memberApi>): Promise<void> {
  await call('/safety-notices/acknowledge', { body: { placement: 'sign_up' } });
}

/** The consent screen's 'I agree to face matching' (issue 42), before the video. */
export async function agreeToFaceMatching(call: ReturnType<typeof memberApi>): Promise<void> {
  const { current_version: version } = (await call('/biometric-consent', { method: 'GET' })) as {
    current_version: string;
  };
  await call('/biometric-consent', { body: { decision: 'agreed', version } });
}

/**
 * What step 11 does: the member agrees to face matching on the consent screen, then the
 * widget makes a presigned PUT of the face-turn webm and the record call. The server moves
 * a member past step 11 only once a video is stored.
 */
export async function submitVerificationVideo(baseUrl: string, token: string): Promise<void> {
  const call = memberApi(baseUrl, token);
  await agreeToFaceMatching(call);
  const { uploadUrl, key } = (await call(
    '/getPresignedUploadUrl?fileType=video&contentType=video%2Fwebm',
    { method: 'GET' },
  )) as { uploadUrl: string; key: string };
  const put = await fetch(new URL(uploadUrl, baseUrl), {
    method: 'PUT',
    headers: { 'content-type': 'video/webm' },
    body: new Uint8Array(faceVideo()),
  });
  if (!put.ok) throw new Error(`verification video upload ${put.status}`);
  await call('/uploadVerificationVideo', { body: { file_name: key } });
}
