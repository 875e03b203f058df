import "server-only";
import { db } from "@/lib/server/db/db";
import { invalidate } from "@/lib/server/cache/invalidate";
import { userTag } from "@/lib/server/cache/tags";
import { requireActor, type Actor } from "@/lib/server/actor";
import { getDeckCompletion } from "@/lib/lab/data";
import type { LabSource } from "@/lib/lab/params";
import { missingLines } from "@/lib/decks/completion";
import { MAX_LIST_LINES } from "@/lib/trades/rules";
import type { MyTradeListsDTO, TradeListKind, TradeListLineDTO } from "@/lib/trades/types";
import { cardsById, TradeError } from "./shared";

/**
 * Want lists and trade lists: per user and card, how many copies they want
 * ("want") or would trade away ("have"). Private unless the user makes them
 * public; only the owner reads or writes them here (matches read public ones).
 */

/** The signed-in user's lists and trading settings. */
export async function myTradeLists(actor: Actor): Promise<MyTradeListsDTO> {
  const user = requireActor(actor);
  const [profile, rows] = await Promise.all([
    db.tradeProfile.findUnique({ where: { userId: user.id }, select: { listsPublic: true, tradeMail: true } }),
    db.tradeListEntry.findMany({ where: { userId: user.id }, select: { list: true, cardId: true, quantity: true } }),
  ]);
  const cards = await cardsById(rows.map((r) => r.cardId));
  const lines = (list: TradeListKind): TradeListLineDTO[] =>
    rows.filter((r) => r.list === list && cards.has(r.cardId)).map((r) => ({ ...cards.get(r.cardId)!, quantity: r.quantity })).sort((a, b) => a.key.localeCompare(b.key));
  return { listsPublic: profile?.listsPublic ?? false, tradeMail: profile?.tradeMail ?? true, wants: lines("want"), haves: lines("have") };
}

/** Sets how many copies of a card are on one of the signed-in user's lists (0 takes it off). */
export async function setListQuantity(actor: Actor, list: TradeListKind, cardId: string, quantity: number): Promise<number> {
  const user = requireActor(actor);
  if (!(await db.card.count({ where: { id: cardId } }))) throw new TradeError("trade/invalid", "That card is not in the catalog.");
  const key = { userId_list_cardId: { userId: user.id, list, cardId } };
  if (quantity === 0) await db.tradeListEntry.deleteMany({ where: { userId: user.id, list, cardId } });
  else {
    const exists = await db.tradeListEntry.count({ where: { userId: user.id, list, cardId } });
    if (!exists && (await db.tradeListEntry.count({ where: { userId: user.id, list } })) >= MAX_LIST_LINES) throw new TradeError("trade/invalid", `A list holds at most ${MAX_LIST_LINES} cards.`);
    await db.tradeListEntry.upsert({ where: key, create: { userId: user.id, list, cardId, quantity }, update: { quantity } });
  }
  await invalidate([userTag(user.id)]);
  return quantity;
}

/** Makes the signed-in user's lists public or private, and turns trade mail on or off. */
export async function setTradeSettings(actor: Actor, settings: { listsPublic: boolean; tradeMail: boolean }): Promise<{ listsPublic: boolean; tradeMail: boolean }> {
  const user = requireActor(actor);
  const row = await db.tradeProfile.upsert({ where: { userId: user.id }, create: { userId: user.id, ...settings }, update: settings, select: { listsPublic: true, tradeMail: true } });
  await invalidate([userTag(user.id)]);
  return row;
}

/**
 * "Add this deck's missing cards to my wants", from the deck editor or any
 * deck page the user can see (their own deck, a shared deck, a starter, a
 * deck code): the deck's copies the user does not own (the deck want list,
 * lib/decks/completion) raise each want to at least what is missing. Returns
 * how many cards' wants rose.
 */
export async function addDeckWants(actor: Actor, source: LabSource): Promise<{ added: number; deck: string }> {
  const user = requireActor(actor);
  const r = await getDeckCompletion(user, source);
  if (!r.ok) throw new TradeError("trade/not-found", "That deck is not one you can see.");
  const missing = missingLines(r.lines);
  let added = 0;
  await db.$transaction(async (tx) => {
    const current = new Map((await tx.tradeListEntry.findMany({ where: { userId: user.id, list: "want" }, select: { cardId: true, quantity: true } })).map((w) => [w.cardId, w.quantity]));
    for (const m of missing) {
      if ((current.get(m.card.id) ?? 0) >= m.missing) continue;
      await tx.tradeListEntry.upsert({ where: { userId_list_cardId: { userId: user.id, list: "want", cardId: m.card.id } }, create: { userId: user.id, list: "want", cardId: m.card.id, quantity: m.missing }, update: { quantity: m.missing } });
      added += 1;
    }
  });
  await invalidate([userTag(user.id)]);
  return { added, deck: r.name };
}
