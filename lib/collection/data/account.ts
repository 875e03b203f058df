import "server-only";
import { db } from "@/lib/server/db/db";
import { requireActor, type Actor } from "@/lib/server/actor";
import { cardKey } from "@/lib/catalog/keys";

/** One lot of copies as the account export writes it: where they are and what they are. */
type ExportedCopies = { binder: string | null; quantity: number; condition: string; language: string; printing: string; priceCents: number | null; purchasedOn: string; note: string };

/**
 * The collection section of the account export, for the signed-in user only:
 * every card with its total and its copies (binder, condition, language,
 * printing variant, purchase price and date, note), the named binders, and
 * the copies each deck reserves. Copies no lot holds are plain copies in the
 * default binder (`binder: null`), listed as one lot so the lots of a card
 * always add up to its total.
 */
export async function collectionForExport(actor: Actor) {
  const me = requireActor(actor);
  const [entries, binders, reservations] = await Promise.all([
    db.collectionEntry.findMany({
      where: { userId: me.id },
      include: { card: { include: { set: true } }, lots: { include: { binder: { select: { name: true } } }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] } },
      orderBy: { cardId: "asc" },
    }),
    db.binder.findMany({ where: { userId: me.id }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] }),
    db.deckReservation.findMany({ where: { userId: me.id }, include: { deck: { select: { name: true, shareSlug: true } }, entry: { select: { card: { include: { set: true } } } } }, orderBy: [{ deckId: "asc" }, { cardId: "asc" }] }),
  ]);
  return {
    collection: entries.map((e) => {
      const lots: ExportedCopies[] = e.lots.map((l) => ({
        binder: l.binder?.name ?? null,
        quantity: l.quantity,
        condition: l.condition,
        language: l.language,
        printing: l.printing,
        priceCents: l.priceCents,
        purchasedOn: l.purchasedOn,
        note: l.note,
      }));
      const plain = e.quantity - lots.reduce((n, l) => n + l.quantity, 0);
      const copies = plain > 0 ? [{ binder: null, quantity: plain, condition: "", language: "", printing: "", priceCents: null, purchasedOn: "", note: "" }, ...lots] : lots;
      return { card: cardKey(e.card.set.code, e.card.number), title: e.card.title, quantity: e.quantity, updatedAt: e.updatedAt.toISOString(), copies };
    }),
    binders: binders.map((b) => ({ name: b.name, createdAt: b.createdAt.toISOString() })),
    deckReservations: reservations.map((r) => ({ deck: r.deck.name, shareSlug: r.deck.shareSlug, card: cardKey(r.entry.card.set.code, r.entry.card.number), title: r.entry.card.title, quantity: r.quantity })),
  };
}
