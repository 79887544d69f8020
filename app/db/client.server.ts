import { drizzle } from "drizzle-orm/d1";
import * as schema from "./schema";

/** A drizzle client on D1, or on a D1 session (read replicas; see read-replicas.server.ts). */
export function createDb(d1: D1Database | D1DatabaseSession) {
  // A session runs the same prepared statements and batches; drizzle's types predate it.
  const client = d1 as D1Database;
  return drizzle(counting ? countedD1(client) : client, { schema });
}

export type Db = ReturnType<typeof createDb>;

/**
 * D1 round trips made by this isolate since counting began (a batch is one), for `npm run bench`
 * through `/dev/d1-queries` (local development only). Off until that route turns it on, so other
 * runs use the binding untouched.
 */
let counting = false;
let d1Calls = 0;

export function startCountingD1() {
  counting = true;
  return d1Calls;
}

const RUNS = new Set<PropertyKey>(["all", "run", "raw", "first"]);
const originals = new WeakMap<object, D1PreparedStatement>();

function countedStatement(statement: D1PreparedStatement): D1PreparedStatement {
  const proxy = new Proxy(statement, {
    get(target, key) {
      const value: unknown = Reflect.get(target, key, target);
      if (typeof value !== "function") return value;
      if (key === "bind")
        return (...args: unknown[]) => countedStatement(value.apply(target, args));
      if (RUNS.has(key))
        return (...args: unknown[]) => {
          d1Calls++;
          return value.apply(target, args);
        };
      return value.bind(target);
    },
  });
  originals.set(proxy, statement);
  return proxy;
}

function countedD1(d1: D1Database): D1Database {
  return new Proxy(d1, {
    get(target, key) {
      const value: unknown = Reflect.get(target, key, target);
      if (typeof value !== "function") return value;
      if (key === "prepare") return (query: string) => countedStatement(target.prepare(query));
      if (key === "batch")
        return (statements: D1PreparedStatement[]) => {
          d1Calls++;
          return target.batch(statements.map((statement) => originals.get(statement) ?? statement));
        };
      return value.bind(target);
    },
  });
}
