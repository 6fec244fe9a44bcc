// Runs every harness BENCH_RUNS times back to back (default 3), each run in a fresh
// process, and prints the median of each figure next to its ceiling as a ratio.
// BENCH_ONLY=bids,close picks harnesses.
import { spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { type Figure, medianFigures, round } from './lib/harness';

const HARNESSES = [
  'auth',
  'bids',
  'sockets',
  'chat',
  'close',
  'start',
  'tracing',
  'tracing-instructions',
  'vision',
  'scale-out',
  'idle-sockets',
  'distance',
  'close-night',
];
const only = process.env.BENCH_ONLY?.split(',').map((s) => s.trim());
const runs = Number(process.env.BENCH_RUNS ?? 3);

function runHarness(name: string): Promise<Figure[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(import.meta.dirname, `${name}.bench.ts`)],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let out = '';
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      process.stdout.write(d);
    });
    child.on('exit', (code) => {
      const line = out.split('\n').find((l) => l.startsWith('BENCH_RESULT '));
      if (code !== 0) return reject(new Error(`${name} exited ${code}`));
      resolve(line ? (JSON.parse(line.slice(13)) as { figures: Figure[] }).figures : []);
    });
  });
}

const summary: Figure[] = [];
for (const name of HARNESSES.filter((h) => !only || only.includes(h))) {
  const results: Figure[][] = [];
  for (let i = 0; i < runs; i++) results.push(await runHarness(name));
  summary.push(...medianFigures(results.filter((r) => r.length > 0)));
}
console.log(
  `\nMedian of ${runs} runs; load average at the end ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')} on ${os.cpus().length} cores`,
);
console.table(
  summary.map((f) => ({
    figure: f.figure,
    value: `${round(f.value)} ${f.unit}`,
    ceiling: `${round(f.ceiling)} ${f.unit}`,
    ratio: round(f.value / f.ceiling, 2),
    target:
      f.target === undefined
        ? (f.note ?? '')
        : `${f.better === 'higher' ? '>=' : '<='} ${f.target}`,
  })),
);
