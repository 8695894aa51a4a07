import type { Bindings } from './env.ts';
import { app } from './app.ts';
import { handleJobs } from './jobs/queue.ts';
import { runDailyTasks, runHourlyTasks } from './jobs/cron.ts';
import { HOURLY_CRON } from './push/constants.ts';
import type { Job } from './jobs/types.ts';

export default {
  fetch: app.fetch,
  async queue(batch, env) {
    await handleJobs(batch, env);
  },
  // Two triggers (wrangler.toml): the hourly one for phone reminders, the daily one for the rest.
  async scheduled(controller, env, ctx) {
    ctx.waitUntil(controller.cron === HOURLY_CRON ? runHourlyTasks(env) : runDailyTasks(env));
  },
} satisfies ExportedHandler<Bindings, Job>;
