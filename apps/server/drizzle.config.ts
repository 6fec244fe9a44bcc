import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: [
    './src/db/schema.ts',
    './src/db/media.schema.ts',
    './src/db/auction.schema.ts',
    './src/db/payments.schema.ts',
    './src/db/payouts.schema.ts',
    './src/db/safety.schema.ts',
    './src/db/chat.schema.ts',
    './src/db/privacy.schema.ts',
    './src/db/dates.schema.ts',
    './src/db/prompts.schema.ts',
  ],
  out: './src/db/migrations',
});
