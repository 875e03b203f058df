// lint-as: lib/decks/data/fixture.ts
// The control: a feature's data access may use the database, its own modules and another feature's public entry.
import { db } from "@/lib/server/db/db";
import { cardKey } from "@/lib/catalog/keys";

export const ok = [db, cardKey];
