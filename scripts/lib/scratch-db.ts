/** The benches' scratch database: a SQLite file ("sqlite"), or else a PostgreSQL database created here and dropped at the end. */
import { rmSync } from "node:fs";
import path from "node:path";

export type Scratch = { url: string; drop: () => Promise<void> };

/** `name` tells the bench's databases apart (e.g. "http", "play"); the process id keeps two runs apart. */
export async function createScratchDb(kind: string, dir: string, name: string): Promise<Scratch> {
  if (kind === "sqlite") {
    const file = path.join(dir, `${name}-${process.pid}.db`);
    return {
      url: `file:${file}`,
      drop: async () => {
        for (const f of [file, `${file}-wal`, `${file}-shm`, `${file}-journal`]) rmSync(f, { force: true });
      },
    };
  }
  const admin = process.env.TEST_POSTGRES_URL || process.env.BENCH_POSTGRES_URL || "postgresql://postgres@127.0.0.1:5432/test";
  const database = `ringbinder_bench_${name}_${process.pid}`;
  const { Client } = await import("pg");
  const client = new Client({ connectionString: admin });
  await client.connect();
  await client.query(`CREATE DATABASE ${database}`);
  await client.end();
  const url = new URL(admin);
  url.pathname = `/${database}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new Client({ connectionString: admin });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
      await c.end();
    },
  };
}
