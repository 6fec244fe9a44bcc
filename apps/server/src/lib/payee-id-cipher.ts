// Taxpayer ids at rest (issue 43; product rules, Payouts): AES-256-GCM through Node's
// crypto, a fresh 12-byte IV per seal, and the member's id as associated data, so a sealed
// id copied onto another member's row does not open. Keys come from PAYEE_ID_KEYS
// ("id:base64-of-32-bytes", comma-separated): the first seals, every one opens, so a key
// rotates by putting the new one first, re-sealing (`npm run admin -- payee-keys-rotate`)
// and then dropping the old one (docs/payouts.md). Nothing here logs or throws the id.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

export interface PayeeIdKey {
  id: string;
  key: Buffer;
}

export interface SealedTaxpayerId {
  keyId: string;
  sealed: string;
}

export class PayeeIdUnreadableError extends Error {
  constructor(reason: string) {
    super(`taxpayer id cannot be opened: ${reason}`);
    this.name = 'PayeeIdUnreadableError';
  }
}

const ALGORITHM = 'aes-256-gcm';
const KEY_ID = /^[A-Za-z0-9_-]{1,32}$/;

/**
 * PAYEE_ID_KEYS as keys, or the problem with it naming the entry by position (never a key:
 * this message goes to the log).
 */
export function parsePayeeIdKeys(value: string): PayeeIdKey[] | string {
  const entries = value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (entries.length === 0) return 'no key given';
  const keys: PayeeIdKey[] = [];
  for (const [index, entry] of entries.entries()) {
    const colon = entry.indexOf(':');
    const id = entry.slice(0, colon);
    const key = Buffer.from(entry.slice(colon + 1), 'base64');
    if (colon < 1 || !KEY_ID.test(id) || key.length !== 32)
      return `entry ${index + 1} is not id:key with a 32-byte key in base64 (openssl rand -base64 32)`;
    if (keys.some((k) => k.id === id)) return `entry ${index + 1} repeats the key id ${id}`;
    keys.push({ id, key });
  }
  return keys;
}

const associatedData = (userId: number) => Buffer.from(`payee-identity:${userId}`);

export class PayeeIdCipher {
  private readonly byId: Map<string, Buffer>;
  readonly currentKeyId: string;

  constructor(keys: readonly PayeeIdKey[]) {
    if (keys.length === 0) throw new Error('PayeeIdCipher needs a key');
    this.byId = new Map(keys.map((k) => [k.id, k.key]));
    this.currentKeyId = keys[0]!.id;
  }

  seal(userId: number, taxpayerId: string): SealedTaxpayerId {
    const iv = randomBytes(12);
    const cipher = createCipheriv(ALGORITHM, this.byId.get(this.currentKeyId)!, iv);
    cipher.setAAD(associatedData(userId));
    const body = Buffer.concat([cipher.update(taxpayerId, 'utf8'), cipher.final()]);
    const parts = [iv, cipher.getAuthTag(), body].map((b) => b.toString('base64url'));
    return { keyId: this.currentKeyId, sealed: parts.join('.') };
  }

  open(userId: number, stored: SealedTaxpayerId): string {
    const key = this.byId.get(stored.keyId);
    if (!key) throw new PayeeIdUnreadableError(`key ${stored.keyId} is not in PAYEE_ID_KEYS`);
    const [iv, tag, body] = stored.sealed.split('.').map((p) => Buffer.from(p, 'base64url'));
    if (!iv || !tag || !body) throw new PayeeIdUnreadableError('not a sealed value');
    try {
      const decipher = createDecipheriv(ALGORITHM, key, iv);
      decipher.setAAD(associatedData(userId));
      decipher.setAuthTag(tag);
      return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
    } catch {
      throw new PayeeIdUnreadableError('wrong key or altered value');
    }
  }
}

/** PAYEE_ID_KEYS, or outside production a key derived from the server's own secret. */
export function createPayeeIdCipher(
  keys: readonly PayeeIdKey[] | undefined,
  fallbackKey: Buffer,
): PayeeIdCipher {
  return new PayeeIdCipher(keys ?? [{ id: 'local', key: fallbackKey }]);
}
