import { type BatchItem } from "drizzle-orm/batch";
import { type Db } from "./client.server";

/**
 * One D1 batch (one transaction) whose results are read by name, not by position: each entry is a
 * statement, a list of statements, or nothing (a part the caller leaves out).
 */
type Entry = BatchItem<"sqlite"> | readonly BatchItem<"sqlite">[] | undefined;

/** An entry's result: a statement's, each of a list's, or nothing for a part left out. */
type ResultOf<E> = E extends readonly BatchItem<"sqlite">[]
  ? Awaited<E[number]>[]
  : E extends BatchItem<"sqlite">
    ? Awaited<E>
    : undefined;

type Results<Entries extends Record<string, Entry>> = {
  [Name in keyof Entries]: ResultOf<Entries[Name]>;
};

export async function namedBatch<Entries extends Record<string, Entry>>(
  db: Db,
  entries: Entries,
): Promise<Results<Entries>> {
  const statements: BatchItem<"sqlite">[] = [];
  const spans: [string, number, number, boolean][] = [];
  for (const [name, entry] of Object.entries(entries)) {
    if (entry === undefined) continue;
    const list = Array.isArray(entry) ? entry : [entry as BatchItem<"sqlite">];
    spans.push([name, statements.length, list.length, Array.isArray(entry)]);
    statements.push(...list);
  }
  if (statements.length === 0) return {} as Results<Entries>;
  const results: unknown[] = await db.batch(
    statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]],
  );
  return Object.fromEntries(
    spans.map(([name, start, length, many]) => [
      name,
      many ? results.slice(start, start + length) : results[start],
    ]),
  ) as Results<Entries>;
}
