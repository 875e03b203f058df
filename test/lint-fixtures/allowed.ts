// lint-as: lib/dal/fixture.ts
// The control: lib/dal may use the database and the pure modules.
import { db } from "@/lib/db";
import { cardKey } from "@/lib/cards/keys";

export const ok = [db, cardKey];
