// Error reporting is configured by SENTRY_DSN alone: unset, nothing starts; set, an
// unexpected error reaches the DSN's Sentry endpoint (a local receiver here) with its tags.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { flushErrorReports, reportError, startErrorReporting } from './error-reporting';

const envelopes: string[] = [];
const receiver = createServer((req, res) => {
  let body = '';
  req.on('data', (c) => {
    body += c;
  });
  req.on('end', () => {
    envelopes.push(`${req.url}\n${body}`);
    res.end('{}');
  });
});
beforeAll(() => new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve)));
afterAll(() => new Promise<void>((resolve) => receiver.close(() => resolve())));

it('starts nothing without SENTRY_DSN, and reports to it when set', async () => {
  expect(await startErrorReporting({})).toBe(false);
  reportError(new Error('not sent anywhere'));

  const { port } = receiver.address() as AddressInfo;
  expect(await startErrorReporting({ SENTRY_DSN: `http://publickey@127.0.0.1:${port}/7` })).toBe(
    true,
  );
  reportError(new Error('payout provider exploded'), { job: 'payout_sweep' });
  await flushErrorReports();

  expect(envelopes).toHaveLength(1);
  expect(envelopes[0]).toMatch(/^\/api\/7\/envelope\//);
  expect(envelopes[0]).toContain('payout provider exploded');
  expect(envelopes[0]).toContain('"job":"payout_sweep"');
  expect(envelopes.join()).not.toContain('not sent anywhere');
});
