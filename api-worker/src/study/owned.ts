import { Hono, type Context } from 'hono';
import { and, count, desc, eq } from 'drizzle-orm';
import {
  IdempotencyKeySchema,
  IdSchema,
  pagination,
  type Pagination,
  StudyMaterialsQuerySchema,
} from '@drone-exam/shared';
import { z } from 'zod';
import type { AppEnv } from '../env.ts';
import { bookmarks, notes } from '../db/schema.ts';
import { abortedWith } from '../db/guards.ts';
import { ApiError, notFound, ok, validate } from '../lib/http.ts';
import { newId } from '../lib/ids.ts';
import { updateUserStats, type UserStatsDelta } from '../lib/user-stats.ts';
import { requireAuth } from '../middleware/auth.ts';
import { moduleById, ownedBy, visibleModule } from './queries.ts';
import {
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_KEY_INVALID,
} from '@drone-exam/shared/schemas/common-values';

/** Set on the answer to a replayed write: the item was created by the first request. */
export const IDEMPOTENT_REPLAY_HEADER = 'Idempotent-Replayed';
export const IDEMPOTENCY_KEY_REUSED =
  'This Idempotency-Key was already used for a different request';

export const IdParamSchema = z.object({ id: IdSchema });

/** The request's Idempotency-Key, null without one; a malformed key is a 400. */
function idempotencyKey(c: Context<AppEnv>): string | null {
  const key = c.req.header(IDEMPOTENCY_KEY_HEADER);
  if (key === undefined) return null;
  if (!IdempotencyKeySchema.safeParse(key).success) {
    throw new ApiError(400, IDEMPOTENCY_KEY_INVALID, 'VALIDATION_ERROR', {
      [IDEMPOTENCY_KEY_HEADER]: IDEMPOTENCY_KEY_INVALID,
    });
  }
  return key;
}

type OwnedTable = typeof bookmarks | typeof notes;

/**
 * What tells a learner's bookmarks and notes apart: the table, the names in the answers, the
 * user_stats counter, and how an input becomes a row and a row an answer.
 */
type OwnedMaterial<
  T extends OwnedTable,
  S extends z.ZodType<{ moduleId: string }>,
  Item,
  Names extends { list: string; item: string },
> = {
  table: T;
  names: Names;
  notFoundMessage: string;
  counter: keyof Pick<UserStatsDelta, 'bookmarksCount' | 'notesCount'>;
  input: S;
  /** The stored columns of a new row, besides its id, owner, module, key and creation time. */
  values: (
    input: z.output<S>,
    now: number,
  ) => Omit<T['$inferInsert'], 'id' | 'userId' | 'moduleId' | 'clientKey' | 'createdAt'>;
  toItem: (row: T['$inferSelect']) => Item;
};

/**
 * List, create and delete for a study material the learner owns: theirs alone (another learner's
 * id answers 404), only on a module they may see, and counted in user_stats in the same batch.
 * A create with an Idempotency-Key is recorded once per key and learner.
 */
export function ownedStudyRoutes<
  T extends OwnedTable,
  S extends z.ZodType<{ moduleId: string }>,
  Item,
  const Names extends { list: string; item: string },
>(material: OwnedMaterial<T, S, Item, Names>) {
  const { table, names, notFoundMessage, counter, toItem } = material;
  // A computed key types as an index signature; these name the answer's keys for the contract.
  const list = (items: Item[], page: Pagination) =>
    ({ [names.list]: items, pagination: page }) as Record<Names['list'], Item[]> & {
      pagination: Pagination;
    };
  const one = (item: Item) => ({ [names.item]: item }) as Record<Names['item'], Item>;
  return new Hono<AppEnv>()
    .use(requireAuth)
    .get('/', validate('query', StudyMaterialsQuerySchema), async (c) => {
      const { page, limit, moduleId } = c.req.valid('query');
      const db = c.var.db;
      const where = ownedBy(table, c.var.auth!.userId, moduleId);
      const [rows, [counted]] = await db.batch([
        db
          .select()
          .from(table)
          .where(where)
          .orderBy(desc(table.createdAt), desc(table.id))
          .limit(limit)
          .offset((page - 1) * limit),
        db.select({ total: count() }).from(table).where(where),
      ]);
      return ok(
        c,
        list(
          (rows as T['$inferSelect'][]).map(toItem),
          pagination(page, limit, counted?.total ?? 0),
        ),
      );
    })
    .post('/', validate('json', material.input), async (c) => {
      const input = c.req.valid('json');
      const key = idempotencyKey(c);
      const db = c.var.db;
      const userId = c.var.auth!.userId;
      const byKey = (clientKey: string) =>
        db
          .select()
          .from(table)
          .where(and(eq(table.userId, userId), eq(table.clientKey, clientKey)));
      const [[found], [earlier]] = key
        ? await db.batch([moduleById(db, input.moduleId), byKey(key)])
        : [await moduleById(db, input.moduleId), []];
      visibleModule(c.var.auth, found);
      // The same key again is the same create arriving twice (an offline write replayed after its
      // answer was lost): answer with what the first one made, and count nothing again.
      const replayed = (row: T['$inferSelect']) => {
        if (row.moduleId !== input.moduleId) {
          throw new ApiError(422, IDEMPOTENCY_KEY_REUSED, 'IDEMPOTENCY_KEY_REUSED');
        }
        c.header(IDEMPOTENT_REPLAY_HEADER, 'true');
        return ok(c, one(toItem(row)), 201);
      };
      if (earlier) return replayed(earlier as T['$inferSelect']);
      const now = Date.now();
      const row = {
        ...material.values(input, now),
        id: newId(),
        userId,
        moduleId: input.moduleId,
        clientKey: key,
        createdAt: now,
      } as T['$inferInsert'];
      try {
        const [[created]] = await db.batch([
          db.insert(table).values(row).returning(),
          updateUserStats(db, userId, { [counter]: 1 }, { now }),
        ]);
        return ok(c, one(toItem(created!)), 201);
      } catch (error) {
        // Two sends of one key at the same moment: the unique index lets one in.
        if (!key || !abortedWith(error, 'client_key')) throw error;
        const [first] = await byKey(key);
        if (!first) throw error;
        return replayed(first as T['$inferSelect']);
      }
    })
    .delete('/:id', validate('param', IdParamSchema), async (c) => {
      const { id } = c.req.valid('param');
      const db = c.var.db;
      const userId = c.var.auth!.userId;
      const mine = and(eq(table.id, id), eq(table.userId, userId));
      const [row] = await db.select({ id: table.id }).from(table).where(mine);
      if (!row) throw notFound(notFoundMessage);
      await db.batch([
        db.delete(table).where(mine),
        updateUserStats(db, userId, { [counter]: -1 }, { activity: false }),
      ]);
      return ok(c, { id });
    });
}
