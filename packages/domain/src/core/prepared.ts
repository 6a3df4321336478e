// Hot statements sent to pg as they are, as prepared statements. A Prisma
// $queryRaw runs its query compiler on every call (most of a hot read's CPU, and
// about a millisecond of a worker's job); a prepared statement is also planned
// once per connection rather than on every call.
import type { Pool, PoolClient, QueryResultRow } from "pg";
import type { Prisma } from "@clubcast/db";

/**
 * The name each connection prepares a statement text under. Callers build texts
 * from a few shapes (a list's audience, statuses and order, a transition's
 * event), never from values: a few dozen names in all.
 */
const statementNames = new Map<string, string>();
function statementName(text: string): string {
  let name = statementNames.get(text);
  if (name === undefined) {
    name = `hot_${statementNames.size + 1}`;
    statementNames.set(text, name);
  }
  return name;
}

/**
 * Runs `statement` (built with Prisma.sql, values as parameters) as a prepared statement on `db`: the
 * pool (autocommitted), or a connection taken from it for a transaction.
 */
export async function queryPrepared<Row extends QueryResultRow>(
  db: Pool | PoolClient,
  statement: Prisma.Sql,
): Promise<Row[]> {
  const { rows } = await (db as Pool).query<Row>({
    name: statementName(statement.text),
    text: statement.text,
    values: statement.values,
  });
  return rows;
}
