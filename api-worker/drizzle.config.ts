import { defineConfig } from 'drizzle-kit';

// Wrangler applies the generated SQL (`wrangler d1 migrations apply`); drizzle-kit only writes it.
export default defineConfig({
  dialect: 'sqlite',
  schema: './api-worker/src/db/schema.ts',
  out: './migrations',
});
