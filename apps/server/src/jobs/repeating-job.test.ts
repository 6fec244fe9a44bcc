import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startRepeatingJob } from './repeating-job';

/** A run that waits until the test lets it finish, so runs can be caught in progress. */
function controlledRuns() {
  const releases: (() => void)[] = [];
  let stopSeen: boolean[] = [];
  const run = vi.fn(async (isStopped: () => boolean) => {
    await new Promise<void>((resolve) => releases.push(resolve));
    stopSeen = [...stopSeen, isStopped()];
    return run.mock.calls.length;
  });
  const finishRun = async () => {
    await vi.waitFor(() => expect(releases.length).toBeGreaterThan(0));
    releases.shift()!();
  };
  return { run, finishRun, stopSeen: () => stopSeen };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('a repeating job', () => {
  it('runs on start and again at each interval', async () => {
    const run = vi.fn(async () => 'done');
    const job = startRepeatingJob({ name: 'test', run, intervalMs: 1000, onError: () => {} });
    expect(run).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(3000);
    expect(run).toHaveBeenCalledTimes(4);
    await job.stop();
    await vi.advanceTimersByTimeAsync(3000);
    expect(run).toHaveBeenCalledTimes(4);
  });

  it('shares a run in progress with every wake during it', async () => {
    const { run, finishRun } = controlledRuns();
    const job = startRepeatingJob({ name: 'test', run, intervalMs: 60_000, onError: () => {} });
    const first = job.wake();
    const second = job.wake();
    await finishRun();
    expect(await first).toBe(1);
    expect(await second).toBe(1);
    expect(run).toHaveBeenCalledTimes(1);

    const next = job.wake();
    await finishRun();
    expect(await next).toBe(2);
    await job.stop();
  });

  it('with rerunWhenWoken, makes one more pass after a run that was woken during it', async () => {
    const { run, finishRun } = controlledRuns();
    const job = startRepeatingJob({
      name: 'test',
      run,
      intervalMs: 60_000,
      onError: () => {},
      rerunWhenWoken: true,
    });
    const woken = [job.wake(), job.wake()];
    await finishRun();
    await finishRun();
    // Both wakes resolve with the second pass, which started after they came.
    expect(await Promise.all(woken)).toEqual([2, 2]);
    expect(run).toHaveBeenCalledTimes(2);
    await job.stop();
  });

  it('reports a failed run and runs again at the next wake', async () => {
    const errors: unknown[] = [];
    const failure = new Error('database gone');
    const run = vi.fn().mockRejectedValueOnce(failure).mockResolvedValue('recovered');
    const job = startRepeatingJob({
      name: 'test',
      run,
      intervalMs: 60_000,
      onError: (e) => errors.push(e),
    });
    expect(await job.wake()).toBeUndefined();
    expect(errors).toEqual([failure]);
    expect(await job.wake()).toBe('recovered');
    await job.stop();
  });

  it('stops after the run in progress, which sees the stop, and ignores later wakes', async () => {
    const { run, finishRun, stopSeen } = controlledRuns();
    const job = startRepeatingJob({
      name: 'test',
      run,
      intervalMs: 1000,
      onError: () => {},
      rerunWhenWoken: true,
    });
    void job.wake();
    let stopped = false;
    const stopping = job.stop().then(() => {
      stopped = true;
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(stopped).toBe(false);
    await finishRun();
    await stopping;
    // The wake during the run asked for another pass, but the stop came first.
    expect(stopSeen()).toEqual([true]);
    expect(await job.wake()).toBeUndefined();
    await vi.advanceTimersByTimeAsync(5000);
    expect(run).toHaveBeenCalledTimes(1);
  });
});
