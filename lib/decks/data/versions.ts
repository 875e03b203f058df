import "server-only";
import { db } from "@/lib/server/db/db";
import { requireActor, type Actor } from "@/lib/server/actor";
import { cardKey } from "@/lib/catalog/keys";
import { diffDeckLists, formatDeckDiff, type DeckDiffLine } from "@/lib/decks/diff";
import { checkDeck, ruleCatalog } from "@/lib/decks/rules";
import type { DeckVersionDTO } from "@/lib/decks/types";
import type { DeckLine, DeckWriteResult } from "./types";
import { saveDeck } from "./write";
import { ownsDeck } from "@/lib/decks/data/owner-deck";
import { Prisma } from "@/lib/generated/prisma/client";
import { plainDate, plainQuery } from "@/lib/server/db/plain-sql";

/** A deck's version history: listed with diffs, and restored as a new version. */

/** The owner's version history, newest first, each with its diff from the version before. */
export async function listDeckVersions(actor: Actor, deckId: string): Promise<DeckVersionDTO[] | null> {
  const user = requireActor(actor);
  if (!(await ownsDeck(user.id, deckId))) return null;
  // plain SQL (lib/server/db/plain-sql.ts): the deck editor lists the versions on every view
  const versions = (
    await plainQuery<{ version: unknown; name: string; description: string; cards: string; createdAt: unknown; authorName: string }>(Prisma.sql`
      SELECT v."version", v."name", v."description", v."cards", v."createdAt", u."displayName" AS "authorName"
      FROM "DeckVersion" v JOIN "User" u ON u."id" = v."authorId" WHERE v."deckId" = ${deckId} ORDER BY v."version" ASC LIMIT 1000`)
  ).map((v) => ({ ...v, version: Number(v.version), createdAt: plainDate(v.createdAt) }));
  const lists = versions.map((v) => parseSnapshot(v.cards));
  const ids = [...new Set(lists.flat().map((l) => l.cardId))];
  const cards = ids.length
    ? await plainQuery<{ id: string; title: string; number: unknown; setCode: string }>(Prisma.sql`
        SELECT c."id", c."title", c."number", s."code" AS "setCode" FROM "Card" c JOIN "CardSet" s ON s."id" = c."setId" WHERE c."id" IN (${Prisma.join(ids)})`)
    : [];
  const names = ruleCatalog(cards.map((c) => ({ id: c.id, key: cardKey(c.setCode, Number(c.number)), title: c.title })));
  const describe = (id: string) => names.get(id) ?? { key: "?", title: "(deleted card)" };
  const last = versions.length - 1;
  const out = versions.map((v, i) => {
    const diff = diffDeckLists(i === 0 ? [] : lists[i - 1], lists[i], describe);
    const prev = i === 0 ? null : versions[i - 1];
    const check = checkDeck(lists[i], names);
    const toRestore = diffDeckLists(lists[last], lists[i], describe);
    return {
      version: v.version,
      name: v.name,
      authorName: v.authorName,
      createdAt: v.createdAt.toISOString(),
      total: lists[i].reduce((n, l) => n + l.quantity, 0),
      diff,
      diffText: formatDeckDiff(diff),
      changesText: prev ? describeChanges(diff, prev, v) : diff.length ? `created with ${formatDeckDiff(diff)}` : "created empty",
      legal: check.legal,
      legalSummary: check.summary,
      restoreText: describeChanges(toRestore, versions[last], v),
    };
  });
  return out.reverse();
}

/** "+1 Egg Pawn; renamed from “Old” to “New”; description edited", or "no changes" when a save changed nothing. */
function describeChanges(diff: DeckDiffLine[], from: { name: string; description: string }, to: { name: string; description: string }): string {
  const parts = diff.length ? [formatDeckDiff(diff)] : [];
  if (from.name !== to.name) parts.push(`renamed from “${from.name}” to “${to.name}”`);
  if (from.description !== to.description) parts.push(!to.description ? "description removed" : !from.description ? "description added" : "description edited");
  return parts.length ? parts.join("; ") : "no changes";
}

function parseSnapshot(json: string): DeckLine[] {
  try {
    const v = JSON.parse(json) as unknown;
    if (!Array.isArray(v)) return [];
    return v.filter((x): x is DeckLine => typeof x?.cardId === "string" && Number.isInteger(x?.quantity));
  } catch {
    return [];
  }
}

/** Restores an old version, cards, name and description, as a new version (history is never rewritten). */
export async function restoreDeckVersion(actor: Actor, deckId: string, version: number, expectedVersion: number): Promise<DeckWriteResult> {
  const user = requireActor(actor);
  const deck = await db.deck.findFirst({ where: { id: deckId, ownerId: user.id }, select: { id: true } });
  if (!deck) return { ok: false, code: "deck/not-found", message: "This deck does not exist." };
  const snap = await db.deckVersion.findUnique({ where: { deckId_version: { deckId, version } } });
  if (!snap) return { ok: false, code: "deck/not-found", message: `Version ${version} does not exist.` };
  return saveDeck(user, { deckId, expectedVersion, name: snap.name, description: snap.description, cards: parseSnapshot(snap.cards) });
}
