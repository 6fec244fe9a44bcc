// A local stand-in for Authorize.Net's JSON API (POST /xml/v1/request.api) answering with
// the documented request and response shapes: it checks merchant authentication and the
// element order its XML-derived schema requires, prefixes responses with a byte order
// mark like the real service, issues form tokens and reports transactions a test "paid".
import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export const ANET_LOGIN = 'test-login-id';
export const ANET_KEY = 'test-transaction-key';
export const ANET_SIGNATURE_KEY = randomBytes(64).toString('hex').toUpperCase();

interface IssuedForm {
  token: string;
  amount: string;
  invoiceNumber: string;
  description: string;
  settings: Record<string, unknown>;
  refId: string;
}

export interface FakeTransaction {
  transId: string;
  refTransId?: string;
  transactionType: 'authCaptureTransaction' | 'refundTransaction';
  transactionStatus: string;
  responseCode: number;
  authAmount: number;
  invoiceNumber: string;
}

const ok = { resultCode: 'Ok', message: [{ code: 'I00001', text: 'Successful.' }] };
const error = (code: string, text: string) => ({
  messages: { resultCode: 'Error', message: [{ code, text }] },
});

function sameOrder(actual: object, expected: string[]): boolean {
  const keys = Object.keys(actual);
  return expected.filter((k) => keys.includes(k)).join() === keys.join();
}

export interface FakeAuthnet {
  url: string;
  forms: IssuedForm[];
  requests: unknown[];
  transactions: Map<string, FakeTransaction>;
  /** What a member paying on the hosted page would leave behind. */
  pay(form: IssuedForm, status?: string): FakeTransaction;
  close(): Promise<void>;
}

export async function startFakeAuthnet(): Promise<FakeAuthnet> {
  const forms: IssuedForm[] = [];
  const requests: unknown[] = [];
  const transactions = new Map<string, FakeTransaction>();
  let nextId = 60_000_000_001;

  const answer = (body: Record<string, unknown>): object => {
    const [name] = Object.keys(body);
    const request = body[name!] as Record<string, unknown>;
    const auth = request?.merchantAuthentication as { name?: string; transactionKey?: string };
    if (auth?.name !== ANET_LOGIN || auth?.transactionKey !== ANET_KEY) {
      return error('E00007', 'User authentication failed due to invalid authentication values.');
    }
    if (name === 'getHostedPaymentPageRequest') {
      if (
        !sameOrder(request, [
          'merchantAuthentication',
          'clientId',
          'refId',
          'transactionRequest',
          'hostedPaymentSettings',
        ])
      ) {
        return error('E00003', 'The element order is invalid.');
      }
      const tx = request.transactionRequest as Record<string, unknown>;
      const order = tx.order as { invoiceNumber?: string; description?: string };
      if (
        !sameOrder(tx, [
          'transactionType',
          'amount',
          'payment',
          'order',
          'lineItems',
          'customer',
          'billTo',
        ]) ||
        tx.transactionType !== 'authCaptureTransaction' ||
        !/^\d+\.\d{2}$/.test(String(tx.amount)) ||
        !order?.invoiceNumber ||
        order.invoiceNumber.length > 20 ||
        String(request.refId ?? '').length > 20
      ) {
        return error('E00003', 'The transaction request is invalid.');
      }
      const settings: Record<string, unknown> = {};
      for (const s of (
        request.hostedPaymentSettings as {
          setting: { settingName: string; settingValue: string }[];
        }
      ).setting) {
        settings[s.settingName] = JSON.parse(s.settingValue);
      }
      const form = {
        token: randomBytes(64).toString('base64'),
        amount: String(tx.amount),
        invoiceNumber: order.invoiceNumber,
        description: order.description ?? '',
        settings,
        refId: String(request.refId),
      };
      forms.push(form);
      return { token: form.token, messages: ok };
    }
    if (name === 'getTransactionDetailsRequest') {
      const found = transactions.get(String(request.transId));
      if (!found) return error('E00040', 'The record cannot be found.');
      return {
        transaction: {
          transId: found.transId,
          ...(found.refTransId ? { refTransId: found.refTransId } : {}),
          submitTimeUTC: new Date().toISOString(),
          transactionType: found.transactionType,
          transactionStatus: found.transactionStatus,
          responseCode: found.responseCode,
          responseReasonCode: 1,
          responseReasonDescription: 'Approval',
          authCode: 'ABC123',
          order: { invoiceNumber: found.invoiceNumber, description: 'Bidboard tokens' },
          payment: {
            creditCard: { cardNumber: 'XXXX1111', expirationDate: 'XXXX', cardType: 'Visa' },
          },
          authAmount: found.authAmount,
          settleAmount: found.authAmount,
        },
        messages: ok,
      };
    }
    return error('E00045', 'The root node does not reference a valid XML namespace.');
  };

  const server: Server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => {
      raw += chunk;
    });
    req.on('end', () => {
      let body: Record<string, unknown>;
      try {
        body = JSON.parse(raw);
      } catch {
        res.writeHead(400).end();
        return;
      }
      requests.push(body);
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
      res.end(`\uFEFF${JSON.stringify(answer(body))}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/xml/v1/request.api`,
    forms,
    requests,
    transactions,
    pay(form, status = 'capturedPendingSettlement') {
      const transaction: FakeTransaction = {
        transId: String(nextId++),
        transactionType: 'authCaptureTransaction',
        transactionStatus: status,
        responseCode: status === 'declined' ? 2 : 1,
        authAmount: Number(form.amount),
        invoiceNumber: form.invoiceNumber,
      };
      transactions.set(transaction.transId, transaction);
      return transaction;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
