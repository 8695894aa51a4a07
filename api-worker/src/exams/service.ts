import { eq, sql } from 'drizzle-orm';
import type { Locale } from '@drone-exam/shared/i18n';
import {
  type AdminExam,
  type BlueprintEntry,
  type Exam,
  type ExamUpdate,
} from '@drone-exam/shared/schemas/exam';
import { EXAM_IDS, type ExamId } from '@drone-exam/shared/schemas/exam-values';
import type { Db } from '../db/client.ts';
import { exams, users } from '../db/schema.ts';
import { recordActivity } from '../lib/events.ts';
import { notFound } from '../lib/http.ts';
import { quotasByBlueprint } from '../quiz/selection.ts';
import { QUESTION_CATEGORIES, type QuestionCategory } from '@drone-exam/shared/schemas/quiz-values';

export type ExamRow = typeof exams.$inferSelect;

export const EXAM_NOT_FOUND = 'Exam not found';

/** One exam's row by id, as a statement, so callers put it in the batch they already make. */
export const examRow = (db: Db, id: ExamId) =>
  db.select().from(exams).where(eq(exams.id, id)).limit(1);

/** The exam asked for, or else the learner's target exam, as one statement. */
export const targetOrChosenExam = (db: Db, userId: string, chosen: ExamId | undefined) =>
  db
    .select()
    .from(exams)
    .where(
      eq(
        exams.id,
        chosen ??
          sql<ExamId>`(select ${users.targetExam} from ${users} where ${users.id} = ${userId})`,
      ),
    )
    .limit(1);

/** The learner's target exam (Basic for an account that never chose). */
export async function targetExamOf(db: Db, userId: string): Promise<ExamId> {
  const [row] = await db
    .select({ targetExam: users.targetExam })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row?.targetExam ?? 'basic';
}

/** What an attempt of this exam keeps: the exam, its practice mark and the official one. */
export const attemptExam = (exam: ExamRow) => ({
  id: exam.id,
  passMark: exam.practicePassMark,
  examPassMark: exam.passMark,
});

export const blueprintOf = (row: ExamRow) => JSON.parse(row.blueprintJson) as BlueprintEntry[];

/**
 * The questions per area a forecast of the exam assumes: its blueprint over its count, as if every
 * area could fill its share. Readiness, the class roster and the weekly email all forecast with it.
 */
export function forecastQuotas(exam: ExamRow) {
  const everyArea = Object.fromEntries(
    QUESTION_CATEGORIES.map((category) => [category, exam.questionCount]),
  ) as Record<QuestionCategory, number>;
  return quotasByBlueprint(blueprintOf(exam), everyArea, exam.questionCount);
}

export function toExam(row: ExamRow, locale: Locale): Exam {
  return {
    id: row.id,
    name: locale === 'fr' ? row.nameFr : row.nameEn,
    questionCount: row.questionCount,
    timeLimitMinutes: row.timeLimitMinutes,
    passMark: row.passMark,
    practicePassMark: row.practicePassMark,
    blueprint: blueprintOf(row),
    sourceNote: row.sourceNote,
  };
}

export function toAdminExam(row: ExamRow): AdminExam {
  const { name: _name, ...figures } = toExam(row, 'en');
  return {
    ...figures,
    name: { en: row.nameEn, fr: row.nameFr },
    updatedAt: new Date(row.updatedAt).toISOString(),
  };
}

/** Every exam, in the order of EXAM_IDS (Basic first). */
export async function listExams(db: Db): Promise<ExamRow[]> {
  const rows = await db.select().from(exams);
  return rows.sort((a, b) => EXAM_IDS.indexOf(a.id) - EXAM_IDS.indexOf(b.id));
}

/**
 * Replaces an exam's figures and blueprint and records who changed what in the activity feed, in
 * one batch once the exam is known to exist (exams are seeded by migration and never deleted).
 * Attempts already started keep the marks they started with.
 */
export async function updateExam(
  db: Db,
  id: ExamId,
  input: ExamUpdate,
  adminId: string,
  now = Date.now(),
): Promise<AdminExam> {
  const [existing] = await examRow(db, id);
  if (!existing) throw notFound(EXAM_NOT_FOUND);
  const [, [row]] = await db.batch([
    recordActivity(
      db,
      {
        userId: adminId,
        type: 'admin_action',
        title: `Exam "${input.name.en}" updated`,
        description: `${input.questionCount} questions, ${input.timeLimitMinutes} minutes, pass mark ${input.passMark} %, practice ${input.practicePassMark} %`,
        metadata: { examId: id, ...input },
      },
      now,
    ),
    db
      .update(exams)
      .set({
        nameEn: input.name.en,
        nameFr: input.name.fr,
        questionCount: input.questionCount,
        timeLimitMinutes: input.timeLimitMinutes,
        passMark: input.passMark,
        practicePassMark: input.practicePassMark,
        blueprintJson: JSON.stringify(input.blueprint),
        sourceNote: input.sourceNote,
        updatedAt: now,
      })
      .where(eq(exams.id, id))
      .returning(),
  ]);
  return toAdminExam(row!);
}
