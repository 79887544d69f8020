/**
 * Development tooling, never in a deployed build (app/db/client.server.ts and app/routes.ts leave
 * it out when VITE_DEPLOY is set): a D1 binding that counts its round trips, for `npm run bench`
 * through /dev/d1-queries and for the tests that hold a page to one round of queries.
 */

export type D1Call = "batch" | "statement";

const RUNS = new Set<PropertyKey>(["all", "run", "raw", "first"]);

/** `d1`, calling `onCall` for each round trip made through it (a batch is one). */
export function countCalls(d1: D1Database, onCall: (call: D1Call) => void): D1Database {
  const originals = new WeakMap<object, D1PreparedStatement>();
  const counted = (statement: D1PreparedStatement): D1PreparedStatement => {
    const proxy = new Proxy(statement, {
      get(target, key) {
        const value: unknown = Reflect.get(target, key, target);
        if (typeof value !== "function") return value;
        if (key === "bind") return (...args: unknown[]) => counted(value.apply(target, args));
        if (RUNS.has(key))
          return (...args: unknown[]) => {
            onCall("statement");
            return value.apply(target, args);
          };
        return value.bind(target);
      },
    });
    originals.set(proxy, statement);
    return proxy;
  };
  return new Proxy(d1, {
    get(target, key) {
      const value: unknown = Reflect.get(target, key, target);
      if (typeof value !== "function") return value;
      if (key === "prepare") return (query: string) => counted(target.prepare(query));
      if (key === "batch")
        return (statements: D1PreparedStatement[]) => {
          onCall("batch");
          return target.batch(statements.map((statement) => originals.get(statement) ?? statement));
        };
      return value.bind(target);
    },
  });
}

/** This isolate's round trips since counting began; off until /dev/d1-queries turns it on. */
let counting = false;
let d1Calls = 0;

export function startCountingD1() {
  counting = true;
  return d1Calls;
}

/** The binding the app uses: counted once counting is on, else untouched. */
export function countedWhenOn(d1: D1Database) {
  return counting ? countCalls(d1, () => (d1Calls += 1)) : d1;
}
