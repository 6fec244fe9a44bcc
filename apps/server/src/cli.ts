// Operator CLI: `npm run admin -- <command> [args]`, on the database the server uses.
import { ZodError } from 'zod';
import { type Config, loadConfig } from './config';
import { openDatabase } from './db/client';
import { sweepPeriods } from './jobs/period-close';
import { systemClock } from './lib/context';
import { adjustTokens, approveMember } from './modules/admin/admin.service';
import { sweepConnections } from './modules/connections/connection-sweep.service';
import { loadSettings, updateSettings } from './modules/settings/settings.service';

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
  approve: {
    usage: 'approve <username>',
    run: (db, [username]) => approveMember(db, required(username, 'username')),
  },
  'close-period': {
    usage: 'close-period   (closes the open auction period now, as the scheduler would)',
    run: async (db) => {
      const { closed, period } = await sweepPeriods({ db, clock: systemClock }, { force: true });
      return {
        closedPeriodId: closed?.periodId ?? null,
        connections: closed?.connections.length ?? 0,
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
  'set-setting': {
    usage: 'set-setting <key> <value>   (e.g. set-setting daily_claim_amount 150)',
    run: async (db, [key, value], config) => {
      const patch = { [required(key, 'key')]: JSON.parse(required(value, 'value')) };
      return (await updateSettings(db, config, patch, null)).after;
    },
  },
  'grant-tokens': {
    usage: 'grant-tokens <username> <amount> [--redeemable]   (redeemable: cash-redeemable too)',
    run: async (db, [username, amount, flag]) => {
      const { entry: _entry, ...granted } = await adjustTokens(
        db,
        required(username, 'username'),
        Number(amount),
        { redeemable: flag === '--redeemable' },
      );
      return granted;
    },
  },
};

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
  const database = openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR });
  await database.migrate();
  try {
    console.log(JSON.stringify(await command.run(database.db, args, config), null, 2));
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
