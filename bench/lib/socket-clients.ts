// Socket.IO clients for the harnesses, run in a child process so the server under test
// keeps its own core. Reads a job file (argv[2]), prints one JSON line of results.
import { readFileSync } from 'node:fs';
import { io as connect, type Socket } from 'socket.io-client';

export interface ChatPair {
  cid: string;
  ids: [number, number];
  tokens: [string, string];
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
    }
  | { scenario: 'connect'; url: string; tokens: string[]; concurrency: number; rooms: number[] }
  | {
      scenario: 'bids';
      url: string;
      tokens: string[];
      bidderIds: number[];
      auctionId: number;
      rounds: number;
    };

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
  let next = 0;
  let failed = 0;
  const started = performance.now();
  const worker = async () => {
    while (next < job.tokens.length) {
      const token = job.tokens[next++]!;
      try {
        const socket = await open(job.url, token);
        sockets.push(socket);
        await joinAll(socket, job.rooms);
      } catch {
        failed += 1;
      }
    }
  };
  await Promise.all(Array.from({ length: job.concurrency }, worker));
  const seconds = (performance.now() - started) / 1000;
  for (const s of sockets) s.close();
  return { seconds, failed, connected: sockets.length };
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
 * one reached the partner's socket. Latency is from the send to the partner's
 * 'new-message'; throughput is all messages over the wall-clock time.
 */
async function chatScenario(job: Extract<ClientJob, { scenario: 'chat' }>) {
  const sockets = await Promise.all(
    job.pairs.map(async (p) => [
      await open(job.url, p.tokens[0]),
      await open(job.url, p.tokens[1]),
    ]),
  );
  const latencies: number[] = [];
  let failed = 0;
  const started = performance.now();
  await Promise.all(
    job.pairs.map(async (pair, index) => {
      const both = sockets[index]!;
      for (let i = 0; i < job.messagesPerPair; i++) {
        const from = i % 2;
        const to = 1 - from;
        const text = `p${index}m${i}`;
        const t0 = performance.now();
        const received = new Promise<void>((resolve) => {
          const onMessage = (payload: { message: { text: string } }) => {
            if (payload.message.text !== text) return;
            both[to]!.off('new-message', onMessage);
            resolve();
          };
          both[to]!.on('new-message', onMessage);
        });
        if (job.mode === 'relay') {
          both[from]!.emit('relay', { to: pair.ids[to], cid: pair.cid, text });
        } else {
          const res = await fetch(`${job.url}/api/chat/conversations/${pair.cid}/messages`, {
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
        await received;
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  for (const pair of sockets) for (const s of pair) s.close();
  return { seconds, messages: latencies.length, failed, latencies };
}

const job = JSON.parse(readFileSync(process.argv[2]!, 'utf8')) as ClientJob;
const result =
  job.scenario === 'chat'
    ? await chatScenario(job)
    : job.scenario === 'connect'
      ? await connectScenario(job)
      : job.scenario === 'bids'
        ? await bidsScenario(job)
        : await pollScenario(job);
console.log(JSON.stringify(result));
process.exit(0);
