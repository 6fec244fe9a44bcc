// `npm start` until /api/health answers (a warm start: the second of two, nothing
// changed in between) and the server's resident memory after 5 s idle, on PostgreSQL
// and on PGlite, against a bare Fastify + Socket.IO process started the same way.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from './lib/built-server';
import { type Figure, pgBase, report, scratchDatabase } from './lib/harness';

const root = path.resolve(import.meta.dirname, '..');
const IDLE_MS = 5_000;

/** Resident memory of the largest process in the tree under `pid` (the server). */
function serverRssMb(pid: number): number {
  const tree = [pid];
  for (let i = 0; i < tree.length; i++) {
    let children = '';
    try {
      children = execFileSync('ps', ['-o', 'pid=', '--ppid', String(tree[i])], {
        encoding: 'utf8',
      });
    } catch {}
    for (const line of children.split('\n')) if (line.trim()) tree.push(Number(line));
  }
  let max = 0;
  for (const p of tree) {
    try {
      const status = readFileSync(`/proc/${p}/status`, 'utf8');
      const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
      max = Math.max(max, kb / 1024);
    } catch {}
  }
  return max;
}

async function startUntilHealthy(command: string[], env: Record<string, string>) {
  const port = await freePort();
  const started = performance.now();
  const child: ChildProcess = spawn(command[0]!, command.slice(1), {
    cwd: root,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: 'ignore',
    detached: true,
  });
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${command.join(' ')} exited ${child.exitCode}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) break;
    } catch {}
    await new Promise((r) => setTimeout(r, 50));
  }
  const seconds = (performance.now() - started) / 1000;
  await new Promise((r) => setTimeout(r, IDLE_MS));
  const rss = serverRssMb(child.pid!);
  process.kill(-child.pid!, 'SIGTERM');
  await new Promise((resolve) => child.once('exit', resolve));
  return { seconds, rss };
}

const npmStart = ['npm', 'start', '--silent'];
const bare = ['node', 'bench/lib/bare-start.mjs'];
const figures: Figure[] = [];
const ceiling = await startUntilHealthy(bare, {});

if (pgBase) {
  const scratch = await scratchDatabase();
  const env = {
    DATABASE_URL: scratch.url,
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'bidboard-start-')),
  };
  const first = await startUntilHealthy(npmStart, env);
  const warm = await startUntilHealthy(npmStart, env);
  await scratch.drop();
  console.log({ firstStartSeconds: first.seconds });
  figures.push(
    {
      figure: '`npm start` to healthy (warm), PostgreSQL',
      unit: 's',
      value: warm.seconds,
      ceiling: ceiling.seconds,
      better: 'lower',
      note: 'target: under 3 s',
    },
    {
      figure: 'server RSS idle, PostgreSQL (demo data)',
      unit: 'MB',
      value: warm.rss,
      ceiling: ceiling.rss,
      better: 'lower',
      note: 'target: under 150 MB',
    },
  );
}
{
  const env = { DATABASE_URL: '', DATA_DIR: mkdtempSync(path.join(tmpdir(), 'bidboard-start-')) };
  await startUntilHealthy(npmStart, env);
  const warm = await startUntilHealthy(npmStart, env);
  figures.push(
    {
      figure: '`npm start` to healthy (warm), PGlite',
      unit: 's',
      value: warm.seconds,
      ceiling: ceiling.seconds,
      better: 'lower',
    },
    {
      figure: 'server RSS idle, PGlite (demo data)',
      unit: 'MB',
      value: warm.rss,
      ceiling: ceiling.rss,
      better: 'lower',
    },
  );
}
report('start', figures);
