// Operator CLI: `npm run admin -- <command> [args]`, on the database the server uses. On the
// embedded database (PGlite) it refuses while the server has it open (db/data-dir-lock.ts).
import { idParam, payeeReportQuery, suspendBody } from '@bidboard/shared';
import { ZodError } from 'zod';
import { createPaymentGateway } from './adapters/payments';
import { createPayoutProvider } from './adapters/payouts';
import { type Config, loadConfig } from './config';
import { databaseOptions, openDatabase } from './db/client';
import { DataDirLockedError } from './db/data-dir-lock';
import { systemClock } from './lib/context';
import { createPayeeIdCipher } from './lib/payee-id-cipher';
import { loadSecrets } from './lib/secrets';
import { adjustTokens, approveMember } from './modules/admin/admin.service';
import { economyReport } from './modules/admin/economy.service';
import { createAdmin, removeAdmin } from './modules/admin/operator-admins.service';
import { sweepPeriods } from './modules/auctions/period-sweep';
import { sweepConnections } from './modules/connections/connection-sweep.service';
import { payeeReport, payeeReportWithFullIds } from './modules/payees/payee-report.service';
import { resealPayeeIds } from './modules/payees/payees.service';
import type { PaymentsContext } from './modules/payments/payments.context';
import { reversePurchase } from './modules/payments/purchase-reversal.service';
import { listRedemptions } from './modules/redemptions/redemptions.repository';
import { settleRedemption } from './modules/redemptions/redemptions.service';
import { approveHeldRedemption } from './modules/redemptions/risk-review.service';
import { deleteMemberAccount } from './modules/safety/admin-safety.service';
import { loadSettings, updateSettings } from './modules/settings/settings.service';

/** Payments without a server: no webhooks are sent and no socket hears balance changes. */
function paymentsContext(
  db: ReturnType<typeof openDatabase>['db'],
  config: Config,
): PaymentsContext {
  return {
    db,
    config,
    clock: systemClock,
    gateway: createPaymentGateway(
      { ...config, PAYMENTS_SANDBOX_WEBHOOKS: false },
      {
        db,
        clock: systemClock,
        secrets: loadSecrets(config),
        sandboxWebhooks: { target: () => null, onError: () => {} },
      },
    ),
    payouts: createPayoutProvider(config),
  };
}

const payeeIdCipher = (config: Config) =>
  createPayeeIdCipher(config.PAYEE_ID_KEYS, loadSecrets(config).payeeIdKey);

const commands: Record<
  string,
  {
    usage: string;
    run: (
      db: ReturnType<typeof openDatabase>['db'],
      args: string[],
      config: Config,
    ) => Promise<unknown>;
  }
> = {
  'create-admin': {
    usage:
      'create-admin <phone>   (an approved admin without a referral, e.g. the first one; an existing member becomes one)',
    run: (db, [phone]) => createAdmin(db, required(phone, 'phone'), systemClock()),
  },
  'remove-admin': {
    usage: 'remove-admin <phone>   (takes back create-admin; a number in ADMIN_PHONES stays admin)',
    run: (db, [phone], config) => removeAdmin(db, config, required(phone, 'phone')),
  },
  approve: {
    usage: 'approve <username>',
    run: (db, [username]) => approveMember(db, required(username, 'username')),
  },
  'delete-member': {
    usage:
      'delete-member <userId> <fraud_or_scam|other> <reason>   (deletes the account as the console does; for fraud_or_scam the members who exchanged messages with it in 30 days are told by the servers within minutes)',
    run: async (db, [id, category, ...reason]) => {
      // The column's range, as the console's route bounds it: a huge id is refused, not sent.
      const userId = idParam.parse(required(id, 'userId'));
      const body = suspendBody.parse({ reason: reason.join(' '), category });
      return deleteMemberAccount(
        { db, clock: systemClock },
        null,
        userId,
        body.reason,
        body.category,
      );
    },
  },
  'close-period': {
    usage: 'close-period   (closes the open auction period now, as the scheduler would)',
    run: async (db) => {
      const { closed, period } = await sweepPeriods(
        { db, clock: systemClock },
        { force: true, closedBy: { adminId: null } },
      );
      return {
        closedPeriodId: closed?.periodId ?? null,
        connections: closed?.connectionCount ?? 0,
        openPeriod: { id: period.id, end_time: period.end_time.toISOString() },
      };
    },
  },
  'sweep-connections': {
    usage: 'sweep-connections   (runs the connection sweeper now: reminders, expiries, grace ends)',
    run: (db, _args, config) => sweepConnections({ db, config, clock: systemClock }),
  },
  settings: {
    usage: 'settings   (the business settings in effect)',
    run: (db, _args, config) => loadSettings(db, config),
  },
  economy: {
    usage: 'economy   (tokens issued by origin, cash in and out, what is owed now)',
    run: (db, _args, config) => economyReport(db, config, systemClock()),
  },
  'set-setting': {
    usage: 'set-setting <key> <value>   (e.g. set-setting daily_claim_amount 150)',
    run: async (db, [key, value], config) => {
      const patch = { [required(key, 'key')]: JSON.parse(required(value, 'value')) };
      return (await updateSettings(db, config, patch, null)).after;
    },
  },
  'grant-tokens': {
    usage:
      'grant-tokens <username> <amount> [--redeemable|--paid <cashCents> <cashReference>]   (free tokens; or paid for, with the cash received and its record)',
    run: async (db, [username, amount, flag, cents, ...reference]) => {
      const { entry: _entry, ...granted } = await adjustTokens(
        { db },
        required(username, 'username'),
        Number(amount),
        {
          redeemable: flag === '--redeemable',
          paid: flag === '--paid',
          cash: flag ? { cents: Number(cents), reference: reference.join(' ') } : undefined,
        },
      );
      return granted;
    },
  },
  redemptions: {
    usage:
      'redemptions [pending|paid|failed]   (the payout queue, riskiest then oldest first, with each risk review)',
    run: (db, [status]) =>
      listRedemptions(db, {
        status: status as 'pending' | 'paid' | 'failed' | undefined,
        limit: 200,
        offset: 0,
      }),
  },
  'mark-paid': {
    usage: 'mark-paid <redemptionId>   (after paying it by hand)',
    run: (db, [id], config) =>
      settleRedemption(paymentsContext(db, config), Number(required(id, 'redemptionId')), {
        outcome: 'paid',
        actorId: null,
      }),
  },
  'approve-redemption': {
    usage:
      'approve-redemption <redemptionId>   (releases one the risk review held; PayPal payouts send it within a minute)',
    run: async (db, [id], config) => {
      const redemptionId = Number(required(id, 'redemptionId'));
      await approveHeldRedemption(paymentsContext(db, config), redemptionId, null);
      return { approved: redemptionId };
    },
  },
  'mark-failed': {
    usage: 'mark-failed <redemptionId> <reason>   (the tokens go back to the member)',
    run: (db, [id, ...reason], config) =>
      settleRedemption(paymentsContext(db, config), Number(required(id, 'redemptionId')), {
        outcome: 'failed',
        reason: required(reason.join(' '), 'reason'),
        actorId: null,
      }),
  },
  'payee-keys-rotate': {
    usage:
      'payee-keys-rotate   (re-seals every taxpayer id with the first PAYEE_ID_KEYS key; then the old key can go)',
    run: (db, _args, config) =>
      resealPayeeIds({
        db,
        payeeIds: payeeIdCipher(config),
      }),
  },
  'payee-report': {
    usage:
      'payee-report <year> --country US|CA [--full-ids]   (the year-end payee report as CSV on stdout; --full-ids shows whole taxpayer ids and is written to the audit log)',
    run: async (db, [year, ...flags], config) => {
      const country = flags[flags.indexOf('--country') + 1];
      const query = payeeReportQuery.parse({ year: required(year, 'year'), country });
      const found = flags.includes('--full-ids')
        ? await payeeReportWithFullIds({ db, payeeIds: payeeIdCipher(config) }, query, null)
        : await payeeReport({ db }, query);
      return new CsvOutput(found.csv);
    },
  },
  'reverse-purchase': {
    usage: 'reverse-purchase <transactionId> <refund|chargeback|void>   (takes the tokens back)',
    run: async (db, [transactionId, reason], config) => {
      const why = required(reason, 'reason');
      if (!['refund', 'chargeback', 'void'].includes(why))
        throw new Error('reason: refund, chargeback or void');
      return reversePurchase(paymentsContext(db, config), {
        transactionId: required(transactionId, 'transactionId'),
        reason: why as 'refund' | 'chargeback' | 'void',
      });
    },
  },
};

/** A command's answer printed as it is (a CSV file), not as JSON. */
class CsvOutput {
  constructor(readonly text: string) {}
}

function required(value: string | undefined, name: string): string {
  if (!value) throw new Error(`missing ${name}`);
  return value;
}

async function main() {
  const [name, ...args] = process.argv.slice(2);
  const command = name ? commands[name] : undefined;
  if (!command) {
    console.log(
      `usage: npm run admin -- <command>\n${Object.values(commands)
        .map((c) => `  ${c.usage}`)
        .join('\n')}`,
    );
    process.exit(name ? 1 : 0);
  }
  const config = loadConfig();
  let database: ReturnType<typeof openDatabase>;
  try {
    // Only the command's name: its arguments may be a phone number.
    database = openDatabase({ ...databaseOptions(config), holder: `npm run admin -- ${name}` });
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
  await database.migrate();
  try {
    const output = await command.run(database.db, args, config);
    if (output instanceof CsvOutput) process.stdout.write(output.text);
    else console.log(JSON.stringify(output, null, 2));
  } catch (error) {
    if (error instanceof ZodError) {
      for (const issue of error.issues) console.error(`${issue.path.join('.')}: ${issue.message}`);
    } else {
      console.error(error instanceof Error ? error.message : error);
    }
    process.exitCode = 1;
  } finally {
    await database.close();
  }
}

await main();
