import { describe, expect, it } from 'vitest';

describe('schema runtime', () => {
  it("turns zod's compiler (and its eval probe) off through zod's own global config", async () => {
    await import('./schema-runtime');
    const { config } = await import('zod/v4/core');
    expect(config().jitless).toBe(true);
  });
});
