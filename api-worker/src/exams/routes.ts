import { Hono } from 'hono';
import { ExamUpdateSchema } from '@drone-exam/shared/schemas/exam';
import { EXAM_IDS, type ExamId } from '@drone-exam/shared/schemas/exam-values';
import type { AppEnv } from '../env.ts';
import { cachedJson, contentChanged, okJson } from '../content/public-cache.ts';
import { notFound, ok, validate } from '../lib/http.ts';
import { EXAM_NOT_FOUND, listExams, toAdminExam, toExam, updateExam } from './service.ts';

const isExamId = (id: string): id is ExamId => (EXAM_IDS as readonly string[]).includes(id);

/** The exams as data (issue 28): the public list, the same for everyone, so from the public cache. */
export const examRoutes = new Hono<AppEnv>().get('/', async (c) => {
  const locale = c.var.locale;
  const json = await cachedJson(c, `exams:${locale}`, async () => ({
    exams: (await listExams(c.var.db)).map((row) => toExam(row, locale)),
  }));
  c.header('Vary', 'Accept-Language');
  return okJson(c, json, 'public, max-age=300');
});

/** The console's exam form (app.ts guards /api/admin for admins). */
export const adminExamRoutes = new Hono<AppEnv>()
  .get('/', async (c) => ok(c, { exams: (await listExams(c.var.db)).map(toAdminExam) }))
  .put('/:id', validate('json', ExamUpdateSchema), async (c) => {
    const id = c.req.param('id');
    if (!isExamId(id)) throw notFound(EXAM_NOT_FOUND);
    const exam = await updateExam(c.var.db, id, c.req.valid('json'), c.var.auth!.userId);
    await contentChanged(c.env);
    return ok(c, { exam });
  });
