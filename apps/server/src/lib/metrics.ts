// The process's Prometheus metrics (docs/metrics.md lists each with its meaning). Counters
// and histograms live here, one set per process however many apps it builds, so a domain
// module records an event with one line (`bidMetrics.placed()`) and no handle to pass
// around. What is read from the database, the pool or Redis at scrape time belongs to one
// app and is registered by plugins/metrics.ts. No label takes an unbounded value: labels
// are fixed lists (reasons, kinds, channels, outcomes, job and event names), never ids.
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

export const processRegistry = new Registry();
// Node's process metrics, event-loop delay included (nodejs_eventloop_lag_*_seconds,
// measured with perf_hooks.monitorEventLoopDelay and reset at each scrape).
collectDefaultMetrics({ register: processRegistry });

const registers = [processRegistry];

export const httpDuration = new Histogram({
  name: 'http_request_duration_seconds',
  help: 'HTTP request duration by method, route pattern and status',
  labelNames: ['method', 'route', 'status'],
  registers,
});

const bids = new Counter({
  name: 'bidboard_bids_placed_total',
  help: 'Bids accepted (REST and socket)',
  registers,
});
const bidRefusals = new Counter({
  name: 'bidboard_bids_refused_total',
  help: 'Bids refused, by reason',
  labelNames: ['reason'],
  registers,
});
/** Reasons a bid is refused: bid_refusal's (SQL) and the checks made before it. */
const BID_REFUSAL_REASONS = new Set([
  'auction_not_found',
  'bidding_closed',
  'own_auction',
  'unknown_bidder',
  'member_unavailable',
  'blocked',
  'not_onboarded',
  'not_approved',
  'bid_too_low',
  'invalid_amount',
  'insufficient_tokens',
]);
export const bidMetrics = {
  placed: () => bids.inc(),
  refused: (reason: string) =>
    bidRefusals.inc({ reason: BID_REFUSAL_REASONS.has(reason) ? reason : 'other' }),
};

const socketConnects = new Counter({
  name: 'bidboard_socket_connections_total',
  help: 'Sockets accepted (handshake and session check passed)',
  registers,
});
const socketEvents = new Counter({
  name: 'bidboard_socket_events_total',
  help: 'Socket events received, by event name (names outside the protocol count as "other")',
  labelNames: ['event'],
  registers,
});
const socketRecoveries = new Counter({
  name: 'bidboard_socket_recoveries_total',
  help: 'Reconnecting sockets that asked to recover missed events, by outcome (recovered or missed)',
  labelNames: ['outcome'],
  registers,
});
const roomJoins = new Counter({
  name: 'bidboard_room_joins_total',
  help: 'Auction room joins, by outcome (joined, or refused: no card for this member) and card (kept in memory, or read)',
  labelNames: ['outcome', 'card'],
  registers,
});
export const socketMetrics = {
  connected: () => socketConnects.inc(),
  event: (name: string, known: ReadonlySet<string>) =>
    socketEvents.inc({ event: known.has(name) ? name : 'other' }),
  recovery: (recovered: boolean) =>
    socketRecoveries.inc({ outcome: recovered ? 'recovered' : 'missed' }),
  roomJoin: (joined: boolean, card: 'kept' | 'read') =>
    roomJoins.inc({ outcome: joined ? 'joined' : 'refused', card }),
};

const chatMessages = new Counter({
  name: 'bidboard_chat_messages_total',
  help: 'Chat messages stored, by kind (text or image)',
  labelNames: ['kind'],
  registers,
});
export const chatMetrics = {
  sent: (kind: 'text' | 'image') => chatMessages.inc({ kind }),
};

const alertsWritten = new Counter({
  name: 'bidboard_alerts_written_total',
  help: 'Alerts written, by kind',
  labelNames: ['kind'],
  registers,
});
export const alertMetrics = {
  written: (kind: string, count = 1) => {
    if (count > 0) alertsWritten.inc({ kind }, count);
  },
};

const closeStage = new Histogram({
  name: 'bidboard_close_stage_duration_seconds',
  help: 'Duration of each stage of the period close',
  labelNames: ['stage'],
  buckets: [0.01, 0.05, 0.1, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300],
  registers,
});
const closesDone = new Counter({
  name: 'bidboard_closes_total',
  help: 'Period close attempts, by outcome (closed, failed)',
  labelNames: ['outcome'],
  registers,
});
const auctionsClosed = new Counter({
  name: 'bidboard_close_auctions_closed_total',
  help: 'Auctions closed by period closes',
  registers,
});
const connectionsCreated = new Counter({
  name: 'bidboard_close_connections_created_total',
  help: 'Connections created by period closes (auctions that had a leader)',
  registers,
});
const lastClose = new Gauge({
  name: 'bidboard_close_last_success_timestamp_seconds',
  help: 'When this server last closed a period (Unix time)',
  registers,
});
export const CLOSE_STAGES = [
  'close_period',
  'close_auctions',
  'refund_escrow',
  'write_alerts',
  'open_next_period',
  'fan_out',
] as const;
export type CloseStage = (typeof CLOSE_STAGES)[number];
export const closeMetrics = {
  stage: (stage: CloseStage, seconds: number) => closeStage.observe({ stage }, seconds),
  closed: (counts: { auctions: number; connections: number }, at: Date) => {
    closesDone.inc({ outcome: 'closed' });
    auctionsClosed.inc(counts.auctions);
    connectionsCreated.inc(counts.connections);
    lastClose.set(at.getTime() / 1000);
  },
  failed: () => closesDone.inc({ outcome: 'failed' }),
};

const notifications = new Counter({
  name: 'bidboard_notifications_total',
  help: 'Notification outbox deliveries finished, by channel and outcome (sent, skipped, retry, failed)',
  labelNames: ['channel', 'outcome'],
  registers,
});
export const notificationMetrics = {
  finished: (channel: 'push' | 'sms', outcome: 'sent' | 'skipped' | 'retry' | 'failed') =>
    notifications.inc({ channel, outcome }),
};

const purchases = new Counter({
  name: 'bidboard_purchases_total',
  help: 'Card payments confirmed to the server, by outcome (credited, duplicate, unknown)',
  labelNames: ['outcome'],
  registers,
});
const redemptions = new Counter({
  name: 'bidboard_redemptions_total',
  help: 'Redemption requests, by outcome (requested, refused)',
  labelNames: ['outcome'],
  registers,
});
const payouts = new Counter({
  name: 'bidboard_payouts_total',
  help: 'Payout results, by outcome (paid, failed, send_failed: not sent, retried later)',
  labelNames: ['outcome'],
  registers,
});
export const paymentMetrics = {
  purchase: (outcome: 'credited' | 'duplicate' | 'unknown') => purchases.inc({ outcome }),
  redemption: (outcome: 'requested' | 'refused') => redemptions.inc({ outcome }),
  payout: (outcome: 'paid' | 'failed' | 'send_failed') => payouts.inc({ outcome }),
};

// Durable jobs (jobs/repeating-job.ts registers every one by name).
interface JobState {
  intervalSeconds: number;
  startedAt: number;
  lastSuccess: number | null;
}
const jobs = new Map<string, JobState>();
const jobRuns = new Counter({
  name: 'bidboard_job_runs_total',
  help: 'Sweeper and worker runs, by job and outcome (ok, failed)',
  labelNames: ['job', 'outcome'],
  registers,
});
const jobDuration = new Histogram({
  name: 'bidboard_job_duration_seconds',
  help: 'Duration of each sweeper or worker run, by job',
  labelNames: ['job'],
  buckets: [0.005, 0.025, 0.1, 0.5, 1, 5, 15, 60, 300],
  registers,
});
new Gauge({
  name: 'bidboard_job_last_success_timestamp_seconds',
  help: 'When each job last finished a run without error (Unix time; absent before the first)',
  labelNames: ['job'],
  registers,
  collect() {
    this.reset();
    for (const [job, state] of jobs) {
      if (state.lastSuccess !== null) this.set({ job }, state.lastSuccess / 1000);
    }
  },
});
new Gauge({
  name: 'bidboard_job_lag_seconds',
  help: 'Seconds since each job last succeeded (since it started, before its first success)',
  labelNames: ['job'],
  registers,
  collect() {
    this.reset();
    const now = Date.now();
    for (const [job, state] of jobs) {
      this.set({ job }, (now - (state.lastSuccess ?? state.startedAt)) / 1000);
    }
  },
});
new Gauge({
  name: 'bidboard_job_interval_seconds',
  help: 'How often each job runs when nothing wakes it',
  labelNames: ['job'],
  registers,
  collect() {
    this.reset();
    for (const [job, state] of jobs) this.set({ job }, state.intervalSeconds);
  },
});
export const jobMetrics = {
  started: (job: string, intervalMs: number) => {
    const known = jobs.get(job);
    // Several apps in one process (tests) share a job's name: the first start stands.
    if (!known)
      jobs.set(job, {
        intervalSeconds: intervalMs / 1000,
        startedAt: Date.now(),
        lastSuccess: null,
      });
  },
  ran: (job: string, seconds: number, ok: boolean) => {
    jobRuns.inc({ job, outcome: ok ? 'ok' : 'failed' });
    jobDuration.observe({ job }, seconds);
    const state = jobs.get(job);
    if (ok && state) state.lastSuccess = Date.now();
  },
};

/** Seconds since `start` (a performance.now() reading). */
export function secondsSince(start: number): number {
  return (performance.now() - start) / 1000;
}
