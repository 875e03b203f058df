import "server-only";
import { db } from "@/lib/server/db/db";
import { requireActor, type Actor } from "@/lib/server/actor";
import { COLORS, colorsFromMask } from "@/lib/catalog/colors";
import { RARITIES } from "@/lib/catalog/rarity";
import { PLAYSET } from "@/lib/collection/schemas";
import { DEFAULT_BINDER_NAME, type CompletionDTO, type CompletionRow } from "@/lib/collection/types";
import { CONDITIONS, CONDITION_LABELS } from "@/lib/collection/copies";


/**
 * Completion of the current user's collection per set, color and rarity:
 * distinct cards owned of the group's cards, and playsets (PLAYSET copies of
 * a title, any printings) of the group's titles. A multi-color card counts
 * toward each of its colors.
 */
export async function collectionCompletion(actor: Actor): Promise<CompletionDTO> {
  const user = requireActor(actor);
  const [cards, entries, binders, lots] = await Promise.all([
    db.card.findMany({ select: { id: true, titleKey: true, colorMask: true, rarity: true, set: { select: { code: true, name: true } } } }),
    db.collectionEntry.findMany({ where: { userId: user.id, quantity: { gt: 0 } }, select: { cardId: true, quantity: true } }),
    db.binder.findMany({ where: { userId: user.id }, select: { id: true, name: true }, orderBy: { name: "asc" } }),
    db.collectionLot.findMany({ where: { userId: user.id }, select: { cardId: true, binderId: true, condition: true, quantity: true } }),
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
  // per binder and per condition: each place's copies, card by card (plain copies are Unsorted's, condition not recorded)
  const titleOf = new Map(cards.map((c) => [c.id, c.titleKey]));
  const allTitles = new Set(cards.map((c) => c.titleKey)).size;
  const places = (key: (l: { binderId: string | null; condition: string }) => string) => {
    const out = new Map<string, Map<string, number>>();
    const add = (k: string, cardId: string, n: number) => {
      const m = out.get(k) ?? new Map<string, number>();
      m.set(cardId, (m.get(cardId) ?? 0) + n);
      out.set(k, m);
    };
    const held = new Map<string, number>();
    for (const l of lots) {
      held.set(l.cardId, (held.get(l.cardId) ?? 0) + l.quantity);
      add(key(l), l.cardId, l.quantity);
    }
    for (const e of entries) if (e.quantity > (held.get(e.cardId) ?? 0)) add(key({ binderId: null, condition: "" }), e.cardId, e.quantity - (held.get(e.cardId) ?? 0));
    return out;
  };
  const placeRow = (key: string, label: string, copies: Map<string, number> | undefined): CompletionRow => {
    const byTitle = new Map<string, number>();
    for (const [cardId, n] of copies ?? []) byTitle.set(titleOf.get(cardId) ?? cardId, (byTitle.get(titleOf.get(cardId) ?? cardId) ?? 0) + n);
    return { key, label, owned: [...(copies?.values() ?? [])].filter((n) => n > 0).length, total: cards.length, titles: allTitles, playsets: [...byTitle.values()].filter((n) => n >= PLAYSET).length };
  };
  const inBinders = places((l) => l.binderId ?? "");
  const inConditions = places((l) => l.condition);
  const all = overall.get("all");
  return {
    binders: [placeRow("unsorted", DEFAULT_BINDER_NAME, inBinders.get("")), ...binders.map((b) => placeRow(b.id, b.name, inBinders.get(b.id)))],
    conditions: [...CONDITIONS, "" as const].filter((c) => inConditions.has(c)).map((c) => placeRow(c || "none", c ? `${c} · ${CONDITION_LABELS[c]}` : "Condition not recorded", inConditions.get(c))),
    overall: all ? toRow("all", all) : { key: "all", label: "All cards", owned: 0, total: 0, titles: 0, playsets: 0 },
    sets: ordered(sets),
    colors: ordered(colors, COLORS),
    rarities: ordered(rarities, RARITIES),
  };
}
