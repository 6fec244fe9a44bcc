// Authorize.Net webhook signatures: `X-ANET-Signature: sha512=<HEX>`, an HMAC-SHA512 of
// the raw body keyed with the merchant's Signature Key. Authorize.Net's documentation does
// not say whether the key is used as text or as the bytes its hex spells; integrations in
// the wild report both, so a signature made either way is accepted (both need the key).
import { createHmac, timingSafeEqual } from 'node:crypto';

const HEX_KEY = /^(?:[0-9a-f]{2})+$/i;

function digest(body: string, key: string | Buffer): Buffer {
  return createHmac('sha512', key).update(body, 'utf8').digest();
}

export function signAnetBody(body: string, signatureKey: string): string {
  return `sha512=${digest(body, signatureKey).toString('hex').toUpperCase()}`;
}

export function isValidAnetSignature(
  body: string,
  header: string | undefined,
  signatureKey: string,
): boolean {
  const match = /^sha512=([0-9a-f]{128})$/i.exec(header?.trim() ?? '');
  if (!match) return false;
  const given = Buffer.from(match[1]!, 'hex');
  const keys: (string | Buffer)[] = [signatureKey];
  if (HEX_KEY.test(signatureKey)) keys.push(Buffer.from(signatureKey, 'hex'));
  return keys.some((key) => timingSafeEqual(given, digest(body, key)));
}
