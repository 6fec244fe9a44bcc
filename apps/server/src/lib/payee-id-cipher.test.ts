// The taxpayer id cipher: what it stores is not the id, only its own key opens it, it opens
// only on the member it was sealed for, and a rotation keeps the old key for opening.
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { PayeeIdCipher, PayeeIdUnreadableError, parsePayeeIdKeys } from './payee-id-cipher';

const key = (id: string) => ({ id, key: randomBytes(32) });

describe('PayeeIdCipher', () => {
  it('seals to something that is not the id, fresh each time, and opens it again', () => {
    const cipher = new PayeeIdCipher([key('k1')]);
    const a = cipher.seal(7, '123456789');
    const b = cipher.seal(7, '123456789');
    expect(a.keyId).toBe('k1');
    expect(a.sealed).not.toContain('123456789');
    expect(a.sealed).not.toBe(b.sealed);
    expect(cipher.open(7, a)).toBe('123456789');
  });

  it('does not open with a wrong key, on another member, or altered', () => {
    const k1 = key('k1');
    const sealed = new PayeeIdCipher([k1]).seal(7, '123456789');
    const impostor = new PayeeIdCipher([{ id: 'k1', key: randomBytes(32) }]);
    expect(() => impostor.open(7, sealed)).toThrow(PayeeIdUnreadableError);
    const cipher = new PayeeIdCipher([k1]);
    expect(() => cipher.open(8, sealed)).toThrow(PayeeIdUnreadableError);
    const flipped = `${sealed.sealed.slice(0, -2)}${sealed.sealed.endsWith('A') ? 'B' : 'A'}A`;
    expect(() => cipher.open(7, { ...sealed, sealed: flipped })).toThrow(PayeeIdUnreadableError);
    expect(() => cipher.open(7, { ...sealed, keyId: 'k0' })).toThrow(
      /key k0 is not in PAYEE_ID_KEYS/,
    );
  });

  it('rotates: the new first key seals, the old one still opens what it sealed', () => {
    const k1 = key('k1');
    const old = new PayeeIdCipher([k1]).seal(7, '130692544');
    const rotated = new PayeeIdCipher([key('k2'), k1]);
    expect(rotated.open(7, old)).toBe('130692544');
    expect(rotated.seal(7, '130692544').keyId).toBe('k2');
  });
});

describe('parsePayeeIdKeys', () => {
  it('reads id:base64 entries, first one first', () => {
    const a = randomBytes(32);
    const b = randomBytes(32);
    const keys = parsePayeeIdKeys(`k2:${a.toString('base64')}, k1:${b.toString('base64')}`);
    expect(keys).toEqual([
      { id: 'k2', key: a },
      { id: 'k1', key: b },
    ]);
  });

  it('names a bad entry by position and never repeats the key', () => {
    const short = randomBytes(16).toString('base64');
    const good = `k1:${randomBytes(32).toString('base64')}`;
    const problem = parsePayeeIdKeys(`${good},k2:${short}`);
    expect(problem).toMatch(/^entry 2 is not id:key with a 32-byte key/);
    expect(problem).not.toContain(short);
    expect(parsePayeeIdKeys(`${good},${good}`)).toBe('entry 2 repeats the key id k1');
    expect(parsePayeeIdKeys(randomBytes(32).toString('base64'))).toMatch(/^entry 1 /);
    expect(parsePayeeIdKeys(' , ')).toBe('no key given');
  });
});
