// What the payment and redemption services receive: the database, settings defaults, a
// clock, the card processor and payout adapters, and the publisher of balance events.
import type { PaymentGateway } from '../../adapters/payments/payments.port';
import type { PayoutProvider } from '../../adapters/payouts/payouts.port';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/context';
import type { Realtime } from '../../lib/realtime';

export interface PaymentsContext {
  db: Db;
  config: Config;
  clock: Clock;
  gateway: PaymentGateway;
  payouts: PayoutProvider;
  realtime?: Realtime;
  log?: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
}
