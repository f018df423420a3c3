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
    // Named after processes that are alive, so that the sweep of another test process on the same
    // server (two files run at a time) leaves them alone; this sweep is told this one is gone.
    const gone = process.pid;
    const running = process.ppid;
    const abandoned = nameOf(gone, now - 2 * HOUR, 1);
    const recent = nameOf(gone, now - 5 * 60 * 1000, 2);
    const live = nameOf(running, now - 2 * HOUR, 3);
    const foreign = `route_planner_test_other_${process.pid}_${now.toString(36)}`;
    const made = [abandoned, recent, live, foreign];
    try {
      for (const name of made) await sql.unsafe(`create database ${name}`);
      const dropped = await dropAbandonedDatabases(sql, { now, alive: (pid) => pid !== gone });
      expect(dropped).toContain(abandoned);
      for (const kept of [recent, live, foreign, database!.name])
        expect(dropped).not.toContain(kept);
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
