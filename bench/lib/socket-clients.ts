// Socket.IO clients for the harnesses, run in a child process so the server under test
// keeps its own core. Reads a job file (argv[2]), prints one JSON line of results.
import { readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { io as connect, type Socket } from 'socket.io-client';
import { cpuSecondsOf } from './built-server';

export interface ChatPair {
  cid: string;
  ids: [number, number];
  tokens: [string, string];
  /** The server each member is connected to and sends through (default: the job's url). */
  urls?: [string, string];
}

/** One bid of the 'spread' scenario: who sends it and who watches its auction's room. */
export interface SpreadBid {
  auctionId: number;
  /** Indexes into the job's members. */
  bidder: number;
  watcher: number;
  amount: number;
}

export type ClientJob =
  | {
      scenario: 'poll';
      url: string;
      tokens: string[];
      alertsExpected: number;
      /** Time GET /api/health; the process doing it should hold no sockets of its own. */
      pollHealth: boolean;
    }
  | {
      scenario: 'chat';
      /** 'app': POST /api/chat/... (the app or the bare durable server); 'relay': a socket emit the bare relay forwards. */
      mode: 'app' | 'relay';
      url: string;
      pairs: ChatPair[];
      messagesPerPair: number;
      /**
       * Members' think time: a pair's next message goes this long on average (0.5x to 1.5x,
       * at random) after the last one arrived, the first within one such gap. Without it,
       * every pair sends again at once: the server's throughput, not what a member waits.
       */
      thinkMs?: number;
      /**
       * Messages each pair sends first and leaves out of `latencies` (they are in
       * `warmupLatencies`): a fresh client process opens its connections on them, and
       * every pair's first exchanges fall together however the pairs are spread.
       */
      warmupPerPair?: number;
      /** Processes whose CPU time (each) the result reports for the talking alone. */
      cpuPids?: number[];
    }
  | { scenario: 'connect'; url: string; tokens: string[]; concurrency: number; rooms: number[] }
  | {
      scenario: 'bids';
      url: string;
      tokens: string[];
      bidderIds: number[];
      auctionId: number;
      rounds: number;
    }
  | {
      scenario: 'spread';
      members: { url: string; token: string; id: number }[];
      /** Rounds of bids; a round starts when every bid of the one before was answered. */
      rounds: SpreadBid[][];
      cpuPids: number[];
    }
  | {
      scenario: 'idle';
      url: string;
      tokens: string[];
      concurrency: number;
    }
  | {
      scenario: 'watch';
      url: string;
      tokens: string[];
      concurrency: number;
      /** The auction rooms each watcher joins (its board: a page of cards). */
      rooms: number[][];
    }
  | {
      scenario: 'surge';
      url: string;
      bidders: SurgeBidder[];
      /** Each auction's amount to start above (its current bid). */
      startAt: Record<number, number>;
      seconds: number;
      /** A paced bidder's bid about this often (0.5x to 1.5x at random). */
      paceMs: number;
    };

/** One bidder of the 'surge' scenario: closed-loop (the next bid when the last is answered) or paced. */
export interface SurgeBidder {
  token: string;
  id: number;
  paced: boolean;
  /** The auctions it bids on, one at random each time. */
  auctions: number[];
}

const cpuSeconds = (pids: number[]) => pids.map(cpuSecondsOf);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1] ?? 0;
const minus = (after: number[], before: number[]) => after.map((a, i) => a - before[i]!);

/** How long a receiver waits for an event caused elsewhere before counting it lost. */
const DELIVERY_TIMEOUT_MS = 30_000;

function open(url: string, token: string): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(url, {
      auth: { token },
      transports: ['websocket'],
      reconnection: false,
    });
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

function joinAll(socket: Socket, rooms: number[]): Promise<void> {
  return new Promise((resolve) => {
    let left = rooms.length;
    const onJoined = () => {
      left -= 1;
      if (left === 0) {
        socket.off('roomJoined', onJoined);
        resolve();
      }
    };
    socket.on('roomJoined', onJoined);
    for (const room of rooms) socket.emit('joinRoom', `auction_${room}`);
  });
}

async function connectScenario(job: Extract<ClientJob, { scenario: 'connect' }>) {
  const sockets: Socket[] = [];
  const connectMs: number[] = [];
  const joinMs: number[] = [];
  let next = 0;
  let failed = 0;
  const started = performance.now();
  const worker = async () => {
    while (next < job.tokens.length) {
      const token = job.tokens[next++]!;
      try {
        const asked = performance.now();
        const socket = await open(job.url, token);
        const connected = performance.now();
        sockets.push(socket);
        await joinAll(socket, job.rooms);
        connectMs.push(connected - asked);
        joinMs.push(performance.now() - connected);
      } catch {
        failed += 1;
      }
    }
  };
  await Promise.all(Array.from({ length: job.concurrency }, worker));
  const seconds = (performance.now() - started) / 1000;
  for (const s of sockets) s.close();
  return {
    seconds,
    failed,
    connected: sockets.length,
    connectP50Ms: median(connectMs),
    joinP50Ms: median(joinMs),
  };
}

async function bidsScenario(job: Extract<ClientJob, { scenario: 'bids' }>) {
  const sockets = await Promise.all(job.tokens.map((t) => open(job.url, t)));
  await Promise.all(sockets.map((s) => joinAll(s, [job.auctionId])));
  let accepted = 0;
  let attempts = 0;
  const started = performance.now();
  for (let round = 0; round < job.rounds; round++) {
    await Promise.all(
      sockets.map(
        (socket, i) =>
          new Promise<void>((resolve) => {
            const done = (ok: boolean) => {
              socket.off('bidSuccess', onSuccess);
              socket.off('bidError', onError);
              if (ok) accepted += 1;
              resolve();
            };
            const onSuccess = () => done(true);
            const onError = () => done(false);
            socket.on('bidSuccess', onSuccess);
            socket.on('bidError', onError);
            attempts += 1;
            socket.emit('placeBid', {
              auctionId: job.auctionId,
              bidderId: job.bidderIds[i],
              bidAmount: 10 * (round * sockets.length + i + 1),
            });
          }),
      ),
    );
  }
  const seconds = (performance.now() - started) / 1000;
  for (const s of sockets) s.close();
  return { seconds, accepted, attempts };
}

/**
 * Holds sockets open (counting the alerts they receive) and/or polls GET /api/health
 * every 10 ms until SIGTERM, then reports the slowest answers. Polling from a process
 * that also receives the sockets' alerts would time that process's own event loop.
 */
async function pollScenario(job: Extract<ClientJob, { scenario: 'poll' }>) {
  const sockets = await Promise.all(job.tokens.map((t) => open(job.url, t)));
  let alerts = 0;
  let lastAlertAt = 0;
  const started = performance.now();
  for (const s of sockets) {
    s.on('new-alert', () => {
      alerts += 1;
      lastAlertAt = performance.now() - started;
    });
  }
  console.log('READY');
  let stop = false;
  process.once('SIGTERM', () => {
    stop = true;
  });
  /** [wall-clock ms when sent, latency ms] of each answer slower than 5 ms */
  const slow: [number, number][] = [];
  let requests = 0;
  while (!stop && !job.pollHealth) await new Promise((r) => setTimeout(r, 50));
  while (!stop) {
    const sent = Date.now();
    const t0 = performance.now();
    await fetch(`${job.url}/api/health`).then((r) => r.arrayBuffer());
    const ms = performance.now() - t0;
    requests += 1;
    if (ms > 5) slow.push([sent, ms]);
    await new Promise((r) => setTimeout(r, 10));
  }
  for (const s of sockets) s.close();
  return {
    slow,
    requests,
    alerts,
    alertsExpected: job.alertsExpected,
    lastAlertMs: lastAlertAt,
  };
}

/**
 * Every pair talks at once: the two members take turns, each message sent when the last
 * one reached the partner's socket (after the think time, if any). Latency is from the
 * send to the partner's 'new-message'; throughput is all messages over the wall-clock time.
 */
async function chatScenario(job: Extract<ClientJob, { scenario: 'chat' }>) {
  const sockets = await Promise.all(
    job.pairs.map(async (p) => [
      await open(p.urls?.[0] ?? job.url, p.tokens[0]),
      await open(p.urls?.[1] ?? job.url, p.tokens[1]),
    ]),
  );
  const latencies: number[] = [];
  const warmupLatencies: number[] = [];
  const warmup = job.warmupPerPair ?? 0;
  let failed = 0;
  let lost = 0;
  const cpuBefore = cpuSeconds(job.cpuPids ?? []);
  const started = performance.now();
  await Promise.all(
    job.pairs.map(async (pair, index) => {
      const both = sockets[index]!;
      const think = job.thinkMs;
      if (think) await sleep(Math.random() * think);
      for (let i = 0; i < job.messagesPerPair; i++) {
        if (think && i > 0) await sleep(think * (0.5 + Math.random()));
        const from = i % 2;
        const to = 1 - from;
        const text = `p${index}m${i}`;
        const t0 = performance.now();
        const received = new Promise<boolean>((resolve) => {
          const timer = setTimeout(() => {
            both[to]!.off('new-message', onMessage);
            resolve(false);
          }, DELIVERY_TIMEOUT_MS);
          const onMessage = (payload: { message: { text: string } }) => {
            if (payload.message.text !== text) return;
            clearTimeout(timer);
            both[to]!.off('new-message', onMessage);
            resolve(true);
          };
          both[to]!.on('new-message', onMessage);
        });
        if (job.mode === 'relay') {
          both[from]!.emit('relay', { to: pair.ids[to], cid: pair.cid, text });
        } else {
          const server = pair.urls?.[from] ?? job.url;
          const res = await fetch(`${server}/api/chat/conversations/${pair.cid}/messages`, {
            method: 'POST',
            headers: {
              authorization: `Bearer ${pair.tokens[from]}`,
              'content-type': 'application/json',
            },
            body: JSON.stringify({ text }),
          });
          await res.arrayBuffer();
          if (res.status !== 200) {
            failed += 1;
            continue;
          }
        }
        if (!(await received)) {
          lost += 1;
          continue;
        }
        (i < warmup ? warmupLatencies : latencies).push(performance.now() - t0);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const cpu = minus(cpuSeconds(job.cpuPids ?? []), cpuBefore);
  for (const pair of sockets) for (const s of pair) s.close();
  const messages = latencies.length + warmupLatencies.length;
  return { seconds, messages, failed, lost, latencies, warmupLatencies, cpuSeconds: cpu };
}

/**
 * Bids spread over many auctions, round after round, each bidder sending its bids of a
 * round one after another (the next when the last was answered); every bid's auction room is watched by another
 * member, on another server when there are several. Reports the bids answered per
 * second, the CPU time of each of `cpuPids` for it, and how many accepted bids each watcher saw.
 */
async function spreadScenario(job: Extract<ClientJob, { scenario: 'spread' }>) {
  const sockets = await Promise.all(job.members.map((m) => open(m.url, m.token)));
  const watched = new Map<number, Set<number>>();
  const all = job.rounds.flat();
  for (const bid of all) {
    const rooms = watched.get(bid.watcher) ?? new Set();
    rooms.add(bid.auctionId);
    watched.set(bid.watcher, rooms);
  }
  const seen = sockets.map(() => new Set<string>());
  sockets.forEach((socket, i) => {
    socket.on('bidUpdate', (u: { id: number; bidAmount: number }) => {
      seen[i]!.add(`${u.id}:${u.bidAmount}`);
    });
  });
  await Promise.all([...watched].map(([i, rooms]) => joinAll(sockets[i]!, [...rooms])));

  const accepted: SpreadBid[] = [];
  const refusals: Record<string, number> = {};
  const cpuBefore = cpuSeconds(job.cpuPids);
  const started = performance.now();
  for (const round of job.rounds) {
    const byBidder = new Map<number, SpreadBid[]>();
    for (const bid of round) byBidder.set(bid.bidder, [...(byBidder.get(bid.bidder) ?? []), bid]);
    await Promise.all(
      [...byBidder].map(async ([index, bids]) => {
        const socket = sockets[index]!;
        for (const bid of bids) {
          const ok = await new Promise<boolean>((resolve) => {
            const done = (result: boolean) => {
              socket.off('bidSuccess', onSuccess);
              socket.off('bidError', onError);
              resolve(result);
            };
            const onSuccess = (r: { bid: { auction_id: number } }) => {
              if (r.bid.auction_id === bid.auctionId) done(true);
            };
            const onError = (r: { auctionId: number | null; code: string }) => {
              if (r.auctionId !== bid.auctionId) return;
              refusals[r.code] = (refusals[r.code] ?? 0) + 1;
              done(false);
            };
            socket.on('bidSuccess', onSuccess);
            socket.on('bidError', onError);
            socket.emit('placeBid', {
              auctionId: bid.auctionId,
              bidderId: job.members[index]!.id,
              bidAmount: bid.amount,
            });
          });
          if (ok) accepted.push(bid);
        }
      }),
    );
  }
  const seconds = (performance.now() - started) / 1000;
  const delivered = () =>
    accepted.filter((b) => seen[b.watcher]!.has(`${b.auctionId}:${b.amount}`)).length;
  const deadline = performance.now() + DELIVERY_TIMEOUT_MS;
  while (delivered() < accepted.length && performance.now() < deadline) {
    await new Promise((r) => setTimeout(r, 20));
  }
  const cpu = minus(cpuSeconds(job.cpuPids), cpuBefore);
  for (const s of sockets) s.close();
  return {
    seconds,
    attempts: all.length,
    accepted: accepted.length,
    delivered: delivered(),
    refusals,
    cpuSeconds: cpu,
  };
}

/**
 * Idle members: sockets that connect (`concurrency` handshakes at a time), then only
 * listen until SIGTERM, counting the countdown syncs and heartbeats they receive and
 * the sockets the server dropped. A SIGTERM while still connecting (a server that no
 * longer keeps up) ends the connecting and reports what was held.
 */
async function idleScenario(job: Extract<ClientJob, { scenario: 'idle' }>) {
  const sockets: Socket[] = [];
  let next = 0;
  let failed = 0;
  let countdowns = 0;
  let pings = 0;
  let disconnected = 0;
  let stopped = false;
  const stop = new Promise<void>((resolve) =>
    process.once('SIGTERM', () => {
      stopped = true;
      resolve();
    }),
  );
  const started = performance.now();
  const worker = async () => {
    while (next < job.tokens.length && !stopped) {
      const token = job.tokens[next++]!;
      try {
        const socket = await open(job.url, token);
        socket.on('countdownSync', () => {
          countdowns += 1;
        });
        socket.io.on('ping', () => {
          pings += 1;
        });
        socket.on('disconnect', () => {
          disconnected += 1;
        });
        sockets.push(socket);
      } catch {
        failed += 1;
      }
    }
  };
  await Promise.race([Promise.all(Array.from({ length: job.concurrency }, worker)), stop]);
  const ready = !stopped;
  const connectSeconds = (performance.now() - started) / 1000;
  countdowns = 0;
  pings = 0;
  const listening = performance.now();
  if (ready) console.log('READY');
  await stop;
  const seconds = (performance.now() - listening) / 1000;
  const dropped = disconnected;
  for (const s of sockets) s.close();
  return {
    ready,
    connected: sockets.length,
    failed,
    disconnected: dropped,
    connectSeconds,
    seconds,
    countdowns,
    pings,
  };
}

/**
 * Watchers of the board: sockets that connect (`concurrency` at a time), join their rooms,
 * then only listen until SIGTERM, counting the card updates they receive and noting the
 * wall-clock time (Date.now(), comparable across processes) of each one's first alert.
 */
async function watchScenario(job: Extract<ClientJob, { scenario: 'watch' }>) {
  const sockets: Socket[] = [];
  const firstAlertAt: (number | null)[] = job.tokens.map(() => null);
  let next = 0;
  let failed = 0;
  let updates = 0;
  const worker = async () => {
    while (next < job.tokens.length) {
      const index = next++;
      try {
        const socket = await open(job.url, job.tokens[index]!);
        socket.on('bidUpdate', () => {
          updates += 1;
        });
        socket.on('new-alert', () => {
          firstAlertAt[index] ??= Date.now();
        });
        await joinAll(socket, job.rooms[index % job.rooms.length]!);
        sockets.push(socket);
      } catch {
        failed += 1;
      }
    }
  };
  await Promise.all(Array.from({ length: job.concurrency }, worker));
  let disconnected = 0;
  for (const s of sockets) s.on('disconnect', () => (disconnected += 1));
  console.log('READY');
  await new Promise((resolve) => process.once('SIGTERM', resolve));
  // Dropped by the server before the end (closing them here fires 'disconnect' too).
  const dropped = disconnected;
  for (const s of sockets) s.close();
  return { connected: sockets.length, failed, disconnected: dropped, updates, firstAlertAt };
}

/**
 * The last minute's bidding: every bidder bids for `seconds` on auctions of its list,
 * closed-loop bidders again as soon as the last bid is answered, paced ones about every
 * `paceMs`. Each auction's amounts climb by 10 from its start (bids racing on one auction
 * may be refused as too low: they count as attempts). Per auction: attempts, accepted, and
 * every acknowledgement's milliseconds (bidSuccess or bidError).
 */
async function surgeScenario(job: Extract<ClientJob, { scenario: 'surge' }>) {
  const sockets = await Promise.all(job.bidders.map((b) => open(job.url, b.token)));
  const amount = new Map(Object.entries(job.startAt).map(([a, n]) => [Number(a), n]));
  const byAuction = new Map<number, { attempts: number; accepted: number; ackMs: number[] }>();
  const refusals: Record<string, number> = {};
  let lost = 0;
  const bid = (socket: Socket, bidderId: number, auctionId: number) =>
    new Promise<void>((resolve) => {
      const next = (amount.get(auctionId) ?? 0) + 10;
      amount.set(auctionId, next);
      const stats = byAuction.get(auctionId) ?? { attempts: 0, accepted: 0, ackMs: [] };
      byAuction.set(auctionId, stats);
      stats.attempts += 1;
      const t0 = performance.now();
      const done = (ok: boolean) => {
        clearTimeout(timer);
        socket.off('bidSuccess', onSuccess);
        socket.off('bidError', onError);
        stats.ackMs.push(performance.now() - t0);
        if (ok) stats.accepted += 1;
        resolve();
      };
      const timer = setTimeout(() => {
        socket.off('bidSuccess', onSuccess);
        socket.off('bidError', onError);
        lost += 1;
        resolve();
      }, DELIVERY_TIMEOUT_MS);
      const onSuccess = (r: { bid: { auction_id: number } }) => {
        if (r.bid.auction_id === auctionId) done(true);
      };
      const onError = (r: { auctionId: number | null; code: string }) => {
        if (r.auctionId !== auctionId) return;
        refusals[r.code] = (refusals[r.code] ?? 0) + 1;
        done(false);
      };
      socket.on('bidSuccess', onSuccess);
      socket.on('bidError', onError);
      socket.emit('placeBid', { auctionId, bidderId, bidAmount: next });
    });
  const started = performance.now();
  const end = started + job.seconds * 1000;
  await Promise.all(
    job.bidders.map(async (bidder, i) => {
      const pick = () => bidder.auctions[Math.floor(Math.random() * bidder.auctions.length)]!;
      if (bidder.paced) await sleep(Math.random() * job.paceMs);
      while (performance.now() < end) {
        const t0 = performance.now();
        await bid(sockets[i]!, bidder.id, pick());
        if (bidder.paced) {
          const gap = job.paceMs * (0.5 + Math.random()) - (performance.now() - t0);
          await sleep(Math.max(0, Math.min(gap, end - performance.now())));
        }
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  for (const s of sockets) s.close();
  return { seconds, lost, refusals, byAuction: Object.fromEntries(byAuction) };
}

const job = JSON.parse(readFileSync(process.argv[2]!, 'utf8')) as ClientJob;
const result =
  job.scenario === 'chat'
    ? await chatScenario(job)
    : job.scenario === 'connect'
      ? await connectScenario(job)
      : job.scenario === 'bids'
        ? await bidsScenario(job)
        : job.scenario === 'spread'
          ? await spreadScenario(job)
          : job.scenario === 'idle'
            ? await idleScenario(job)
            : job.scenario === 'watch'
              ? await watchScenario(job)
              : job.scenario === 'surge'
                ? await surgeScenario(job)
                : await pollScenario(job);
console.log(JSON.stringify(result));
process.exit(0);
