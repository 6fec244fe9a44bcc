// The SIGTERM drain (shutdown.ts) on a listening app: readiness turns 503 at once, the
// server keeps serving through the delay, a payment confirmation in flight gets its whole
// answer, sockets are closed so that they reconnect (not told to stay away), then it exits.
import type { AddressInfo } from 'node:net';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type TestApp } from '../test/app';
import { buildBidder } from '../test/marketplace';
import { bundles, type Headers, paidForm } from '../test/payments';
import { connectedBidder } from '../test/sockets';
import type { PaymentGateway } from './adapters/payments/payments.port';
import { createShutdown } from './shutdown';

let t: TestApp;
let url: string;
const sockets: Socket[] = [];
// The processor's answer to the confirmation's lookup waits until the test opens this gate.
let openGate = () => {};
let lookupStarted = () => {};
const gate = new Promise<void>((resolve) => {
  openGate = resolve;
});
const lookingUp = new Promise<void>((resolve) => {
  lookupStarted = resolve;
});

beforeAll(async () => {
  t = await createTestApp(
    { PAYMENTS_SANDBOX_WEBHOOKS: 'false' },
    {
      payments: (real) => {
        const slow: PaymentGateway = Object.create(real);
        slow.getTransaction = async (id) => {
          lookupStarted();
          await gate;
          return real.getTransaction(id);
        };
        return slow;
      },
    },
  );
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await t.close();
});

describe('graceful drain on SIGTERM', () => {
  it('turns unready at once, keeps serving, finishes the request in flight, then exits', async () => {
    const member = await buildBidder(t.database.db, 0);
    const { token } = await signIn(t, member.phone_number);
    const headers: Headers = { authorization: `Bearer ${token}` };
    const [bundle] = await bundles(t, headers);
    const { request } = await paidForm(t, headers, bundle!);
    const bidder = await connectedBidder(t, url, sockets, 0);
    const socketClosed = new Promise<string>((resolve) => bidder.socket.on('disconnect', resolve));

    const confirmation = fetch(`${url}/api/purchase-tokens`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify(request),
    });
    await lookingUp;

    const exits: number[] = [];
    const shutdown = createShutdown(
      t.app,
      { ...t.database, close: async () => {} },
      {
        timeoutMs: 10_000,
        exit: (code) => exits.push(code),
      },
    );
    const stopped = shutdown('SIGTERM', 400);

    const ready = await fetch(`${url}/api/ready`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toMatchObject({ draining: true });
    // Still serving while the balancer takes it out.
    expect((await fetch(`${url}/api/health`)).status).toBe(200);
    expect(bidder.socket.connected).toBe(true);

    // The close waits for the confirmation, which finishes after the delay has passed.
    setTimeout(openGate, 700);
    const answer = await confirmation;
    expect(answer.status).toBe(200);
    expect(await answer.json()).toMatchObject({ success: true });
    await stopped;
    expect(exits).toEqual([0]);
    // A transport close: the client reconnects on its own (to another server).
    expect(await socketClosed).toBe('transport close');
  });
});
