import { expect, it } from 'vitest';
import './schema-runtime';

it('turns zod jitless without importing zod (no eval probe under the CSP)', async () => {
  const { config } = await import('zod/v4/core');
  expect(config().jitless).toBe(true);
});
