/** Every message on the jobs Queue. Add a member here and its handler in jobs/queue.ts. */
export type Job = { type: 'email'; emailId: string } | { type: 'question-import'; jobId: string };
