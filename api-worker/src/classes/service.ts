import { and, eq } from 'drizzle-orm';
import { pagination } from '@drone-exam/shared/api';
import {
  CLASS_ASSIGNMENTS_MAX,
  CLASS_CODE_ALPHABET,
  CLASS_CODE_LENGTH,
  CLASS_CODE_UNKNOWN,
  CLASS_FULL,
  CLASS_NOT_FOUND,
  CLASS_SUSPENDED,
  CLASSES_JOINED_MAX,
  CLASSES_PAGE_SIZE,
  CLASSES_TAUGHT_MAX,
  ROSTER_PAGE_SIZE,
  type RosterSort,
} from '@drone-exam/shared/schemas/classes-values';
import type {
  Assignment,
  ClassSeats,
  ClassLists,
  ClassSummary,
  CreateAssignmentSchema,
  CreateClassSchema,
  Roster,
  RosterStudent,
  TaughtClass,
} from '@drone-exam/shared/schemas/classes';
import { QUESTION_CATEGORIES, type QuestionCategory } from '@drone-exam/shared/schemas/quiz-values';
import type { z } from 'zod';
import type { Db } from '../db/client.ts';
import { namedBatch } from '../db/batch.ts';
import { classAssignments, classes, classMembers, learnerCategories } from '../db/schema.ts';
import { ApiError, conflict, forbidden, notFound } from '../lib/http.ts';
import { newId } from '../lib/ids.ts';
import { overallPrior, passProbability, posteriors } from '../learning/model.ts';
import { weakestAreas } from '../learning/pools.ts';
import { READINESS_MIN_ANSWERED, READINESS_MIN_CATEGORIES } from '../learning/constants.ts';
import { forecastQuotas } from '../exams/service.ts';
import {
  addMember,
  assignmentsOf,
  classByCode,
  countAssignments,
  countJoined,
  countTaught,
  grantSeats,
  joinedBy,
  memberOf,
  membership,
  publishedModule,
  recountMembers,
  removeMember,
  removeTaughtMember,
  rosterReads,
  type SeatedSession,
  taughtBy,
  taughtClass,
  verifiedUser,
} from './queries.ts';
import { CLASS_CODE_ATTEMPTS } from './constants.ts';
import { prepareEmail } from '../email/outbox.ts';
import { appLink } from '../auth/queries.ts';

export const VERIFIED_EMAIL_REQUIRED = 'Verify your email address before you create a class';
export const TOO_MANY_TAUGHT = `You can teach at most ${CLASSES_TAUGHT_MAX} classes`;
export const TOO_MANY_JOINED = `You can be in at most ${CLASSES_JOINED_MAX} classes`;
export const TOO_MANY_ASSIGNMENTS = `A class holds at most ${CLASS_ASSIGNMENTS_MAX} assignments`;
export const OWN_CLASS = 'You teach this class: share its code with your learners';
export const MEMBER_NOT_FOUND = 'That learner is not in this class';
export const NOT_A_MEMBER = 'You are not in this class';
export const MODULE_UNKNOWN = 'No published module has that slug';

type ClassRow = typeof classes.$inferSelect;
type AssignmentRow = typeof classAssignments.$inferSelect;

/**
 * A fresh class code from crypto.getRandomValues: bytes past the largest multiple of the
 * alphabet's length are drawn again, so every character is equally likely.
 */
export function newClassCode(): string {
  const size = CLASS_CODE_ALPHABET.length;
  const limit = 256 - (256 % size);
  let code = '';
  while (code.length < CLASS_CODE_LENGTH) {
    for (const byte of crypto.getRandomValues(new Uint8Array(CLASS_CODE_LENGTH * 2))) {
      if (byte < limit && code.length < CLASS_CODE_LENGTH) code += CLASS_CODE_ALPHABET[byte % size];
    }
  }
  return code;
}

export const seatsOf = (row: Pick<ClassRow, 'seatsBought' | 'seatsUsed'>): ClassSeats => ({
  bought: row.seatsBought,
  used: row.seatsUsed,
  left: Math.max(0, row.seatsBought - row.seatsUsed),
});

export const toClassSummary = (row: ClassRow): ClassSummary => ({
  id: row.id,
  name: row.name,
  exam: row.exam,
  code: row.code,
  examDate: row.examDate,
});

const toTaughtClass = (row: ClassRow): TaughtClass => ({
  ...toClassSummary(row),
  members: row.memberCount,
  suspended: row.suspendedAt !== null,
});

const toAssignment = (row: Omit<AssignmentRow, 'classId' | 'moduleId'>): Assignment => ({
  id: row.id,
  kind: row.kind,
  moduleSlug: row.moduleSlug,
  category: row.category,
  questionCount: row.questionCount,
  dueAt: row.dueAt,
  createdAt: row.createdAt,
});

export async function createClass(
  db: Db,
  userId: string,
  input: z.output<typeof CreateClassSchema>,
  now: number,
): Promise<ClassSummary> {
  const [[user], [taught]] = await db.batch([verifiedUser(db, userId), countTaught(db, userId)]);
  if (!user?.emailVerified) throw forbidden(VERIFIED_EMAIL_REQUIRED);
  if ((taught?.value ?? 0) >= CLASSES_TAUGHT_MAX) throw conflict(TOO_MANY_TAUGHT);
  // A code already taken (about one chance in 10^14) is drawn again rather than failing.
  for (let attempt = 0; attempt < CLASS_CODE_ATTEMPTS; attempt++) {
    const [row] = await db
      .insert(classes)
      .values({
        id: newId(),
        instructorId: userId,
        name: input.name,
        exam: input.exam,
        examDate: input.examDate ?? null,
        code: newClassCode(),
        createdAt: now,
      })
      .onConflictDoNothing({ target: classes.code })
      .returning();
    if (row) return toClassSummary(row);
  }
  throw new ApiError(503, 'Could not issue a class code. Please try again.', 'CODE_UNAVAILABLE');
}

/** A page of each list, with their counts (by the instructor and member indexes), in one batch. */
export async function listClasses(
  db: Db,
  userId: string,
  query: { teachingPage: number; memberPage: number },
): Promise<ClassLists> {
  const { teachingPage, memberPage } = query;
  const [taught, joined, assignments, [taughtCount], [joinedCount]] = await db.batch([
    taughtBy(db, userId, teachingPage),
    joinedBy(db, userId, memberPage),
    assignmentsOf(db, userId, memberPage),
    countTaught(db, userId),
    countJoined(db, userId),
  ]);
  return {
    teaching: taught.map(toTaughtClass),
    member: joined.map((row) => ({
      id: row.id,
      name: row.name,
      exam: row.exam,
      examDate: row.examDate,
      instructorName: `${row.instructorFirstName} ${row.instructorLastName}`,
      assignments: assignments
        .filter((assignment) => assignment.classId === row.id)
        .map((assignment) => ({ ...toAssignment(assignment), done: Boolean(assignment.done) })),
    })),
    teachingPagination: pagination(teachingPage, CLASSES_PAGE_SIZE, taughtCount?.value ?? 0),
    memberPagination: pagination(memberPage, CLASSES_PAGE_SIZE, joinedCount?.value ?? 0),
  };
}

/** A new code in place of the old one, which stops working with this write. */
export async function rotateCode(db: Db, classId: string, userId: string) {
  for (let attempt = 0; attempt < CLASS_CODE_ATTEMPTS; attempt++) {
    const rotated = await db
      .update(classes)
      .set({ code: newClassCode() })
      .where(and(eq(classes.id, classId), eq(classes.instructorId, userId)))
      .returning()
      .catch((error: unknown) => {
        // A code already taken is drawn again; anything else is a real failure.
        if (String(error).includes('UNIQUE')) return null;
        throw error;
      });
    if (rotated === null) continue;
    if (!rotated[0]) throw notFound(CLASS_NOT_FOUND);
    return toClassSummary(rotated[0]);
  }
  throw new ApiError(503, 'Could not issue a class code. Please try again.', 'CODE_UNAVAILABLE');
}

/**
 * Joins the class with that code. An unknown code says nothing more than that; a learner already
 * in the class joins again without harm; the 200th member is the last.
 */
export async function joinClass(
  db: Db,
  userId: string,
  code: string,
  now: number,
): Promise<{
  class: Pick<ClassSummary, 'id' | 'name' | 'exam' | 'examDate'>;
  joined: boolean;
  /** The learner's open sessions with their new expiry, when the join gave them a seat. */
  seated: SeatedSession[];
}> {
  const [[found], [joined]] = await db.batch([classByCode(db, code), countJoined(db, userId)]);
  if (!found) throw notFound(CLASS_CODE_UNKNOWN);
  if (found.instructorId === userId) throw conflict(OWN_CLASS);
  if ((joined?.value ?? 0) >= CLASSES_JOINED_MAX) throw conflict(TOO_MANY_JOINED);
  // A seat left for the class goes to the newcomer in the join's own batch (classes/seats.ts),
  // counted there, so a seat bought since the read above is not missed.
  const grant = grantSeats(db, found.id, newId(), now);
  const { added, member, sessions } = await namedBatch(db, {
    added: addMember(db, found.id, userId, now).returning({ userId: classMembers.userId }),
    recount: recountMembers(db, found.id),
    member: membership(db, found.id, userId),
    grant: grant.writes,
    seated: grant.seated,
    sessions: grant.sessions,
  });
  if (!member[0]) throw conflict(CLASS_FULL, 'CLASS_FULL');
  const summary = {
    id: found.id,
    name: found.name,
    exam: found.exam,
    examDate: found.examDate,
  };
  return { class: summary, joined: added.length > 0, seated: sessions };
}

/** The learner leaves; the instructor's next read no longer finds them. */
export async function leaveClass(db: Db, classId: string, userId: string) {
  const [removed] = await db.batch([
    removeMember(db, classId, userId),
    recountMembers(db, classId),
  ]);
  if (removed.length === 0) throw notFound(NOT_A_MEMBER);
}

/**
 * The instructor removes a member, who is told by email (in their account's language) in the same
 * batch as the removal, so neither happens without the other.
 */
export async function removeFromClass(
  db: Db,
  classId: string,
  instructorId: string,
  memberId: string,
  appUrl: string,
): Promise<string[]> {
  const [[owned], [member]] = await db.batch([
    taughtClass(db, classId, instructorId),
    memberOf(db, classId, memberId),
  ]);
  if (!owned) throw notFound(CLASS_NOT_FOUND);
  if (!member) throw notFound(MEMBER_NOT_FOUND);
  const email = prepareEmail(db, {
    to: member.email,
    userId: memberId,
    template: 'class-removed',
    data: {
      firstName: member.firstName,
      className: owned.name,
      link: appLink(appUrl, '/classes', member.locale),
    },
    locale: member.locale,
  });
  const [removed] = await db.batch([
    removeTaughtMember(db, classId, instructorId, memberId),
    recountMembers(db, classId),
    email.insert,
  ]);
  if (removed.length === 0) throw notFound(MEMBER_NOT_FOUND);
  return [email.id];
}

type AreaRow = typeof learnerCategories.$inferSelect;

/** The class's whole roster, from the same per-learner areas readiness reads (one batch). */
async function rosterOf(db: Db, classId: string, userId: string, now: number) {
  const [[found], members, areaRows, assignments, doneRows, [taught]] = await db.batch(
    rosterReads(db, classId, userId),
  );
  if (!found || !taught) throw notFound(CLASS_NOT_FOUND);
  const quotas = forecastQuotas(taught.exam);
  const areasBy = new Map<string, AreaRow[]>();
  for (const row of areaRows) areasBy.set(row.userId, [...(areasBy.get(row.userId) ?? []), row]);
  const doneBy = new Map<string, number>();
  const completedBy = new Map<string, number>();
  for (const row of doneRows) {
    doneBy.set(row.userId, (doneBy.get(row.userId) ?? 0) + 1);
    completedBy.set(row.assignmentId, (completedBy.get(row.assignmentId) ?? 0) + 1);
  }
  const students: RosterStudent[] = members.map((member) => {
    const areas = areasBy.get(member.userId) ?? [];
    const answered = areas.reduce((sum, area) => sum + area.questions, 0);
    const categories = areas.filter((area) => area.questions > 0).length;
    const enough = answered >= READINESS_MIN_ANSWERED && categories >= READINESS_MIN_CATEGORIES;
    return {
      userId: member.userId,
      firstName: member.firstName,
      lastName: member.lastName,
      passProbability: enough
        ? passProbability(
            quotas,
            posteriors(areas, now),
            overallPrior(areas, now),
            taught.exam.passMark,
          )
        : null,
      answered,
      modulesCompleted: member.modulesCompleted ?? 0,
      attemptsCompleted: member.attemptsCompleted ?? 0,
      lastActiveDay: member.lastActiveDay ?? null,
      assignmentsDone: doneBy.get(member.userId) ?? 0,
      assignmentsTotal: assignments.length,
      weakest: weakestAreas(areas, now),
    };
  });
  return {
    found,
    students,
    weakestAreas: classWeakest(areaRows, now),
    assignments: assignments.map((row) => ({
      ...toAssignment(row),
      completed: completedBy.get(row.id) ?? 0,
    })),
  };
}

/** The class's weakest areas: every member's answers pooled per area, as one learner's would be. */
function classWeakest(rows: readonly AreaRow[], now: number): QuestionCategory[] {
  const pooled = QUESTION_CATEGORIES.map((category) => {
    const of = rows.filter((row) => row.category === category);
    const sum = (pick: (row: AreaRow) => number) => of.reduce((total, row) => total + pick(row), 0);
    return {
      userId: '',
      category,
      answers: sum((row) => row.answers),
      correct: sum((row) => row.correct),
      questions: sum((row) => row.questions),
      weightedAnswers: sum((row) => row.weightedAnswers),
      weightedCorrect: sum((row) => row.weightedCorrect),
      lastAnsweredAt: null,
    };
  });
  return weakestAreas(pooled, now);
}

const SORT_VALUE: Record<RosterSort, (student: RosterStudent) => string | number> = {
  name: (s) => `${s.lastName} ${s.firstName}`.toLocaleLowerCase(),
  passProbability: (s) => s.passProbability ?? -1,
  answered: (s) => s.answered,
  modulesCompleted: (s) => s.modulesCompleted,
  attemptsCompleted: (s) => s.attemptsCompleted,
  lastActiveDay: (s) => s.lastActiveDay ?? '',
  assignmentsDone: (s) => s.assignmentsDone,
};

export function sortStudents(
  students: RosterStudent[],
  sort: RosterSort,
  order: 'asc' | 'desc',
): RosterStudent[] {
  const value = SORT_VALUE[sort];
  const direction = order === 'asc' ? 1 : -1;
  return [...students].sort((a, b) => {
    const x = value(a);
    const y = value(b);
    const byValue = x < y ? -1 : x > y ? 1 : 0;
    // Ties keep a stable order by name, then id, so pages never overlap.
    return (
      direction * byValue ||
      SORT_VALUE.name(a).toString().localeCompare(SORT_VALUE.name(b).toString()) ||
      a.userId.localeCompare(b.userId)
    );
  });
}

export async function readRoster(
  db: Db,
  classId: string,
  userId: string,
  query: { page: number; sort: RosterSort; order: 'asc' | 'desc' },
  now: number,
): Promise<Roster> {
  const roster = await rosterOf(db, classId, userId, now);
  const sorted = sortStudents(roster.students, query.sort, query.order);
  const start = (query.page - 1) * ROSTER_PAGE_SIZE;
  return {
    class: { ...toTaughtClass(roster.found), seats: seatsOf(roster.found) },
    students: sorted.slice(start, start + ROSTER_PAGE_SIZE),
    weakestAreas: roster.weakestAreas,
    assignments: roster.assignments,
    pagination: pagination(query.page, ROSTER_PAGE_SIZE, sorted.length),
  };
}

export const ROSTER_CSV_HEADER = [
  'First name',
  'Last name',
  'Pass probability (%)',
  'Questions answered',
  'Modules completed',
  'Quizzes completed',
  'Last active day',
  'Assignments done',
  'Assignments total',
  'Weakest topics',
] as const;

/** Every student, by name, for the CSV export (the shared writer neutralises formula cells). */
export async function rosterCsv(db: Db, classId: string, userId: string, now: number) {
  const roster = await rosterOf(db, classId, userId, now);
  return {
    name: roster.found.name,
    rows: sortStudents(roster.students, 'name', 'asc').map((s) => [
      s.firstName,
      s.lastName,
      s.passProbability === null ? null : Math.round(s.passProbability * 100),
      s.answered,
      s.modulesCompleted,
      s.attemptsCompleted,
      s.lastActiveDay,
      s.assignmentsDone,
      s.assignmentsTotal,
      s.weakest.join('; '),
    ]),
  };
}

export async function createAssignment(
  db: Db,
  classId: string,
  userId: string,
  input: z.output<typeof CreateAssignmentSchema>,
  now: number,
): Promise<Assignment> {
  const slug = input.kind === 'read-module' ? input.moduleSlug : '';
  const [[owned], [assigned], [module]] = await db.batch([
    taughtClass(db, classId, userId),
    countAssignments(db, classId),
    publishedModule(db, slug),
  ]);
  if (!owned) throw notFound(CLASS_NOT_FOUND);
  if (owned.suspendedAt !== null) throw conflict(CLASS_SUSPENDED, 'CLASS_SUSPENDED');
  if ((assigned?.value ?? 0) >= CLASS_ASSIGNMENTS_MAX) throw conflict(TOO_MANY_ASSIGNMENTS);
  if (input.kind === 'read-module' && !module) {
    throw new ApiError(400, MODULE_UNKNOWN, 'VALIDATION_ERROR', { moduleSlug: MODULE_UNKNOWN });
  }
  const [row] = await db
    .insert(classAssignments)
    .values({
      id: newId(),
      classId,
      kind: input.kind,
      moduleId: input.kind === 'read-module' ? module!.id : null,
      moduleSlug: input.kind === 'read-module' ? module!.slug : null,
      category: input.kind === 'practise-topic' ? input.category : null,
      questionCount: input.kind === 'practise-topic' ? input.questionCount : null,
      dueAt: input.dueAt,
      createdAt: now,
    })
    .returning();
  return toAssignment(row!);
}
