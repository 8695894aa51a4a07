/**
 * Keys of the global counters table: figures the admin pages show, maintained on write so no
 * request ever counts rows. Add a key here before using it.
 */
export const COUNTER_KEYS = [
  'users.total',
  'users.verified',
  'contact.messages',
] as const;
export type CounterKey = (typeof COUNTER_KEYS)[number];
