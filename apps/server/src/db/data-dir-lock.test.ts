import { execFile, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, rows } from './client';
import { DataDirLockedError, LOCK_FILE, lockDataDir } from './data-dir-lock';

const dirs: string[] = [];
const freshDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'bidboard-lock-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** `npm run admin -- <args>` on the embedded database in dataDir. */
async function admin(dataDir: string, ...args: string[]) {
  try {
    const { stdout, stderr } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', 'src/cli.ts', ...args],
      {
        cwd: path.resolve(import.meta.dirname, '../..'),
        env: { ...process.env, NODE_ENV: 'development', DATA_DIR: dataDir, DATABASE_URL: '' },
      },
    );
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

describe('one process at a time on an embedded data directory', () => {
  it('refuses a second opener while the first holds it, naming it; free again after release', () => {
    const dir = freshDir();
    const release = lockDataDir(dir, 'npm start');
    expect(() => lockDataDir(dir, 'npm run admin -- settings')).toThrow(DataDirLockedError);
    expect(() => lockDataDir(dir, 'npm run admin -- settings')).toThrow(
      `open in another process (pid ${process.pid}: npm start)`,
    );
    release();
    expect(existsSync(path.join(dir, LOCK_FILE))).toBe(false);
    lockDataDir(dir, 'npm run admin -- settings')();
  });

  it('takes over a lock left by a process that is gone', () => {
    const dir = freshDir();
    // A pid that surely ended: a child that has exited.
    const gone = spawnSync(process.execPath, ['-e', '0']).pid;
    writeFileSync(
      path.join(dir, LOCK_FILE),
      JSON.stringify({ pid: gone, host: hostname(), holder: 'npm start' }),
    );
    const release = lockDataDir(dir, 'npm run admin -- settings');
    expect(JSON.parse(readFileSync(path.join(dir, LOCK_FILE), 'utf8'))).toMatchObject({
      pid: process.pid,
      holder: 'npm run admin -- settings',
    });
    release();
  });

  it('the admin CLI refuses while the server has the database, and touches nothing (issue 46)', async () => {
    const dataDir = freshDir();
    const server = openDatabase({ dataDir, holder: 'npm start' });
    await server.migrate();
    const refused = await admin(dataDir, 'set-setting', 'daily_claim_amount', '150');
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(`open in another process (pid ${process.pid}: npm start)`);
    expect(refused.stderr).toContain('stop the server first');
    expect(refused.stdout).toBe('');
    const [setting] = await rows<{ n: number }>(
      server.db,
      sql`SELECT count(*)::int AS n FROM app_settings WHERE key = 'daily_claim_amount'`,
    );
    expect(setting?.n).toBe(0);
    await server.close();

    // Stopped, the database is the CLI's: the same command runs, and a server start would
    // now be refused in its turn while the CLI holds it.
    const ran = await admin(dataDir, 'set-setting', 'daily_claim_amount', '150');
    expect(ran.code).toBe(0);
    expect(JSON.parse(ran.stdout)).toMatchObject({ daily_claim_amount: 150 });
    expect(existsSync(path.join(dataDir, LOCK_FILE))).toBe(false);
    // Two PGlite starts and two CLI runs: slow on a loaded machine.
  }, 180_000);
});
