import { describe, expect, it, vi } from "vitest";
import { readFileSync } from "node:fs";
import path from "node:path";
import { walk } from "@/test/walk";

/**
 * The access matrix of the pipeline: every server action (lib/<feature>/actions) and
 * every route handler in app/api is built by defineAction / defineFormAction /
 * defineRoute and declares its auth level, which must be the one listed here;
 * and each one that needs a user is called, with an input that passes its
 * schema, as a guest (refused "auth/unauthenticated") and, where it needs an
 * admin, as a signed-in player (refused "auth/forbidden"). The database is a
 * stand-in that fails the test if anything reaches it: a refusal happens at
 * the gate, before any work. (Whose data another user may touch is the DAL's
 * matrix, lib/server/access-matrix.test.ts.)
 */

vi.mock("@/lib/server/db/db", () => {
  const reached = new Proxy({}, { get: (_t, prop) => (prop === "then" ? undefined : () => Promise.reject(new Error(`the database was reached (${String(prop)})`))) });
  return { db: reached, createPrismaClient: () => reached, dbDialect: () => "sqlite" };
});
vi.mock("@/lib/server/session", async () => (await import("@/test/session-mock")).sessionMock);
vi.mock("@/lib/accounts/auth", () => ({ signIn: vi.fn(), signOut: vi.fn(), sessionUserId: async () => null, handlers: { GET: vi.fn(), POST: vi.fn() } }));
vi.mock("next/cache", () => ({ refresh: vi.fn(), revalidateTag: vi.fn(), unstable_cache: <T,>(fn: T) => fn }));
vi.mock("next/headers", () => ({ headers: async () => new Headers({ "x-ringbinder-peer": "192.0.2.77" }) }));
vi.mock("next/navigation", async () => (await import("@/test/next-mocks")).nextNavigationMock());

import { current } from "@/test/session-mock";
import { gateOf } from "@/lib/server/action";
import type { AuthLevel } from "@/lib/server/actor";

const player = { id: "u-player", email: "player@example.test", displayName: "Player", role: "user" as const };

function form(fields: Record<string, string | string[]> = {}): FormData {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) for (const x of Array.isArray(v) ? v : [v]) f.append(k, x);
  return f;
}
const asForm = (fields: Record<string, string | string[]> = {}) => [null, form(fields)];

const card = { set: "DEMO", number: "7", title: "Big the Cat", traits: "Animal", colors: ["blue"], rings: "9", rarity: "uncommon", text: "", effect: "" };
const labQuery = "you=code%3Aabc&vs=starter%3Aeggman-empire&a=heuristic&b=heuristic&seed=5&width=0.05&max=2000&run=1";

/** Every server action (by its exported name, unique across the action modules): its auth level and, for the ones that need a user, arguments its schema accepts. */
const ACTIONS: Record<string, { auth: AuthLevel; args?: unknown[] }> = {
  "changePasswordAction": { auth: "user", args: asForm({ current: "old password", next: "a much longer new password", confirm: "a much longer new password" }) },
  "signOutEverywhereAction": { auth: "user", args: asForm() },
  "updateDisplayNameAction": { auth: "user", args: asForm({ displayName: "New Name" }) },
  "deleteAccountAction": { auth: "user", args: asForm({ password: "secret", confirmDelete: "on" }) },
  "requestPasswordResetAction": { auth: "public" },
  "resetPasswordAction": { auth: "public" },
  "signUpAction": { auth: "public" },
  "signInAction": { auth: "public" },
  "signOutAction": { auth: "public" },
  "saveCardAction": { auth: "admin", args: asForm(card) },
  "deleteCardAction": { auth: "admin", args: asForm({ id: "c1" }) },
  "importCatalogAction": { auth: "admin", args: asForm({ mode: "dry-run" }) },
  "adjustOwnedQuantity": { auth: "user", args: ["c1", 1] },
  "setOwnedQuantity": { auth: "user", args: ["c1", 2] },
  "savePackOpening": { auth: "user", args: asForm({ cardId: ["c1", "c2"] }) },
  "undoLastPack": { auth: "user", args: asForm({ packId: "p1" }) },
  "createBinderAction": { auth: "user", args: asForm({ name: "Trade binder" }) },
  "setTradeListQuantityAction": { auth: "user", args: ["want", "c1", 2] },
  "saveTradeSettingsAction": { auth: "user", args: [true, true] },
  "addDeckWantsAction": { auth: "user", args: ["deck:d1"] },
  "proposeTradeAction": { auth: "user", args: ["u2", [{ cardId: "c1", quantity: 1 }], [{ cardId: "c2", quantity: 1 }], "hi"] },
  "counterTradeAction": { auth: "user", args: ["t1", [{ cardId: "c1", quantity: 1 }], [], ""] },
  "acceptTradeAction": { auth: "user", args: ["t1"] },
  "declineTradeAction": { auth: "user", args: ["t1"] },
  "withdrawTradeAction": { auth: "user", args: ["t1"] },
  "markTradeDoneAction": { auth: "user", args: ["t1"] },
  "renameBinderAction": { auth: "user", args: asForm({ binderId: "b1", name: "Deck box A" }) },
  "deleteBinderAction": { auth: "user", args: asForm({ binderId: "b1" }) },
  "moveCopiesAction": { auth: "user", args: asForm({ cardId: "c1", quantity: "2", toBinderId: "b1" }) },
  "reserveDeckCopiesAction": { auth: "user", args: ["d1"] },
  "releaseDeckCopiesAction": { auth: "user", args: ["d1"] },
  "recordDeckViewAction": { auth: "public" },
  "setDeckLikeAction": { auth: "user", args: [{ slug: "abc", like: true }] },
  "addCommentAction": { auth: "user", args: [{ slug: "abc", body: "Nice deck" }] },
  "editCommentAction": { auth: "user", args: [{ commentId: "c1", body: "Nicer deck" }] },
  "deleteCommentAction": { auth: "user", args: ["c1"] },
  "reportCommentAction": { auth: "user", args: [{ commentId: "c1", reason: "spam" }] },
  "moderateCommentAction": { auth: "admin", args: asForm({ commentId: "c1", action: "hide" }) },
  "setTurnMailAction": { auth: "user", args: asForm({ turnMail: "off" }) },
  "sendChatAction": { auth: "user", args: [{ code: "abcdefghijkl", room: "players", body: "Good game" }] },
  "muteChatAction": { auth: "user", args: [{ messageId: 1, mute: true }] },
  "unmuteChatUserAction": { auth: "user", args: [{ userId: "u-other" }] },
  "reportChatAction": { auth: "user", args: [{ messageId: 1, reason: "rude" }] },
  "showSpectatorChatAction": { auth: "user", args: [{ show: true }] },
  "moderateChatAction": { auth: "admin", args: asForm({ messageId: "1", action: "hide" }) },
  "createApiKeyAction": { auth: "user", args: asForm({ name: "Bot" }) },
  "revokeApiKeyAction": { auth: "user", args: asForm({ id: "k1" }) },
  "createGameAction": { auth: "user", args: asForm({ deck: "starter:team-sonic-speed", columnRule: "priority", pace: "live", listing: "invite" }) },
  "joinGameAction": { auth: "user", args: asForm({ deck: "starter:team-sonic-speed", token: "abcdefghijkl" }) },
  "rematchAction": { auth: "user", args: asForm({ code: "abcdefghijkl" }) },
  "cancelGameAction": { auth: "user", args: asForm({ code: "abcdefghijkl" }) },
  // ---- the ladder (issue 25: lib/ladder) ----
  "joinQueueAction": { auth: "user", args: [{ deck: "starter:team-sonic-speed" }] },
  "pollQueueAction": { auth: "user", args: [{}] },
  "leaveQueueAction": { auth: "user", args: [{}] },
  "recordPracticeAction": { auth: "user", args: [{ replay: "eyJ2IjoxfQ" }] },
  // ---- events (issue 25: lib/events) ----
  "createEventAction": { auth: "user", args: asForm({ name: "Friday", notes: "", mode: "table", rounds: "0", topCut: "0", registrationClosesAt: "2030-01-01T18:00:00Z" }) },
  "registerAction": { auth: "user", args: asForm({ eventId: "abcdefghijkl", deck: "starter:team-sonic-speed" }) },
  "dropAction": { auth: "user", args: asForm({ eventId: "abcdefghijkl" }) },
  "startEventAction": { auth: "user", args: asForm({ eventId: "abcdefghijkl" }) },
  "advanceEventAction": { auth: "user", args: asForm({ eventId: "abcdefghijkl" }) },
  "finishEventAction": { auth: "user", args: asForm({ eventId: "abcdefghijkl" }) },
  "reportResultAction": { auth: "user", args: asForm({ matchId: "abcdefghijkl", winsA: "2", winsB: "1", draws: "0" }) },
  "enterResultAction": { auth: "user", args: asForm({ matchId: "abcdefghijkl", winsA: "2", winsB: "1", draws: "0" }) },
  "saveDeckAction": { auth: "user", args: [{ deckId: "d1", expectedVersion: 1, name: "Deck", description: "", cards: [] }] },
  "createDeckAction": { auth: "user", args: asForm({ name: "Deck" }) },
  "createFromStarterAction": { auth: "user", args: asForm({ slug: "sonic-speed" }) },
  "copyDeckCodeAction": { auth: "user", args: asForm({ code: "abc" }) },
  "copyDeckAction": { auth: "user", args: asForm({ slug: "abc" }) },
  "deleteDeckAction": { auth: "user", args: asForm({ deckId: "d1" }) },
  "setVisibilityAction": { auth: "user", args: [{ deckId: "d1", visibility: "public" }] },
  "restoreVersionAction": { auth: "user", args: [{ deckId: "d1", version: 1, expectedVersion: 2 }] },
  "previewImportAction": { auth: "user", args: [{ format: "text", text: "1 Ring" }] },
  "applyImportAction": { auth: "user", args: [{ format: "text", text: "1 Ring" }, { mode: "new" }] },
  "searchCardsForEditor": { auth: "user", args: ["sonic"] },
  "applySwapAction": { auth: "user", args: [{ deckId: "d1", expectedVersion: 1, out: "DEMO-1", into: "DEMO-2" }] },
  "saveLabRunAction": {
    auth: "user",
    args: [{ deckId: "d1", deckVersion: 1, query: labQuery, seed: 5, agents: ["heuristic", "heuristic"], results: [{ name: "Eggman Empire", games: 10, wins: 5, losses: 4, draws: 1 }] }],
  },
  "replayCardsAction": { auth: "public" },
  // the card census (lib/census/actions.ts)
  "submitPrintingAction": { auth: "user", args: asForm({ ...card, set: "SX1" }) },
  "confirmFieldAction": { auth: "user", args: asForm({ id: "s1", field: "title" }) },
  "disputeFieldAction": { auth: "user", args: asForm({ id: "s1", field: "rings", value: "4", note: "" }) },
  "answerDisputeAction": { auth: "user", args: asForm({ id: "s1", field: "rings", answer: "It reads 3." }) },
  "settleDisputeAction": { auth: "admin", args: asForm({ id: "s1", field: "rings", decision: "keep", note: "" }) },
  "removeSubmissionAction": { auth: "admin", args: asForm({ id: "s1", reason: "spam" }) },
  "reportPhotoAction": { auth: "user", args: asForm({ photo: "a".repeat(64), reason: "not a card" }) },
  "moderatePhotoAction": { auth: "admin", args: asForm({ photo: "a".repeat(64), reason: "", decision: "remove" }) },
  "pullRateOptInAction": { auth: "user", args: asForm({ optIn: "on" }) },
};

const get = (url: string) => [new Request(`http://app.test${url}`)];
const post = (url: string) => [new Request(`http://app.test${url}`, { method: "POST", headers: { origin: "http://app.test", host: "app.test" }, body: form({ mode: "dry-run" }) })];

/** Every route handler (file under app/api, method): its auth level and, for the ones that need a user, a request its schema accepts. */
const ROUTES: Record<string, { auth: AuthLevel; args?: unknown[] }> = {
  "account/export/route.ts#GET": { auth: "user", args: get("/api/account/export") },
  "auth/[...nextauth]/route.ts#GET": { auth: "public" },
  "auth/[...nextauth]/route.ts#POST": { auth: "public" },
  "cards/[key]/route.ts#GET": { auth: "public" },
  "catalog/export/route.ts#GET": { auth: "admin", args: get("/api/catalog/export?format=csv") },
  "catalog/import/route.ts#POST": { auth: "admin", args: post("/api/catalog/import") },
  "collection/export/route.ts#GET": { auth: "user", args: get("/api/collection/export") },
  "collection/import/route.ts#POST": { auth: "user", args: post("/api/collection/import") },
  "collection/lookup/route.ts#GET": { auth: "user", args: get("/api/collection/lookup?q=7") },
  "collection/lookup-index/route.ts#GET": { auth: "user", args: get("/api/collection/lookup-index") },
  "decks/[slug]/community/route.ts#GET": { auth: "public" },
  "decks/want-list/route.ts#GET": { auth: "user", args: get("/api/decks/want-list?deck=starter%3Asonic-speed") },
  "health/route.ts#GET": { auth: "public" },
  "me/card-usage/route.ts#GET": { auth: "user", args: get("/api/me/card-usage?card=c1") },
  "me/owned/route.ts#GET": { auth: "user", args: get("/api/me/owned?ids=c1,c2") },
  "me/route.ts#GET": { auth: "public" },
  "play/[code]/action/route.ts#POST": {
    auth: "user",
    args: [new Request("http://app.test/api/play/abcdefghijkl/action", { method: "POST", headers: { origin: "http://app.test", host: "app.test" }, body: JSON.stringify({ seq: 0, move: { type: "concede" } }) }), { params: Promise.resolve({ code: "abcdefghijkl" }) }],
  },
  "play/[code]/stream/route.ts#GET": { auth: "public" },
  // ---- public read API (issue 27: lib/api, app/api/v1) ----
  "v1/cards/route.ts#GET": { auth: "public" },
  "v1/cards/route.ts#OPTIONS": { auth: "public" },
  "v1/cards/[set]/[number]/route.ts#GET": { auth: "public" },
  "v1/cards/[set]/[number]/route.ts#OPTIONS": { auth: "public" },
  "v1/bulk/route.ts#GET": { auth: "public" },
  "v1/bulk/route.ts#OPTIONS": { auth: "public" },
  "v1/bulk/cards.json.gz/route.ts#GET": { auth: "public" },
  "v1/bulk/cards.json.gz/route.ts#OPTIONS": { auth: "public" },
  "v1/bulk/cockatrice.xml/route.ts#GET": { auth: "public" },
  "v1/bulk/cockatrice.xml/route.ts#OPTIONS": { auth: "public" },
  "v1/sets/route.ts#GET": { auth: "public" },
  "v1/sets/route.ts#OPTIONS": { auth: "public" },
  "v1/decks/route.ts#GET": { auth: "public" },
  "v1/decks/route.ts#OPTIONS": { auth: "public" },
  "v1/decks/[slug]/route.ts#GET": { auth: "public" },
  "v1/decks/[slug]/route.ts#OPTIONS": { auth: "public" },
  "v1/decks/code/[code]/route.ts#GET": { auth: "public" },
  "v1/decks/code/[code]/route.ts#OPTIONS": { auth: "public" },
  "v1/replays/[code]/route.ts#GET": { auth: "public" },
  "v1/replays/[code]/route.ts#OPTIONS": { auth: "public" },
  "v1/openapi.json/route.ts#GET": { auth: "public" },
  "v1/openapi.json/route.ts#OPTIONS": { auth: "public" },
};

const root = path.resolve(__dirname, "../..");

async function exportsOf(files: string[], name: (file: string, key: string) => string): Promise<Map<string, unknown>> {
  const out = new Map<string, unknown>();
  for (const file of files)
    for (const [key, value] of Object.entries(await import(file))) {
      if (typeof value !== "function") continue;
      expect(out.has(name(file, key)), `${name(file, key)} is exported twice`).toBe(false);
      out.set(name(file, key), value);
    }
  return out;
}

/** The server action modules: every file under lib/ that starts with "use server", wherever the feature keeps it. */
const actionFiles = walk(path.join(root, "lib"), (f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$|\/generated\//.test(f) && /^\s*["']use server["']/.test(readFileSync(f, "utf8")));
const actions = await exportsOf(actionFiles, (_file, key) => key);
const routes = await exportsOf(
  walk(path.join(root, "app/api"), (f) => f.endsWith("route.ts")),
  (f, key) => `${path.relative(path.join(root, "app/api"), f)}#${key}`,
);

async function callAs(user: typeof player | null, fn: unknown, args: unknown[]): Promise<unknown> {
  current.user = user;
  const r = await (fn as (...a: unknown[]) => Promise<unknown>)(...args);
  if (r instanceof Response) return { status: r.status, ...((await r.json()) as { error: { code: string } }).error };
  return r;
}

describe.each([
  ["server actions", actions, ACTIONS, { guest: { code: "auth/unauthenticated" }, player: { code: "auth/forbidden" } }],
  ["route handlers", routes, ROUTES, { guest: { status: 401, code: "auth/unauthenticated" }, player: { status: 403, code: "auth/forbidden" } }],
] as const)("%s", (_what, found, table, refusal) => {
  it("the table lists every export, and every export goes through the pipeline with the auth level listed", () => {
    expect([...found.keys()].sort()).toEqual(Object.keys(table).sort());
    for (const [name, fn] of found) expect({ name, auth: gateOf(fn)?.auth }).toEqual({ name, auth: table[name].auth });
  });

  const gated = Object.entries(table).filter(([, row]) => row.auth !== "public");
  it.each(gated)("%s refuses a guest at the gate", async (name, row) => {
    expect(row.args, `${name} needs sample arguments`).toBeDefined();
    expect(await callAs(null, found.get(name), row.args!)).toMatchObject(refusal.guest);
  });

  const adminOnly = gated.filter(([, row]) => row.auth === "admin");
  it.each(adminOnly)("%s refuses a signed-in non-admin at the gate", async (name, row) => {
    expect(await callAs(player, found.get(name), row.args!)).toMatchObject(refusal.player);
  });
});
