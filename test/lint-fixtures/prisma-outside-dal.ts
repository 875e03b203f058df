// lint-as: lib/decks/fixture.ts
// A pure module opening the database and using Prisma's generated types.
import { db } from "@/lib/server/db/db";
import type { Prisma } from "@/lib/generated/prisma/client";

export const leak: [typeof db, Prisma.CardWhereInput | null] = [db, null];
