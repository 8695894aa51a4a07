import type { Bindings } from '../env.ts';
import { createDb } from '../db/client.ts';
import type { Db } from '../db/client.ts';
import { deliverEmail } from '../email/outbox.ts';
import { runQuestionImport } from '../content/import.ts';
import { contentChanged } from '../content/public-cache.ts';
import { expandCampaign } from '../admin/bulk-email.ts';
import { applyQuestionCounts } from '../quality/answer-counts.ts';
import type { Job } from './types.ts';

type Handler<T extends Job['type']> = (
  job: Extract<Job, { type: T }>,
  context: { env: Bindings; db: Db; attempt: number },
) => Promise<void>;

const handlers: { [T in Job['type']]: Handler<T> } = {
  email: (job, { env, db, attempt }) => deliverEmail(env, db, job.emailId, attempt),
  'question-import': async (job, { env, db, attempt }) => {
    await runQuestionImport(db, job.jobId, attempt);
    await contentChanged(env);
  },
  'bulk-email': (job, { env, db }) => expandCampaign(env, db, job),
  'question-counts': (job, { db }) => applyQuestionCounts(db, job.answers),
};

type CountsMessage = Message<Extract<Job, { type: 'question-counts' }>>;

/**
 * The batch's answers for question counters are added together, in one transaction: one update
 * per question however many answers it had, instead of one per answer.
 */
async function applyCountsTogether(db: Db, messages: CountsMessage[]) {
  if (messages.length === 0) return;
  try {
    await applyQuestionCounts(
      db,
      messages.flatMap((message) => message.body.answers),
    );
    for (const message of messages) message.ack();
  } catch (error) {
    console.error(`Question counts failed (${messages.length} messages)`, error);
    for (const message of messages)
      message.retry({ delaySeconds: Math.min(300, 2 ** message.attempts * 5) });
  }
}

/**
 * Each message is acked or retried on its own, so one bad email never holds up the batch; answers
 * for question counters are applied together.
 */
export async function handleJobs(batch: MessageBatch<Job>, env: Bindings) {
  batchesInHand += 1;
  try {
    await handleBatch(batch, env);
  } finally {
    batchesInHand -= 1;
  }
}

/**
 * Batches this isolate is handling right now. The API tests wait for none before they reset
 * storage: a batch writing to D1 while its database is deleted left the old one in place.
 */
let batchesInHand = 0;
export const jobBatchesInHand = () => batchesInHand;

async function handleBatch(batch: MessageBatch<Job>, env: Bindings) {
  const db = createDb(env.DB);
  const counts = batch.messages.filter(
    (message): message is CountsMessage => message.body.type === 'question-counts',
  );
  await applyCountsTogether(db, counts);
  for (const message of batch.messages) {
    if (message.body.type === 'question-counts') continue;
    const job = message.body;
    const handler = handlers[job.type] as Handler<Job['type']> | undefined;
    if (!handler) {
      console.error(`Unknown job type ${String((job as { type?: unknown }).type)}`);
      message.ack();
      continue;
    }
    try {
      await handler(job, { env, db, attempt: message.attempts });
      message.ack();
    } catch (error) {
      console.error(`Job ${job.type} failed (attempt ${message.attempts})`, error);
      message.retry({ delaySeconds: Math.min(300, 2 ** message.attempts * 5) });
    }
  }
}
