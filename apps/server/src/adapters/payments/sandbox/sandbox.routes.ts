// The sandbox processor's hosted payment page, posted to like Accept Hosted's
// /payment/payment (a form field `token`, target: our iframe). The page runs under its own
// strict CSP: its script and styles are files, and only our pages may frame it.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { errorResponseSchema, formatCents, safeText } from '@bidboard/shared';
import { z } from 'zod';
import type { FastifyZodApp } from '../../../lib/fastify';
import { type SandboxGateway, sandboxTransactResponse } from './sandbox.gateway';
import { APPROVING_TEST_CARDS, DECLINING_TEST_CARDS } from './test-cards';

const assets = path.join(path.dirname(fileURLToPath(import.meta.url)), 'assets');
const script = readFileSync(path.join(assets, 'hosted.js'), 'utf8');
const styles = readFileSync(path.join(assets, 'hosted.css'), 'utf8');

const PAGE_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  // The communicator page the form reports to is ours as well.
  "frame-src 'self'",
  "form-action 'none'",
  "base-uri 'none'",
  "frame-ancestors 'self'",
].join('; ');

const transactBody = z.object({
  token: safeText({ max: 200 }),
  cardNumber: safeText({ max: 40 }),
  expirationDate: safeText({ max: 10 }),
  cardCode: safeText({ max: 6 }),
  zip: safeText({ max: 12 }).optional(),
});

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

const spaced = (card: string) => card.replace(/(\d{4})(?=\d)/g, '$1 ');

function page(body: string, data: Record<string, string> = {}) {
  const attributes = Object.entries(data)
    .map(([key, value]) => ` data-${key}="${escapeHtml(value)}"`)
    .join('');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Card payment (sandbox)</title>
<link rel="stylesheet" href="hosted.css">
<script src="hosted.js" defer></script>
</head><body${attributes}>${body}</body></html>`;
}

function formPage(form: {
  token: string;
  description: string;
  amount_cents: number;
  communicator_url: string | null;
}) {
  const amount = formatCents(form.amount_cents);
  return page(
    `<main class="hosted">
  <header class="hosted__head">
    <p class="hosted__badge">Sandbox card processor</p>
    <h1 class="hosted__title">Pay ${escapeHtml(amount)}</h1>
    <p class="hosted__order">${escapeHtml(form.description)}</p>
  </header>
  <form id="pay" class="hosted__form" novalidate>
    <label class="field"><span>Card number</span>
      <input name="cardNumber" inputmode="numeric" autocomplete="cc-number" placeholder="4111 1111 1111 1111" required></label>
    <div class="field-row">
      <label class="field"><span>Expiration (MM/YY)</span>
        <input name="expirationDate" inputmode="numeric" autocomplete="cc-exp" placeholder="12/30" required></label>
      <label class="field"><span>Card code</span>
        <input name="cardCode" inputmode="numeric" autocomplete="cc-csc" placeholder="123" required></label>
    </div>
    <label class="field"><span>ZIP code</span>
      <input name="zip" inputmode="numeric" autocomplete="postal-code" placeholder="10001"></label>
    <p id="status" class="hosted__status" role="alert" hidden></p>
    <button id="submit" class="hosted__pay" type="submit">Pay ${escapeHtml(amount)}</button>
    <button id="cancel" class="hosted__cancel" type="button">Cancel</button>
  </form>
  <aside class="hosted__hint">
    <p><strong>Test cards.</strong> No real money moves here.</p>
    <p>Approves: <code>${spaced(APPROVING_TEST_CARDS[0])}</code> (any future date, any 3-digit code).</p>
    <p>Declines: <code>${spaced(DECLINING_TEST_CARDS[0])}</code> or ZIP 46282.</p>
  </aside>
</main>`,
    { token: form.token, communicator: form.communicator_url ?? '' },
  );
}

export async function sandboxGatewayRoutes(
  app: FastifyZodApp,
  { gateway }: { gateway: SandboxGateway },
) {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 16 * 1024 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );
  const limited = { config: { rateLimit: { max: 60, timeWindow: '1 minute' } } };

  app.post(
    '/payments/sandbox/payment',
    { ...limited, schema: { hide: true, body: z.looseObject({ token: safeText({ max: 200 }) }) } },
    async (request, reply) => {
      const form = await gateway.findForm(request.body.token);
      reply.header('content-security-policy', PAGE_CSP).removeHeader('x-frame-options');
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
      if (!form) {
        return reply
          .status(400)
          .send(
            page(
              '<main class="hosted"><p class="hosted__status">This payment form has expired. Please start again.</p></main>',
            ),
          );
      }
      return reply.send(formPage(form));
    },
  );

  app.post(
    '/payments/sandbox/transact',
    {
      ...limited,
      schema: {
        hide: true,
        body: transactBody,
        response: {
          200: sandboxTransactResponse,
          400: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const { token, ...card } = request.body;
      const outcome = await gateway.transact(token, card);
      if (!outcome.ok)
        return reply.status(400).send({ message: outcome.message, code: 'VALIDATION' });
      return outcome.response;
    },
  );

  for (const [file, type, content] of [
    ['hosted.js', 'text/javascript; charset=utf-8', script],
    ['hosted.css', 'text/css; charset=utf-8', styles],
  ] as const) {
    app.get(`/payments/sandbox/${file}`, { schema: { hide: true } }, async (_request, reply) =>
      reply.type(type).header('cache-control', 'no-cache').send(content),
    );
  }
}
