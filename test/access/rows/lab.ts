/**
 * Access-matrix rows for the deck lab
 * (read by lib/server/access-matrix.test.ts; docs/architecture.md "The access matrix").
 */
import * as lab from "@/lib/lab/data";
import * as starterDecks from "@/lib/decks/data/starter-decks";
import { PUBLIC, OWNER_ONLY, noOwnerPrivateDeck, db, type Rows } from "@/test/access/harness";

/** Every exported function of this feature's data access (key: file under lib/, then #name). */
export const data: Rows = {
  "lab/data.ts#loadLabDeck": { access: "checked", call: (actor, f) => lab.loadLabDeck(actor, { kind: "deck", id: f.privateDeck.id }), expect: OWNER_ONLY },
  "lab/data.ts#listLabChoices": { access: "checked", call: (actor) => lab.listLabChoices(actor), expect: PUBLIC, verify: noOwnerPrivateDeck },
  "lab/data.ts#getDoctorCandidates": {
    access: "checked",
    // the other user and the admin own nothing, whatever rows of other files gave them before this one ran
    prepare: async (f) => {
      await db().collectionEntry.deleteMany({ where: { userId: { in: [f.users.other.id, f.users.admin.id] } } });
      return "";
    },
    call: async (actor) => {
      const deck = await lab.loadLabDeck(actor, { kind: "starter", slug: (await starterDecks.listStarterDecks())[0].slug });
      if (!deck.ok) throw new Error(deck.message);
      return lab.getDoctorCandidates(actor, deck.deck, true);
    },
    // owned-only candidates need a collection: a guest is told to sign in; only the owner owns spare copies
    expect: { guest: "denied", other: "denied", owner: "ok", admin: "denied" },
  },
  "lab/data.ts#getStandInSimulation": { access: "checked", call: () => lab.getStandInSimulation([], []), expect: PUBLIC },
  "lab/data.ts#getDeckCompletion": { access: "checked", call: (actor, f) => lab.getDeckCompletion(actor, { kind: "deck", id: f.privateDeck.id }), expect: OWNER_ONLY },
  "lab/data.ts#saveLabRun": {
    access: "checked",
    call: async (actor, f) =>
      lab.saveLabRun(actor, { deckId: f.privateDeck.id, deckVersion: await f.deckVersion(f.privateDeck.id), query: "you=deck:x&vs=starter:y&seed=1", seed: 1, agents: "random,random", results: [{ name: "x", games: 1, wins: 1, losses: 0, draws: 0 }] }),
    expect: OWNER_ONLY,
  },
  "lab/data.ts#listLabRuns": { access: "checked", call: (actor, f) => lab.listLabRuns(actor, f.privateDeck.id), expect: OWNER_ONLY },
};

/** This feature's route handlers under app/api (key: route file under app/api, then #method). */
export const routes: Rows = {
};
