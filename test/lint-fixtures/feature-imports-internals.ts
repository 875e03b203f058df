// lint-as: lib/lab/fixture.ts
// A feature reaching into another feature's internals (a deeper data file and its actions) instead of its public entry.
import { saveDeckAction } from "@/lib/decks/actions";
import { getStarterDeck } from "@/lib/decks/data/starter-decks";

export const reach = [saveDeckAction, getStarterDeck];
