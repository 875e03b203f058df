// lint-as: lib/decks/data/fixture.ts
// Data access reading who is asking from the session instead of taking the actor: refused.
import { getCurrentUser } from "@/lib/server/session";
import { authenticate } from "@/lib/server/request-actor";

export const ambient = [getCurrentUser, authenticate];
