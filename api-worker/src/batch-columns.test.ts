import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createUser, testDb } from '../test/helpers.ts';
import { users } from './db/schema.ts';

describe('a batch select whose columns share a name', () => {
  it('fails in the tests, where drizzle would shift every later field', async () => {
    const user = await createUser();
    const db = testDb();
    const twoIds = db
      .select({ id: users.id, sameId: users.id, email: users.email })
      .from(users)
      .where(eq(users.id, user.id));
    // Outside a batch the row comes back as an array, and nothing collapses.
    expect(await twoIds).toEqual([{ id: user.id, sameId: user.id, email: user.email }]);
    await expect(db.batch([twoIds])).rejects.toThrow(
      'A batch select returned columns with the same name: 3 columns selected, 2 names came back (id, email)',
    );
    const distinct = db
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(eq(users.id, user.id));
    expect(await db.batch([distinct])).toEqual([[{ id: user.id, email: user.email }]]);
  });
});
