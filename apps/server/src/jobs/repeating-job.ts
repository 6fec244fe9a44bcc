// The timer and run bookkeeping shared by the durable jobs (sweepers, the outbox worker).
// Their work lives in database rows, so the interval and wake-ups are only prompts: a
// missed one costs nothing and a run after downtime catches up. Runs never overlap, and
// stop() waits for the run in progress so a closing server does not cut a batch short.
// Every run is traced (span `job <name>`) and counted: runs, duration, last success and
// lag per job on /metrics (docs/metrics.md), so a new job is watched by naming it.
import { reportError } from '../lib/error-reporting';
import { jobMetrics, secondsSince } from '../lib/metrics';
import { withSpan } from '../lib/tracing';

export interface RepeatingJob<T> {
  /**
   * Runs the job now; a call during a run shares that run. Resolves to the run's result,
   * or to undefined when the job is stopped or the run failed (onError has been told).
   */
  wake(): Promise<T | undefined>;
  /** Stops the timer; resolves when a run in progress has finished. */
  stop(): Promise<void>;
}

export function startRepeatingJob<T>(job: {
  /** snake_case, the `job` label of its metrics and alerts. */
  name: string;
  /** One run; a run of many batches checks isStopped() between them. */
  run: (isStopped: () => boolean) => Promise<T>;
  intervalMs: number;
  onError: (error: unknown) => void;
  /**
   * A wake during a run asks for one more pass once it ends, for jobs woken because new
   * work has just arrived (which the run in progress may already have looked past).
   */
  rerunWhenWoken?: boolean;
}): RepeatingJob<T> {
  let stopped = false;
  let running: Promise<T | undefined> | null = null;
  let again = false;
  const isStopped = () => stopped;
  jobMetrics.started(job.name, job.intervalMs);

  const runOnce = () =>
    withSpan(`job ${job.name}`, {}, async () => {
      const start = performance.now();
      try {
        const result = await job.run(isStopped);
        jobMetrics.ran(job.name, secondsSince(start), true);
        return result;
      } catch (error) {
        jobMetrics.ran(job.name, secondsSince(start), false);
        reportError(error, { job: job.name });
        throw error;
      }
    });

  const runUntilSettled = async (): Promise<T> => {
    let result: T;
    do {
      again = false;
      result = await runOnce();
    } while (again && !stopped);
    return result;
  };

  const wake = (): Promise<T | undefined> => {
    if (stopped) return Promise.resolve(undefined);
    if (running) {
      if (job.rerunWhenWoken) again = true;
      return running;
    }
    running = runUntilSettled()
      .catch((error: unknown) => {
        job.onError(error);
        return undefined;
      })
      .finally(() => {
        running = null;
      });
    return running;
  };

  const interval = setInterval(() => void wake(), job.intervalMs);
  interval.unref();
  void wake();
  return {
    wake,
    stop: async () => {
      stopped = true;
      clearInterval(interval);
      await running;
    },
  };
}
