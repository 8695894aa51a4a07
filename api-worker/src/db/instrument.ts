/**
 * Counts D1 round trips (a statement run or one batch) and records their SQL, per request. The
 * budget tests read this to hold hot endpoints to at most two round trips and no table scans.
 */

type QueryLog = { roundTrips: number; statements: string[]; calls: RecordedCall[] };

/** A statement as it ran: its SQL and bound values, so a budget test can read its cost back. */
export type RecordedCall = { sql: string; params: unknown[] };

let active: QueryLog | null = null;

export const queryRecorder = {
  start(): QueryLog {
    active = { roundTrips: 0, statements: [], calls: [] };
    return active;
  },
  stop(): QueryLog | null {
    const log = active;
    active = null;
    return log;
  },
};

const originals = new WeakMap<object, D1PreparedStatement>();
const callOf = new WeakMap<object, RecordedCall>();

function record(calls: RecordedCall[]) {
  if (!active) return;
  active.roundTrips += 1;
  active.statements.push(...calls.map((call) => call.sql));
  active.calls.push(...calls);
}

function wrapStatement(
  statement: D1PreparedStatement,
  sql: string,
  params: unknown[] = [],
): D1PreparedStatement {
  const call = { sql, params };
  const proxy = new Proxy(statement, {
    get(target, property) {
      if (property === 'bind') {
        return (...values: unknown[]) => wrapStatement(target.bind(...values), sql, values);
      }
      if (property === 'first' || property === 'all' || property === 'run' || property === 'raw') {
        const method = Reflect.get(target, property) as (...args: unknown[]) => unknown;
        return (...args: unknown[]) => {
          record([call]);
          return method.apply(target, args);
        };
      }
      const value = Reflect.get(target, property);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  originals.set(proxy, statement);
  callOf.set(proxy, call);
  return proxy;
}

export function instrumentD1<T extends D1Database | D1DatabaseSession>(db: T): T {
  return new Proxy(db, {
    get(target, property) {
      if (property === 'prepare') {
        return (sql: string) => wrapStatement(target.prepare(sql), sql);
      }
      if (property === 'batch') {
        return (statements: D1PreparedStatement[]) => {
          record(statements.map((s) => callOf.get(s) ?? { sql: '?', params: [] }));
          return target.batch(statements.map((s) => originals.get(s) ?? s));
        };
      }
      const value = Reflect.get(target, property);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
