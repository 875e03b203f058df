import "server-only";
import { db } from "@/lib/server/db/db";
import { requireActor, type Actor } from "@/lib/server/actor";
import { COLORS, colorsFromMask } from "@/lib/catalog/colors";
import { RARITIES } from "@/lib/catalog/rarity";
import { PLAYSET } from "@/lib/collection/schemas";
import type { CompletionDTO, CompletionRow } from "@/lib/collection/types";


/**
 * Completion of the current user's collection per set, color and rarity:
 * distinct cards owned of the group's cards, and playsets (PLAYSET copies of
 * a title, any printings) of the group's titles. A multi-color card counts
 * toward each of its colors.
 */
export async function collectionCompletion(actor: Actor): Promise<CompletionDTO> {
  const user = requireActor(actor);
  const [cards, entries] = await Promise.all([
    db.card.findMany({ select: { id: true, titleKey: true, colorMask: true, rarity: true, set: { select: { code: true, name: true } } } }),
    db.collectionEntry.findMany({ where: { userId: user.id, quantity: { gt: 0 } }, select: { cardId: true, quantity: true } }),
  ]);
  const owned = new Map(entries.map((e) => [e.cardId, e.quantity]));
  const copiesByTitle = new Map<string, number>();
  for (const c of cards) copiesByTitle.set(c.titleKey, (copiesByTitle.get(c.titleKey) ?? 0) + (owned.get(c.id) ?? 0));

  type Acc = { label: string; owned: number; total: number; titles: Set<string> };
  const tally = (groups: Map<string, Acc>, key: string, label: string, card: (typeof cards)[number]) => {
    const g = groups.get(key) ?? { label, owned: 0, total: 0, titles: new Set<string>() };
    g.total += 1;
    if ((owned.get(card.id) ?? 0) > 0) g.owned += 1;
    g.titles.add(card.titleKey);
    groups.set(key, g);
  };
  const sets = new Map<string, Acc>();
  const colors = new Map<string, Acc>();
  const rarities = new Map<string, Acc>();
  const overall = new Map<string, Acc>();
  for (const c of cards) {
    tally(overall, "all", "All cards", c);
    tally(sets, c.set.code, `${c.set.code} · ${c.set.name}`, c);
    for (const color of colorsFromMask(c.colorMask)) tally(colors, color, color, c);
    tally(rarities, c.rarity, c.rarity, c);
  }
  const toRow = (key: string, g: Acc): CompletionRow => ({
    key,
    label: g.label,
    owned: g.owned,
    total: g.total,
    titles: g.titles.size,
    playsets: [...g.titles].filter((t) => (copiesByTitle.get(t) ?? 0) >= PLAYSET).length,
  });
  const ordered = (groups: Map<string, Acc>, order?: readonly string[]) =>
    [...groups]
      .sort(([a], [b]) => (order ? (order.indexOf(a) + 1 || 99) - (order.indexOf(b) + 1 || 99) || a.localeCompare(b) : a.localeCompare(b)))
      .map(([k, g]) => toRow(k, g));
  const all = overall.get("all");
  return {
    overall: all ? toRow("all", all) : { key: "all", label: "All cards", owned: 0, total: 0, titles: 0, playsets: 0 },
    sets: ordered(sets),
    colors: ordered(colors, COLORS),
    rarities: ordered(rarities, RARITIES),
  };
}
