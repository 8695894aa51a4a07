/** Shared by the content feature's tests: admin callers, sample payloads and counter checks. */
import { env } from 'cloudflare:workers';
import { expect } from 'vitest';
import type { AdminQuestion, ModuleInput, QuestionInput } from '@drone-exam/shared/schemas/content';
import { call, callOk, signedInUser } from '../../test/helpers.ts';
import { COUNTER_RECOMPUTE_SQL, type CounterKey } from '../db/counters.ts';
import airLaw from '../../../content/questions/air-law-regulations.json';
import airspace from '../../../content/questions/airspace.json';
import firstFlights from '../../../content/questions/first-flights.json';
import humanFactors from '../../../content/questions/human-factors.json';
import operations from '../../../content/questions/operations.json';
import rpasTheory from '../../../content/questions/rpas-theory.json';
import weather from '../../../content/questions/weather-notams.json';

export const adminToken = async () => (await signedInUser({ role: 'admin' })).token;

/** A visitor, a learner, a premium learner: none of them may call any content endpoint. */
export async function expectAdminsOnly(
  requests: Array<{ path: string; method?: string; body?: unknown }>,
) {
  const user = await signedInUser();
  const premium = await signedInUser({ premiumUntil: Date.now() + 86_400_000 });
  for (const request of requests) {
    const label = `${request.method ?? 'GET'} ${request.path}`;
    const visitor = await call(request.path, request);
    expect(visitor.status, `${label} as a visitor`).toBe(401);
    for (const caller of [user, premium]) {
      const { status, json } = await call(request.path, { ...request, token: caller.token });
      expect(status, `${label} as ${caller.email}`).toBe(403);
      expect(json).toMatchObject({ success: false, code: 'FORBIDDEN' });
    }
  }
}

export function sampleModule(overrides: Partial<ModuleInput> = {}): ModuleInput {
  return {
    title: 'Night Operations',
    slug: 'night-operations',
    description: 'Flying a small RPA between evening and morning civil twilight.',
    summary: 'Lighting, visibility and planning for night flights.',
    bodyMarkdown:
      '# Night Operations\n\n## Lighting\n\nAn RPA flown at night must carry lights that let the pilot see its position.\n\n- Position lights\n- Anti-collision light\n',
    tags: ['night', 'operations'],
    status: 'draft',
    order: 8,
    ...overrides,
  };
}

export function sampleQuestion(n: number, overrides: Partial<QuestionInput> = {}): QuestionInput {
  return {
    question: `Sample question number ${n}: what is the maximum altitude for a basic operation?`,
    options: ['400 ft AGL', '500 ft AGL', '122 m above the highest obstacle', '1000 ft AGL'],
    correctAnswer: 0,
    explanation: 'CAR 901.25 limits basic operations to 400 ft (122 m) above ground level.',
    category: 'air-law-regulations',
    difficulty: 'easy',
    tags: ['altitude'],
    regulationReference: 'CAR 901.25',
    ...overrides,
  };
}

/** Creates sampleQuestion(n) through the admin API, as an admin would. */
export async function createQuestion(
  token: string,
  n: number,
  overrides: Partial<QuestionInput> = {},
) {
  const data = await callOk<{ question: AdminQuestion }>('/api/admin/questions', {
    token,
    body: sampleQuestion(n, overrides),
  });
  return data.question;
}

async function scalar(query: string): Promise<number> {
  const [row] = await env.DB.prepare(query).raw<[number]>();
  return Number(row?.[0] ?? 0);
}

/** Every counter kept on write equals what its recompute SQL (the seed's source of truth) reads. */
export async function expectCountersRight(keys: readonly CounterKey[]) {
  for (const key of keys) {
    const stored = await scalar(
      `SELECT coalesce(max(value), 0) FROM counters WHERE key = '${key}'`,
    );
    expect(stored, `counter ${key}`).toBe(await scalar(COUNTER_RECOMPUTE_SQL[key]));
  }
}

export const MODULE_COUNTERS = [
  'modules.total',
  'modules.published',
  'modules.draft',
  'modules.review',
] as const satisfies readonly CounterKey[];
export const QUESTION_COUNTERS = [
  'questions.total',
  'questions.active',
] as const satisfies readonly CounterKey[];

export const countRows = (table: string) => scalar(`SELECT count(*) FROM ${table}`);

/**
 * The content bank's main files as a bulk-import payload: without the seed id the payload does not
 * take, and without learnMore sections of modules a test database does not hold
 * (rationales.test.ts covers learnMore).
 */
export function contentBankForImport(): QuestionInput[] {
  return (
    [airLaw, airspace, weather, rpasTheory, operations, humanFactors, firstFlights].flat() as Array<
      QuestionInput & { id: string }
    >
  ).map(
    ({ id: _seedId, learnMore: _learnMore, alsoTaughtIn: _alsoTaughtIn, ...question }) => question,
  );
}
