import "server-only";
import { db } from "@/lib/server/db/db";
import { invalidate } from "@/lib/server/cache/invalidate";
import { userTag } from "@/lib/server/cache/tags";
import { cardInclude, toCardDTO } from "@/lib/catalog/data";
import type { CardDTO } from "@/lib/catalog/card-types";
import type { CompletionCard, CompletionLine } from "@/lib/decks/completion";
import { getStarterDeck } from "@/lib/decks/data";
import { cardKey } from "@/lib/catalog/keys";
import { encodeDeckCode, tryDecodeDeckCode } from "@/lib/decks/deck-code";
import type { DeckCheck } from "@/lib/decks/rules";
import type { DeckListEntry } from "@/lib/decks/types";
import type { LabSource } from "@/lib/lab/params";
import type { LabRunDTO, LabRunResult, LabChoices } from "@/lib/lab/types";
import { resolveCardKeys, starterDeckKeys, starterDecks, type BoardCardDef } from "@/lib/playtest/cards";
import { getDeckCatalog, getDeckForOwner, getMyOwnedCounts, getSharedDeck, listMyDecks, listPublicDecks, resolveDeckList } from "@/lib/decks/data";
import { getPlaytestCards } from "@/lib/playtest/data";
import { requireActor, type Actor } from "@/lib/server/actor";
import { failure, type DomainFailure } from "@/lib/server/errors";
import { plainDate, plainQuery } from "@/lib/server/db/plain-sql";
import { Prisma } from "@/lib/generated/prisma/client";

/** A deck ready for the lab: engine cards (one per copy) and a deck code that any visitor can open. */
export interface LabDeck {
  name: string;
  cards: BoardCardDef[];
  /** Deck code of the list, for share links that must work for anyone. */
  code: string | null;
  /** Why the deck is not legal (the lab still plays it, as practice), or null. */
  illegal: string | null;
  /** The viewer's own deck: its id and version (a run can be saved with it). */
  own: { id: string; version: number } | null;
}

export type LabDeckResult = { ok: true; deck: LabDeck } | DomainFailure;

function expand(list: DeckListEntry[]): string[] {
  const keys: string[] = [];
  for (const e of list) for (let i = 0; i < e.quantity; i++) keys.push(cardKey(e.set, e.number));
  return keys;
}

/** A deck source read as the viewer may see it: its list in stored order, its cards, and its check. */
type SourceDeck =
  | { ok: true; name: string; list: DeckListEntry[]; entries: { card: CardDTO; quantity: number }[]; check: DeckCheck; own: LabDeck["own"] }
  | DomainFailure;

/**
 * The one reading of a lab source (the lab and "complete from my collection"
 * both use it): a starter, the viewer's own deck by id, a shared deck by slug
 * (private decks of others are not found) or a deck code. `list` keeps the
 * source's own order (it fixes per-game card ids in the lab).
 */
async function readSource(actor: Actor | null, source: LabSource): Promise<SourceDeck> {
  if (source.kind === "deck" || source.kind === "slug") {
    const deck = source.kind === "deck" ? await getDeckForOwner(requireActor(actor), source.id) : await getSharedDeck(actor, source.slug);
    if (!deck) return failure("deck/not-found", "This deck does not exist, or it is not shared with you.");
    const list = deck.entries.map((e) => ({ set: e.card.set, number: e.card.number, quantity: e.quantity }));
    return { ok: true, name: deck.name, list, entries: deck.entries, check: deck.check, own: deck.isOwner ? { id: deck.id, version: deck.version } : null };
  }
  let list: DeckListEntry[];
  let name: string;
  if (source.kind === "code") {
    const decoded = tryDecodeDeckCode(source.code);
    if (!decoded.ok) return failure("deck/bad-code", `That deck code cannot be read: ${decoded.message}`);
    list = decoded.entries;
    name = "Deck from a code";
  } else {
    const starter = await getStarterDeck(source.slug);
    if (!starter) return failure("starter/not-found", `There is no starter deck "${source.slug}".`);
    list = starter.cards;
    name = starter.name;
  }
  const r = await resolveDeckList(actor, list);
  if (r.missing.length) return failure("deck/unknown-card", `The catalog has no ${r.missing.join(", ")}.`);
  return { ok: true, name, list, entries: r.entries, check: r.check, own: null };
}

/**
 * The deck behind a lab source, as the viewer may see it (see readSource).
 * Unfinished and illegal decks are played too, and say why they are illegal.
 * Starters are played in their own card order, without a deck code (their
 * links name them).
 */
export async function loadLabDeck(actor: Actor | null, source: LabSource): Promise<LabDeckResult> {
  if (source.kind === "starter") {
    const d = starterDecks().find((x) => x.slug === source.slug);
    const keys = starterDeckKeys(source.slug);
    if (!d || !keys) return failure("starter/not-found", `There is no starter deck "${source.slug}".`);
    const cards = await getPlaytestCards(keys);
    const r = resolveCardKeys(keys, cards);
    if (!r.ok) return failure("deck/unplayable", `${d.name} cannot be played: ${r.error.reason}`);
    return { ok: true, deck: { name: d.name, cards: r.cards, code: null, illegal: null, own: null } };
  }
  const deck = await readSource(actor, source);
  if (!deck.ok) return deck;
  const { name, list, check, own } = deck;
  if (list.length === 0) return failure("deck/empty", `${name} has no cards yet.`);
  const keys = expand(list);
  const r = resolveCardKeys(keys, await getPlaytestCards(keys));
  if (!r.ok) return failure("deck/unplayable", `${name} cannot be played: ${r.error.reason}`);
  return { ok: true, deck: { name, cards: r.cards, code: encodeDeckCode(list), illegal: check.legal ? null : check.summary, own } };
}

/** Decks to offer in the lab's pickers: the starters, the viewer's decks, and recent public decks. */
export async function listLabChoices(actor: Actor | null): Promise<LabChoices> {
  const [mine, pub] = await Promise.all([actor ? listMyDecks(actor) : Promise.resolve([]), listPublicDecks({ take: 12 })]);
  return {
    starters: starterDecks().map((d) => ({ value: `starter:${d.slug}`, label: `${d.name} (starter)` })),
    mine: mine.map((d) => ({ value: `deck:${d.id}`, label: `${d.name} · ${d.total} cards`, legal: d.legal })),
    public: pub.filter((d) => !mine.some((m) => m.id === d.id)).map((d) => ({ value: `slug:${d.shareSlug}`, label: `${d.name} by ${d.ownerName}` })),
  };
}

/** Most cards sent to the browser as the doctor's candidates for coming in. */
export const MAX_DOCTOR_CANDIDATES = 40;

/**
 * Cards the deck doctor may bring into `deck`: the catalog's, or (`ownedOnly`)
 * only cards the signed-in user owns more copies of than the deck holds.
 * Pre-ranked by printed rings and colour fit and cut to
 * {@link MAX_DOCTOR_CANDIDATES}, as engine card definitions (with effects).
 */
export async function getDoctorCandidates(actor: Actor | null, deck: LabDeck, ownedOnly: boolean): Promise<{ ok: true; cards: BoardCardDef[] } | DomainFailure> {
  let catalog = await getDeckCatalog();
  if (ownedOnly) {
    if (!actor) return failure("auth/unauthenticated", "Sign in to draw candidates from your collection.");
    const owned = await getMyOwnedCounts(actor);
    const inDeck = new Map<string, number>();
    for (const c of deck.cards) inDeck.set(c.key, (inDeck.get(c.key) ?? 0) + 1);
    catalog = catalog.filter((c) => (owned[c.id] ?? 0) > (inDeck.get(c.key) ?? 0));
    if (catalog.length === 0) return failure("collection/nothing-spare", "You own no cards beyond the copies already in this deck.");
  }
  const colours = new Set(deck.cards.flatMap((c) => c.colors));
  const ranked = catalog
    .map((c) => ({ c, score: c.rings + (c.colors.some((x) => colours.has(x)) ? 2 : 0) }))
    .sort((a, b) => b.score - a.score || a.c.key.localeCompare(b.c.key))
    .slice(0, MAX_DOCTOR_CANDIDATES)
    .map((x) => x.c.key);
  const defs = await getPlaytestCards(ranked);
  return { ok: true, cards: ranked.map((k) => defs.get(k)).filter((c): c is BoardCardDef => !!c) };
}

export type DeckCompletion = { ok: true; name: string; lines: CompletionLine[]; owned: { card: CompletionCard; owned: number }[] } | DomainFailure;

function completionCard(c: CardDTO): CompletionCard {
  return { id: c.id, key: c.key, set: c.set, number: c.number, title: c.title, colors: c.colors, rings: c.rings, traits: c.traits };
}

/**
 * A deck the signed-in user may see, against their collection: each line with
 * the copies they own, and every card they own (for stand-ins). Starters and
 * deck codes work too.
 */
export async function getDeckCompletion(actor: Actor, source: LabSource): Promise<DeckCompletion> {
  const user = requireActor(actor);
  const deck = await readSource(actor, source);
  if (!deck.ok) return deck;
  const { name, entries } = deck;
  const rows = await db.collectionEntry.findMany({ where: { userId: user.id, quantity: { gt: 0 } }, include: { card: { include: cardInclude } } });
  const ownedById = new Map(rows.map((r) => [r.cardId, r.quantity]));
  return {
    ok: true,
    name,
    lines: entries.map((e) => ({ card: completionCard(e.card), quantity: e.quantity, owned: ownedById.get(e.card.id) ?? 0 })),
    owned: rows.map((r) => ({ card: completionCard(toCardDTO(r.card)), owned: r.quantity })),
  };
}

/** What the stand-in ranking plays: the deck as listed, the engine cards of the stand-ins, and the starters as opponents. */
export interface StandInSimulation {
  deck: { key: string; title: string; def: BoardCardDef }[];
  optionDefs: Record<string, BoardCardDef>;
  opponents: { name: string; cards: BoardCardDef[] }[];
}

/**
 * Engine cards for ranking a deck's stand-ins by simulated games (see
 * `rankStandIns`): the deck's copies in list order, every proposed stand-in,
 * and the starter decks as the gauntlet. Cards the engine cannot play are left out.
 */
export async function getStandInSimulation(lines: readonly CompletionLine[], proposals: readonly { options: readonly { card: CompletionCard }[] }[]): Promise<StandInSimulation> {
  const keys = lines.flatMap((l) => Array.from({ length: l.quantity }, () => l.card.key));
  const optionKeys = [...new Set(proposals.flatMap((p) => p.options.map((o) => o.card.key)))];
  const [defs, starters] = await Promise.all([getPlaytestCards([...new Set([...keys, ...optionKeys])]), Promise.all(starterDecks().map((s) => loadLabDeck(null, { kind: "starter", slug: s.slug })))]);
  return {
    deck: keys.flatMap((k) => {
      const def = defs.get(k);
      return def ? [{ key: k, title: def.title, def }] : [];
    }),
    optionDefs: Object.fromEntries(optionKeys.flatMap((k) => (defs.has(k) ? [[k, defs.get(k)!]] : []))),
    opponents: starters.flatMap((s) => (s.ok ? [{ name: s.deck.name, cards: s.deck.cards }] : [])),
  };
}

/**
 * Save a finished lab run on the signed-in user's own deck, with the deck
 * version it tested (which must exist). Totals are summed from the results.
 */
export async function saveLabRun(actor: Actor, input: { deckId: string; deckVersion: number; query: string; seed: number; agents: string; results: LabRunResult[] }): Promise<{ ok: true; id: string } | DomainFailure<"deck/not-found" | "lab/bad-version">> {
  const user = requireActor(actor);
  const deck = await db.deck.findFirst({ where: { id: input.deckId, ownerId: user.id }, select: { version: true } });
  if (!deck) return failure("deck/not-found", "This deck does not exist.");
  if (input.deckVersion < 1 || input.deckVersion > deck.version) return failure("lab/bad-version", `The deck has no version ${input.deckVersion}.`);
  const sum = (k: "games" | "wins" | "losses" | "draws") => input.results.reduce((n, r) => n + r[k], 0);
  const row = await db.labRun.create({
    data: {
      deckId: input.deckId,
      userId: user.id,
      deckVersion: input.deckVersion,
      query: input.query,
      seed: input.seed,
      agents: input.agents,
      games: sum("games"),
      wins: sum("wins"),
      losses: sum("losses"),
      draws: sum("draws"),
      results: JSON.stringify(input.results),
    },
    select: { id: true },
  });
  await invalidate([userTag(user.id)]);
  return { ok: true, id: row.id };
}

/** The saved lab runs of the signed-in user's deck, newest first (null when the deck is not theirs). */
export async function listLabRuns(actor: Actor, deckId: string, take = 20): Promise<LabRunDTO[] | null> {
  const user = requireActor(actor);
  // plain SQL (lib/server/db/plain-sql.ts): the deck editor asks on every view
  const [deck] = await plainQuery(Prisma.sql`SELECT 1 AS "one" FROM "Deck" WHERE "id" = ${deckId} AND "ownerId" = ${user.id}`);
  if (!deck) return null;
  type Row = { id: string; deckVersion: unknown; createdAt: unknown; agents: string; seed: unknown; games: unknown; wins: unknown; losses: unknown; draws: unknown; results: string; query: string };
  const rows = await plainQuery<Row>(Prisma.sql`
    SELECT "id", "deckVersion", "createdAt", "agents", "seed", "games", "wins", "losses", "draws", "results", "query" FROM "LabRun" WHERE "deckId" = ${deckId} ORDER BY "createdAt" DESC LIMIT ${take}`);
  return rows.map((r) => {
    const results = JSON.parse(r.results) as LabRunResult[];
    return {
      id: r.id,
      deckVersion: Number(r.deckVersion),
      createdAt: plainDate(r.createdAt).toISOString(),
      agents: r.agents,
      seed: Number(r.seed),
      games: Number(r.games),
      wins: Number(r.wins),
      losses: Number(r.losses),
      draws: Number(r.draws),
      results,
      href: `/lab?${r.query}&n=${results.map((x) => x.games).join(",")}`,
    };
  });
}
