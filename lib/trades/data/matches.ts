import "server-only";
import { db } from "@/lib/server/db/db";
import { requireActor, type Actor } from "@/lib/server/actor";
import { matchScore, overlap } from "@/lib/trades/rules";
import type { TradeMatchDTO } from "@/lib/trades/types";
import { cardsById } from "./shared";

/** Most matches listed. */
const MAX_MATCHES = 50;

/**
 * "Who has what I want and wants what I have": other users whose lists are
 * public, with what each side would get (for each card, the fewer of one's
 * want and the other's trade list), ranked by matchScore (lib/trades/rules.ts).
 * Only users where both sides get something are listed. The signed-in user's
 * own lists are read whether public or not (they are theirs).
 */
export async function tradeMatches(actor: Actor): Promise<TradeMatchDTO[]> {
  const user = requireActor(actor);
  const mine = await db.tradeListEntry.findMany({ where: { userId: user.id }, select: { list: true, cardId: true, quantity: true } });
  const myWants = new Map(mine.filter((m) => m.list === "want").map((m) => [m.cardId, m.quantity]));
  const myHaves = new Map(mine.filter((m) => m.list === "have").map((m) => [m.cardId, m.quantity]));
  if (!myWants.size || !myHaves.size) return [];
  const publicOther = { userId: { not: user.id }, user: { tradeProfile: { listsPublic: true } } };
  const theirs = await db.tradeListEntry.findMany({
    where: { OR: [{ ...publicOther, list: "have", cardId: { in: [...myWants.keys()] } }, { ...publicOther, list: "want", cardId: { in: [...myHaves.keys()] } }] },
    select: { userId: true, list: true, cardId: true, quantity: true, user: { select: { displayName: true } } },
  });
  const byUser = new Map<string, { displayName: string; wants: Map<string, number>; haves: Map<string, number> }>();
  for (const t of theirs) {
    const u = byUser.get(t.userId) ?? { displayName: t.user.displayName, wants: new Map(), haves: new Map() };
    byUser.set(t.userId, u);
    (t.list === "want" ? u.wants : u.haves).set(t.cardId, t.quantity);
  }
  const scored = [...byUser].map(([id, u]) => {
    const theyGive = overlap(myWants, u.haves);
    const iGive = overlap(u.wants, myHaves);
    return { id, displayName: u.displayName, theyGive, iGive, score: matchScore(theyGive.units, iGive.units) };
  });
  const ranked = scored.filter((s) => s.score > 0).sort((a, b) => b.score - a.score || a.displayName.localeCompare(b.displayName)).slice(0, MAX_MATCHES);
  const cards = await cardsById(ranked.flatMap((r) => [...r.theyGive.lines, ...r.iGive.lines].map((l) => l.cardId)));
  const lines = (ls: { cardId: string; quantity: number }[]) => ls.filter((l) => cards.has(l.cardId)).map((l) => ({ ...cards.get(l.cardId)!, quantity: l.quantity }));
  return ranked.map((r) => ({ trader: { id: r.id, displayName: r.displayName }, theyGive: lines(r.theyGive.lines), iGive: lines(r.iGive.lines), score: r.score }));
}
