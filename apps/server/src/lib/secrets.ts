// Signing secrets: JWT_SECRET when set; otherwise generated once into DATA_DIR so
// sessions survive restarts of a local server.
import { createHmac, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../config';

export interface Secrets {
  jwtKey: Uint8Array;
  otpSecret: string;
  filesSecret: string;
  /** Signs the sandbox card processor's webhooks (like Authorize.Net's Signature Key). */
  paymentsSandboxKey: string;
  /** Encrypts taxpayer ids where PAYEE_ID_KEYS is not set (never in production). */
  payeeIdKey: Buffer;
}

export function loadSecrets(config: Config): Secrets {
  let root = config.JWT_SECRET;
  if (!root) {
    const file = path.resolve(config.DATA_DIR, 'secret.key');
    if (existsSync(file)) {
      root = readFileSync(file, 'utf8').trim();
    } else {
      mkdirSync(config.DATA_DIR, { recursive: true });
      root = randomBytes(48).toString('base64url');
      writeFileSync(file, root, { mode: 0o600 });
    }
  }
  const derive = (purpose: string) => createHmac('sha256', root!).update(purpose).digest();
  return {
    jwtKey: new Uint8Array(derive('jwt')),
    otpSecret: derive('otp').toString('hex'),
    filesSecret: derive('files').toString('hex'),
    paymentsSandboxKey: derive('payments-sandbox-webhook').toString('hex').toUpperCase(),
    payeeIdKey: derive('payee-id'),
  };
}
