// A local stand-in for PayPal's REST API as the Payouts integration uses it: OAuth2
// client credentials, POST /v1/payments/payouts (refusing a repeated sender_batch_id the
// way PayPal does), and POST /v1/notifications/verify-webhook-signature, which really
// verifies: an RSA-SHA256 signature over transmission id|time|webhook id|CRC32 of the
// event, made with this server's key (`signEvent` plays PayPal sending a webhook).
import { createSign, createVerify, generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { crc32 } from 'node:zlib';

export const PAYPAL_CLIENT_ID = 'fake-client-id';
export const PAYPAL_SECRET = 'fake-client-secret';
export const PAYPAL_WEBHOOK_ID = '1JE4291016473214C';

interface Payout {
  batchId: string;
  body: {
    sender_batch_header: { sender_batch_id: string };
    items: {
      amount: { value: string; currency: string };
      receiver: string;
      sender_item_id: string;
    }[];
  };
}

export interface FakePaypal {
  url: string;
  payouts: Payout[];
  tokensIssued: number;
  /** The next payout requests answer this status (a PayPal outage). */
  failNext(status: number, times?: number): void;
  /** Revokes every issued access token (PayPal expiring one early). */
  revokeTokens(): void;
  signEvent(event: object): { body: string; headers: Record<string, string> };
  close(): Promise<void>;
}

export async function startFakePaypal(): Promise<FakePaypal> {
  const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const tokens = new Set<string>();
  const payouts: Payout[] = [];
  const state = { tokensIssued: 0, failures: [] as number[] };
  let base = '';

  const json = (res: import('node:http').ServerResponse, status: number, body: object) => {
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  };
  const authorized = (header: string | undefined) =>
    Boolean(header?.startsWith('Bearer ') && tokens.has(header.slice(7)));

  const server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => {
      raw += chunk;
    });
    req.on('end', () => {
      if (req.method === 'POST' && req.url === '/v1/oauth2/token') {
        const expected = `Basic ${Buffer.from(`${PAYPAL_CLIENT_ID}:${PAYPAL_SECRET}`).toString('base64')}`;
        if (req.headers.authorization !== expected || raw !== 'grant_type=client_credentials') {
          return json(res, 401, {
            error: 'invalid_client',
            error_description: 'Client Authentication failed',
          });
        }
        const token = randomBytes(24).toString('base64url');
        tokens.add(token);
        state.tokensIssued += 1;
        return json(res, 200, {
          scope: 'https://uri.paypal.com/services/payments/payouts',
          access_token: token,
          token_type: 'Bearer',
          app_id: 'APP-80W284485P519543T',
          expires_in: 32400,
          nonce: randomBytes(8).toString('hex'),
        });
      }
      if (!authorized(req.headers.authorization)) {
        return json(res, 401, {
          name: 'AUTHENTICATION_FAILURE',
          message:
            'Authentication failed due to invalid authentication credentials or a missing Authorization header.',
        });
      }
      const body = JSON.parse(raw || '{}');
      if (req.method === 'POST' && req.url === '/v1/payments/payouts') {
        const failure = state.failures.shift();
        if (failure)
          return json(res, failure, {
            name: 'INTERNAL_SERVER_ERROR',
            message: 'An internal server error occurred.',
          });
        const batchId = body?.sender_batch_header?.sender_batch_id;
        const item = body?.items?.[0];
        if (
          !batchId ||
          !item?.sender_item_id ||
          item.amount?.currency !== 'USD' ||
          !/^\d+\.\d{2}$/.test(item.amount?.value)
        ) {
          return json(res, 400, {
            name: 'VALIDATION_ERROR',
            message: 'Invalid request - see details',
            details: [{ field: 'items', location: 'body', issue: 'Invalid item' }],
          });
        }
        if (!/^[^@\s]+@[^@\s]+\.[a-z]{2,}$/i.test(item.receiver)) {
          return json(res, 400, {
            name: 'VALIDATION_ERROR',
            message: 'Invalid request - see details',
            details: [
              {
                field: 'items[0].receiver',
                location: 'body',
                issue: 'Receiver is invalid or does not match with type',
              },
            ],
          });
        }
        const existing = payouts.find(
          (p) => p.body.sender_batch_header.sender_batch_id === batchId,
        );
        if (existing) {
          return json(res, 400, {
            name: 'USER_BUSINESS_ERROR',
            message: 'User business error.',
            details: [
              {
                field: 'SENDER_BATCH_ID',
                location: 'body',
                issue: 'Batch with given sender_batch_id already exists',
                link: [
                  {
                    href: `${base}/v1/payments/payouts/${existing.batchId}`,
                    rel: 'self',
                    method: 'GET',
                  },
                ],
              },
            ],
          });
        }
        const payout = { batchId: randomBytes(6).toString('hex').toUpperCase(), body };
        payouts.push(payout);
        return json(res, 201, {
          batch_header: {
            payout_batch_id: payout.batchId,
            batch_status: 'PENDING',
            sender_batch_header: body.sender_batch_header,
          },
          links: [
            { href: `${base}/v1/payments/payouts/${payout.batchId}`, rel: 'self', method: 'GET' },
          ],
        });
      }
      if (req.method === 'POST' && req.url === '/v1/notifications/verify-webhook-signature') {
        const {
          auth_algo,
          cert_url,
          transmission_id,
          transmission_sig,
          transmission_time,
          webhook_id,
          webhook_event,
        } = body;
        const message = `${transmission_id}|${transmission_time}|${webhook_id}|${crc32(JSON.stringify(webhook_event))}`;
        let valid = false;
        try {
          valid =
            auth_algo === 'SHA256withRSA' &&
            String(cert_url).startsWith(`${base}/certs/`) &&
            webhook_id === PAYPAL_WEBHOOK_ID &&
            createVerify('RSA-SHA256')
              .update(message)
              .verify(publicKey, transmission_sig, 'base64');
        } catch {
          valid = false;
        }
        return json(res, 200, { verification_status: valid ? 'SUCCESS' : 'FAILURE' });
      }
      return json(res, 404, {
        name: 'RESOURCE_NOT_FOUND',
        message: 'The specified resource does not exist.',
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: base,
    payouts,
    get tokensIssued() {
      return state.tokensIssued;
    },
    failNext(status, times = 1) {
      for (let i = 0; i < times; i++) state.failures.push(status);
    },
    revokeTokens: () => tokens.clear(),
    signEvent(event) {
      const body = JSON.stringify(event);
      const id = randomBytes(8).toString('hex');
      const time = new Date().toISOString();
      const signature = createSign('RSA-SHA256')
        .update(`${id}|${time}|${PAYPAL_WEBHOOK_ID}|${crc32(body)}`)
        .sign(privateKey, 'base64');
      return {
        body,
        headers: {
          'content-type': 'application/json',
          'paypal-auth-algo': 'SHA256withRSA',
          'paypal-cert-url': `${base}/certs/CERT-360caa42-fca2a594-1d93a270`,
          'paypal-transmission-id': id,
          'paypal-transmission-sig': signature,
          'paypal-transmission-time': time,
        },
      };
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** A PAYMENT.PAYOUTS-ITEM.* event for the payout item of `senderItemId`. */
export function payoutItemEvent(
  eventType: string,
  senderItemId: string,
  extra: Record<string, unknown> = {},
) {
  return {
    id: `WH-${randomBytes(6).toString('hex')}`,
    event_version: '1.0',
    create_time: new Date().toISOString(),
    resource_type: 'payouts_item',
    event_type: eventType,
    summary: 'Payout item status changed',
    resource: {
      payout_item_id: `ITEM${randomBytes(4).toString('hex').toUpperCase()}`,
      transaction_id: randomBytes(8).toString('hex').toUpperCase(),
      transaction_status: eventType.split('.').pop(),
      payout_batch_id: 'BATCH',
      payout_item: {
        recipient_type: 'EMAIL',
        amount: { value: '5.00', currency: 'USD' },
        receiver: 'member@example.com',
        sender_item_id: senderItemId,
      },
      ...extra,
    },
  };
}
