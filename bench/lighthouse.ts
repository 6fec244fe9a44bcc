// Lighthouse (mobile form factor, default simulated throttling) on /auth and on / signed
// in, against a server that is already running (`npm start`), driving Debian's Chromium.
// Prints one table; it asserts nothing (the byte budget is kept by an e2e journey).
import { writeFileSync } from 'node:fs';
import lighthouse, { type Flags, type Result } from 'lighthouse';
import puppeteer, { type Page } from 'puppeteer-core';

const BASE_URL = (process.env.BENCH_BASE_URL ?? 'http://127.0.0.1:3000').replace(/\/$/, '');
// The demo seed's referrer; its code is read from the dev SMS outbox.
const PHONE = process.env.BENCH_PHONE ?? '+12015550100';
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
// Set to a folder to keep each run's full report (JSON) for reading the failing audits.
const REPORT_DIR = process.env.BENCH_REPORT_DIR;

async function post(path: string, body: unknown) {
  const response = await fetch(`${BASE_URL}/api${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return response.json() as Promise<Record<string, unknown>>;
}

async function signIn(): Promise<string> {
  await post('/auth/request-otp', { phone_number: PHONE });
  const outbox = await fetch(`${BASE_URL}/api/dev/otp-outbox?phone=${encodeURIComponent(PHONE)}`);
  if (!outbox.ok) throw new Error('no dev SMS outbox: run the server with SMS_PROVIDER=console');
  const { code } = (await outbox.json()) as { code: string };
  const login = await post('/auth/verify-otp', { phone_number: PHONE, otp: code });
  return login.token as string;
}

interface Row {
  page: string;
  performance: number;
  accessibility: number;
  'best-practices': number;
  'FCP ms': number;
  'LCP ms': number;
  'TBT ms': number;
  'JS KB (transfer)': number;
  'JS KB before paint': number;
}

function summarise(page: string, lhr: Result): Row {
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const metric = (id: string) => Math.round(lhr.audits[id]?.numericValue ?? 0);
  const summary = lhr.audits['resource-summary']?.details as
    | { items: { resourceType: string; transferSize: number }[] }
    | undefined;
  const script = summary?.items.find((item) => item.resourceType === 'script');
  return {
    page,
    performance: score('performance'),
    accessibility: score('accessibility'),
    'best-practices': score('best-practices'),
    'FCP ms': metric('first-contentful-paint'),
    'LCP ms': metric('largest-contentful-paint'),
    'TBT ms': metric('total-blocking-time'),
    'JS KB (transfer)': Math.round((script?.transferSize ?? 0) / 1024),
    'JS KB before paint': Math.round(scriptBytesBefore(lhr, observedPaint(lhr)) / 1024),
  };
}

function observedPaint(lhr: Result): number {
  const metrics = lhr.audits.metrics?.details as
    | { items: { observedFirstContentfulPaint?: number }[] }
    | undefined;
  return metrics?.items[0]?.observedFirstContentfulPaint ?? 0;
}

/** Bytes on the wire of the scripts requested before the first contentful paint (unthrottled). */
function scriptBytesBefore(lhr: Result, paintMs: number): number {
  const requests = lhr.audits['network-requests']?.details as
    | { items: { resourceType?: string; networkRequestTime?: number; transferSize?: number }[] }
    | undefined;
  return (requests?.items ?? [])
    .filter((r) => r.resourceType === 'Script' && (r.networkRequestTime ?? Infinity) < paintMs)
    .reduce((sum, r) => sum + (r.transferSize ?? 0), 0);
}

/** The median run by performance score, so one noisy run does not decide the figure. */
function median(rows: Row[]): Row {
  const sorted = [...rows].sort((a, b) => a.performance - b.performance);
  return sorted[Math.floor(sorted.length / 2)]!;
}

const flags: Flags = {
  output: 'json',
  logLevel: 'error',
  onlyCategories: ['performance', 'accessibility', 'best-practices'],
  // The signed-in page needs the session token the app keeps in localStorage.
  disableStorageReset: true,
};

/** A run whose trace came out broken (NO_NAVSTART, seen on a cold browser) is repeated. */
async function audit(url: string, page: Page) {
  for (let attempt = 1; ; attempt++) {
    const result = await lighthouse(url, flags, undefined, page);
    if (!result) throw new Error(`no Lighthouse result for ${url}`);
    if (!result.lhr.runtimeError || attempt === 3) return result;
  }
}

const token = await signIn();
const browser = await puppeteer.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  headless: true,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});
const results: Row[] = [];
try {
  for (const [label, path, signedIn] of [
    ['/auth', '/auth', false],
    ['/ (signed in)', '/', true],
  ] as const) {
    const runs: Row[] = [];
    for (let i = 0; i < RUNS; i++) {
      // A fresh browser context per run: empty HTTP and memory caches, as on a first visit.
      const context = await browser.createBrowserContext();
      const page = await context.newPage();
      await page.goto(`${BASE_URL}/favicon.svg`);
      await page.evaluate(
        (value) => {
          if (value) localStorage.setItem('authToken', value);
        },
        signedIn ? token : null,
      );
      const cdp = await page.createCDPSession();
      await cdp.send('Network.clearBrowserCache');
      await cdp.detach();
      const result = await audit(`${BASE_URL}${path}`, page);
      runs.push(summarise(label, result.lhr));
      if (REPORT_DIR) {
        const name = `${path === '/' ? 'home' : path.slice(1)}-${i + 1}.json`;
        writeFileSync(`${REPORT_DIR}/${name}`, JSON.stringify(result.lhr));
      }
      await context.close();
    }
    results.push(median(runs));
  }
} finally {
  await browser.close();
}
console.log(`Lighthouse mobile, median of ${RUNS} runs, ${BASE_URL}`);
console.table(results);
