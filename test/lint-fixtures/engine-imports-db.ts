// lint-as: lib/engine/fixture.ts
// A top-level engine file reaching the database by a relative path.
import { db } from "../server/db/db";

export const leak = db;
