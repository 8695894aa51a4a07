/**
 * Keys of the global counters table: figures the admin pages show, maintained on write so no
 * request ever counts rows. Each key has the SQL that rebuilds it from the tables, which the seed
 * runs after loading data behind the API's back. Add a key here before using it.
 */
export const COUNTER_RECOMPUTE_SQL = {
  'users.total': 'SELECT count(*) FROM users',
  'users.verified': 'SELECT count(*) FROM users WHERE email_verified = 1',
  'contact.messages': 'SELECT count(*) FROM contact_messages',
} as const;

export type CounterKey = keyof typeof COUNTER_RECOMPUTE_SQL;
