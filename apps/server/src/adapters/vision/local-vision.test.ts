// The model process's life: one that dies is forked again for the next task, except while
// the server drains (shutdown-process-group.test.ts has the whole drain). No model loads
// here: the process is killed while it loads them, and `stats` needs none.
import { afterEach, describe, expect, it } from 'vitest';
import { visionChildren } from '../../../test/vision';
import { LocalVision } from './local-vision';

let vision: LocalVision | undefined;
afterEach(async () => {
  await vision?.close();
});

/** Starts loading the models, queues a stats task behind it, then kills the process. */
async function killWhileLoading(v: LocalVision, beforeKill = () => {}) {
  const warm = v.warm();
  await expect.poll(visionChildren).toHaveLength(1);
  const [first] = visionChildren();
  const stats = v.stats();
  beforeKill();
  process.kill(first!, 'SIGTERM');
  await expect(warm).rejects.toThrow('vision process exited (SIGTERM)');
  return { first: first!, stats };
}

describe('the model process', () => {
  it('is forked again for the next task when it dies outside a drain', async () => {
    vision = new LocalVision();
    const { first, stats } = await killWhileLoading(vision);
    expect(await stats).toMatchObject({ loaded: false, rss: expect.any(Number) });
    const children = visionChildren();
    expect(children).toHaveLength(1);
    expect(children).not.toContain(first);
  });

  it('is not forked again while the server drains: its tasks fail at once', async () => {
    let draining = false;
    vision = new LocalVision({ draining: () => draining });
    const { stats } = await killWhileLoading(vision, () => {
      draining = true;
    });
    await expect(stats).rejects.toThrow('vision unavailable: the server is draining');
    expect(visionChildren()).toEqual([]);
  });
});
