// lint-as: lib/dal/fixture.ts
// The control: lib/dal may use the database and the pure modules.
import { db } from "@/lib/server/db/db";
import { cardKey } from "@/lib/catalog/keys";

export const ok = [db, cardKey];
