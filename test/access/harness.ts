/**
 * The access matrix's harness (lib/server/access-matrix.test.ts runs it): the
 * four callers, the outcomes, the fixture (the owner's data every row is
 * called against), the shared expectations, and the loader of the per-feature
 * row files in test/access/rows/ (one file per feature; docs/architecture.md,
 * "The access matrix", says how to add rows).
 */
import { readdirSync } from "node:fs";
import path from "node:path";
import { expect } from "vitest";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import type { SessionUser } from "@/lib/accounts/data/users";
import type { Actor } from "@/lib/server/actor";
import { seedDemoCatalog } from "@/lib/catalog/data/seed";
import * as community from "@/lib/community/data";
import * as packs from "@/lib/collection/data/packs";
import * as quantities from "@/lib/collection/data/quantities";
import * as deckWrite from "@/lib/decks/data/write";

export type Who = "guest" | "other" | "owner" | "admin";
/** The order the callers are called in (the guest first: sameForEveryone compares the others with its answer). */
export const WHO: Who[] = ["guest", "other", "admin", "owner"];
export type Outcome = "ok" | "unauthenticated" | "forbidden" | "denied";

/** The fixture: three accounts and the owner's data (a private and a public deck, a collection, a pack, a lab run, a card suggestion from the retired suggestion flow that the account export still carries). */
export type Fixture = {
  users: Record<Exclude<Who, "guest">, SessionUser>;
  card: (n: number) => string;
  privateDeck: { id: string; slug: string };
  publicDeck: { id: string; slug: string };
  spareCard: () => Promise<string>;
  ownerDeck: () => Promise<string>;
  ownerPack: () => Promise<string>;
  ownerComment: () => Promise<string>;
  deckVersion: (id: string) => Promise<number>;
  /** The caller's own collection as stored: card id -> quantity (> 0). */
  ownedBy: (who: Who) => Promise<Record<string, number>>;
};

export type Checked = {
  access: "checked";
  /** Runs before each caller (as nobody), e.g. to make a fresh target; its value is passed to `call`. */
  prepare?: (f: Fixture) => Promise<string>;
  call: (actor: Actor, f: Fixture, prepared: string) => Promise<unknown>;
  expect: Record<Who, Outcome>;
  /** Extra checks of what a caller got: nothing of the owner's for anyone else. */
  verify?: (who: Who, result: unknown, f: Fixture) => unknown;
};
export type Row =
  | Checked
  /** No data access, or data passed in by the caller: nothing to authorize. */
  | { access: "pure"; why: string }
  /** A step of another data function that already checked the actor (or takes a transaction client, which only data access can open); `importers`, when given, are the only files that may use it. */
  | { access: "internal"; why: string; importers?: string[] }
  /** Authentication itself, before there is a session, or the session gate; only the listed files may import its module. */
  | { access: "auth" | "system"; why: string; importers: string[] };
export type Rows = Record<string, Row>;

export const PUBLIC: Record<Who, Outcome> = { guest: "ok", other: "ok", owner: "ok", admin: "ok" };
export const SIGNED_IN: Record<Who, Outcome> = { guest: "unauthenticated", other: "ok", owner: "ok", admin: "ok" };
export const OWNER_ONLY: Record<Who, Outcome> = { guest: "unauthenticated", other: "denied", owner: "ok", admin: "denied" };
export const OWNER_ONLY_PUBLIC_READ: Record<Who, Outcome> = { guest: "denied", other: "denied", owner: "ok", admin: "denied" };
export const ADMIN: Record<Who, Outcome> = { guest: "unauthenticated", other: "forbidden", owner: "forbidden", admin: "ok" };

export const ownerDeckIds = (r: unknown) => JSON.stringify(r);

/** What the first caller (the guest) got, by row: cached public data must be the same whoever asks. */
const firstAnswer = new Map<string, string>();
export const sameForEveryone =
  (row: string, more?: (r: unknown, f: Fixture) => unknown) =>
  (who: Who, r: unknown, f: Fixture) => {
    const got = JSON.stringify(r);
    if (who === WHO[0]) firstAnswer.set(row, got);
    else expect(got, `${row} answered ${who} differently`).toBe(firstAnswer.get(row));
    return more?.(r, f);
  };
export const noOwnerPrivateDeck = (who: Who, r: unknown, f: Fixture) => {
  if (who !== "owner") expect(ownerDeckIds(r)).not.toContain(f.privateDeck.id);
};

function validCard(number: number) {
  return { set: "MATRIX", number, title: `Matrix Card ${number}`, traits: ["Robot"], colors: ["red" as const], rings: 2, rarity: "common" as const, text: "", effect: null, imageUrl: null };
}
let cardNumber = 1;
/** A number no card of the run has yet (for cards and import rows made by a row). */
export const nextNumber = () => cardNumber++;
/** A valid new card (set MATRIX), numbered afresh. */
export const nextCard = () => validCard(nextNumber());
/** A legal deck list of the demo set's cards. */
export const legal = (f: Fixture) => [5, 6, 8, 11, 13, 15].map((n) => ({ cardId: f.card(n), quantity: 5 }));

let prisma: PrismaClient | null = null;
let made: Fixture | null = null;
/** The matrix's database (the one lib/server/db/db is mocked to). */
export function db(): PrismaClient {
  if (!prisma) throw new Error("the access matrix's database is not set up (makeFixture first)");
  return prisma;
}
/** The fixture makeFixture made (for helpers called from `prepare`). */
export function fixture(): Fixture {
  if (!made) throw new Error("the access matrix's fixture is not made yet");
  return made;
}

/** Seeds the demo catalog and makes the three accounts and the owner's data. */
export async function makeFixture(client: PrismaClient): Promise<Fixture> {
  prisma = client;
  await seedDemoCatalog(client);
  const mk = async (email: string, role: "user" | "admin"): Promise<SessionUser> => {
    const u = await client.user.create({ data: { email, displayName: email.split("@")[0], passwordHash: "x", role } });
    return { id: u.id, email: u.email, displayName: u.displayName, role };
  };
  const users = { owner: await mk("owner@matrix.test", "user"), other: await mk("other@matrix.test", "user"), admin: await mk("admin@matrix.test", "admin") };
  const byNumber = new Map((await client.card.findMany({ where: { set: { code: "DEMO" } } })).map((c) => [c.number, c.id]));
  const card = (n: number) => byNumber.get(n)!;
  const makeDeck = async (visibility: "private" | "public") => {
    const r = await deckWrite.createDeck(users.owner, { name: `Owner's ${visibility} deck`, description: "", cards: [5, 6, 8, 11, 13, 15].map((n) => ({ cardId: card(n), quantity: 5 })) });
    if (!r.ok) throw new Error(r.message);
    if (visibility === "public") await deckWrite.setDeckVisibility(users.owner, r.id, "public");
    const d = await client.deck.findUniqueOrThrow({ where: { id: r.id } });
    return { id: d.id, slug: d.shareSlug };
  };
  const privateDeck = await makeDeck("private");
  const publicDeck = await makeDeck("public");
  await quantities.setOwned(users.owner, card(1), 9);
  for (const n of [5, 6, 8, 11, 13, 15]) await quantities.setOwned(users.owner, card(n), 9);
  await packs.recordPackOpening(users.owner, [card(1)]);
  await client.cardSuggestion.create({ data: { userId: users.owner.id, payload: JSON.stringify(validCard(700)), status: "rejected", reason: "Moved to the card census." } });
  made = {
    users,
    card,
    privateDeck,
    publicDeck,
    ownedBy: async (who) =>
      who === "guest" ? {} : Object.fromEntries((await client.collectionEntry.findMany({ where: { userId: users[who].id, quantity: { gt: 0 } } })).map((e) => [e.cardId, e.quantity])),
    deckVersion: async (id) => (await client.deck.findUniqueOrThrow({ where: { id } })).version,
    spareCard: async () => {
      const set = await client.cardSet.upsert({ where: { code: "SPARE" }, create: { code: "SPARE", name: "Spare" }, update: {} });
      const n = nextNumber();
      return (await client.card.create({ data: { setId: set.id, number: n, title: `Spare ${n}`, titleKey: `spare ${n}`, colorMask: 1, colorCount: 1, rings: 1, rarity: "common", text: "" } })).id;
    },
    ownerDeck: async () => (await makeDeck("private")).id,
    ownerPack: async () => (await packs.recordPackOpening(users.owner, [card(2)])).id,
    ownerComment: async () => (await community.addComment(users.owner, publicDeck.slug, "The owner's comment")).id,
  };
  return made;
}

/** The owner's data: any change by a guest or the other user is a leak. */
export async function ownerFingerprint(f: Fixture): Promise<string> {
  const id = f.users.owner.id;
  const p = db();
  const [decks, entries, packsOpened, runs, user, comments] = await Promise.all([
    p.deck.findMany({ where: { ownerId: id }, include: { cards: true, versions: true }, orderBy: { id: "asc" } }),
    p.collectionEntry.findMany({ where: { userId: id }, orderBy: { cardId: "asc" } }),
    p.packOpening.findMany({ where: { userId: id }, include: { cards: true }, orderBy: { id: "asc" } }),
    p.labRun.findMany({ where: { deck: { ownerId: id } }, orderBy: { id: "asc" } }),
    p.user.findUniqueOrThrow({ where: { id } }),
    p.deckComment.findMany({ where: { authorId: id }, orderBy: { id: "asc" } }),
  ]);
  return JSON.stringify({ decks, entries, packsOpened, runs, user, comments });
}

export type FeatureRows = { file: string; data: Rows; routes: Rows };

/**
 * Every row file of test/access/rows/ (each exports `data` and `routes`), read
 * from the folder: a new feature's file needs no line anywhere else.
 */
export async function loadRowFiles(): Promise<FeatureRows[]> {
  const dir = path.join(__dirname, "rows");
  const out: FeatureRows[] = [];
  for (const name of readdirSync(dir).filter((n) => n.endsWith(".ts")).sort()) {
    const mod = (await import(path.join(dir, name))) as Partial<FeatureRows>;
    if (!mod.data || !mod.routes) throw new Error(`test/access/rows/${name} must export both \`data\` and \`routes\` (an empty object when it has none)`);
    out.push({ file: name, data: mod.data, routes: mod.routes });
  }
  return out;
}

/** The rows of all files in one table; a key in two files is an error (each function has one row, in its feature's file). */
export function mergeRows(files: FeatureRows[], part: "data" | "routes"): Rows {
  const all: Rows = {};
  for (const f of files) {
    for (const [key, row] of Object.entries(f[part])) {
      if (key in all) throw new Error(`${key} has a row in two files of test/access/rows/ (the second: ${f.file})`);
      all[key] = row;
    }
  }
  return all;
}
