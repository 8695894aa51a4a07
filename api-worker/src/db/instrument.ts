/**
 * Counts D1 round trips (a statement run or one batch) and records their SQL, per request. The
 * budget tests read this to hold hot endpoints to at most two round trips and no table scans.
 */

type QueryLog = { roundTrips: number; statements: string[] };

let active: QueryLog | null = null;

export const queryRecorder = {
  start(): QueryLog {
    active = { roundTrips: 0, statements: [] };
    return active;
  },
  stop(): QueryLog | null {
    const log = active;
    active = null;
    return log;
  },
};

const originals = new WeakMap<object, D1PreparedStatement>();
const sqlOf = new WeakMap<object, string>();

function record(statements: string[]) {
  if (!active) return;
  active.roundTrips += 1;
  active.statements.push(...statements);
}

function wrapStatement(statement: D1PreparedStatement, sql: string): D1PreparedStatement {
  const proxy = new Proxy(statement, {
    get(target, property) {
      if (property === 'bind') {
        return (...values: unknown[]) => wrapStatement(target.bind(...values), sql);
      }
      if (property === 'first' || property === 'all' || property === 'run' || property === 'raw') {
        const method = Reflect.get(target, property) as (...args: unknown[]) => unknown;
        return (...args: unknown[]) => {
          record([sql]);
          return method.apply(target, args);
        };
      }
      const value = Reflect.get(target, property);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  originals.set(proxy, statement);
  sqlOf.set(proxy, sql);
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
          record(statements.map((s) => sqlOf.get(s) ?? '?'));
          return target.batch(statements.map((s) => originals.get(s) ?? s));
        };
      }
      const value = Reflect.get(target, property);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
