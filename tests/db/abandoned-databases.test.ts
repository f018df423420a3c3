// The test databases a killed run leaves on CI's shared PostgreSQL 15 (its process gone before it
// could drop them) are dropped by the next run; a live run's, or a recent one's, never.
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  dropAbandonedDatabases,
  postgres15Availability,
  startPostgres15,
  type Postgres15Database,
} from '../support/postgres15.mjs';

const availability = postgres15Availability();
const skipReason =
  !availability.available && process.env.CI !== 'true' ? availability.reason : undefined;

const HOUR = 60 * 60 * 1000;
/** A pid no process has here (above Linux's pid_max). */
const GONE = 4_194_400;
const nameOf = (pid: number, madeAt: number, index: number) =>
  `route_planner_test_${pid}_${madeAt.toString(36)}_${index}`;

describe.skipIf(Boolean(skipReason))('test databases left by a killed run', () => {
  let database: Postgres15Database | undefined;
  let server: postgres.Sql | undefined;

  beforeAll(async () => {
    database = await startPostgres15();
    server = postgres(database.url, { max: 1, onnotice: () => {} });
  });
  afterAll(async () => {
    await server?.end({ timeout: 5 });
    await database?.stop();
  });

  it('drops those of a process that is gone and over an hour old, and nothing else', async () => {
    const sql = server!;
    const now = Date.now();
    const abandoned = nameOf(GONE, now - 2 * HOUR, 1);
    const recent = nameOf(GONE, now - 5 * 60 * 1000, 2);
    const live = nameOf(process.pid, now - 2 * HOUR, 3);
    const foreign = 'route_planner_test_other';
    const made = [abandoned, recent, live, foreign];
    try {
      for (const name of made) await sql.unsafe(`create database ${name}`);
      const dropped = await dropAbandonedDatabases(sql, { now });
      expect(dropped).toEqual([abandoned]);
      const left = (
        await sql.unsafe<{ datname: string }[]>(
          "select datname from pg_database where datname like 'route\\_planner\\_test\\_%'",
        )
      ).map((row) => row.datname);
      expect(left).not.toContain(abandoned);
      expect(left).toEqual(expect.arrayContaining([recent, live, foreign, database!.name]));
    } finally {
      for (const name of made) await sql.unsafe(`drop database if exists ${name} with (force)`);
    }
  });
});
