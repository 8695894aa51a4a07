import type { Bindings } from './env.ts';
import { app } from './app.ts';
import { handleJobs } from './jobs/queue.ts';
import { runDailyTasks } from './jobs/cron.ts';
import type { Job } from './jobs/types.ts';

export default {
  fetch: app.fetch,
  async queue(batch, env) {
    await handleJobs(batch, env);
  },
  async scheduled(_controller, env, ctx) {
    ctx.waitUntil(runDailyTasks(env));
  },
} satisfies ExportedHandler<Bindings, Job>;
