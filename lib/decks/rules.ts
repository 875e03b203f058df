import { titleKey } from "@/lib/catalog/keys";

/**
 * The deck rules of the game (RULES.md §1), the one place they are written:
 * the editor, every server write, the import preview, the share and deck
 * pages, the lab and the playtest all call `checkDeck` (or `checkEntries`),
 * and nothing else counts copies or cards against the limits.
 */

/** A deck needs at least this many cards to be legal (rules §1). */
export const MIN_DECK_SIZE = 30;
/** At most this many copies of one title, printings with the same title counted together (rules §1). */
export const MAX_COPIES_PER_TITLE = 5;
/** Upper bound on copies of one printing any write accepts (guards forged input before the title rule runs). */
export const MAX_QUANTITY_PER_LINE = 99;
/** The rules in a few words, for notes beside buttons ("30+ cards, at most 5 per title"). */
export const DECK_RULES_TEXT = `${MIN_DECK_SIZE}+ cards, at most ${MAX_COPIES_PER_TITLE} per title`;

/** One line of a deck list: a printing, named by its card id, and how many copies. */
export type DeckLine = { cardId: string; quantity: number };

/** What the rules read about a card: its card key ("DEMO-001") and its title. */
export type RuleCardFacts = { key: string; title: string };

/** The cards the rules know, by card id (the catalog, or the cards a list was read with). */
export type RuleCatalog = ReadonlyMap<string, RuleCardFacts>;

export type DeckProblemCode = "deck/too-few" | "deck/title-limit" | "deck/bad-quantity" | "deck/unknown-card";

export type DeckProblem = {
  code: DeckProblemCode;
  message: string;
  /** the title key for deck/title-limit, the card key for deck/bad-quantity, the card id for deck/unknown-card */
  subject?: string;
};

export type DeckCheck = {
  legal: boolean;
  total: number;
  problems: DeckProblem[];
  /** One line a person can read, e.g. "31 cards: OK. Sonic: 6 copies across DEMO-001 and DEMO-044, at most 5." */
  summary: string;
  /** Copies per title key, for the editor's "can I add one more?" check. */
  copiesByTitle: Record<string, number>;
};

/** The rule catalog of cards that carry their own facts (an id, a key and a title). */
export function ruleCatalog(cards: Iterable<{ id: string; key: string; title: string }>): RuleCatalog {
  const out = new Map<string, RuleCardFacts>();
  for (const c of cards) out.set(c.id, { key: c.key, title: c.title });
  return out;
}

function listKeys(keys: string[]): string {
  if (keys.length <= 1) return keys.join("");
  return `${keys.slice(0, -1).join(", ")} and ${keys[keys.length - 1]}`;
}

/**
 * Checks a deck list against the rules (RULES.md §1): at least 30 cards, at
 * most 5 copies of any title across all its printings, every quantity a whole
 * number from 1 to 99. A card is known by its id alone: its key and title are
 * read from `catalog`, and an id the catalog does not hold is a problem
 * ("deck/unknown-card"), never a card. Lines for the same id count together.
 */
export function checkDeck(lines: readonly DeckLine[], catalog: RuleCatalog): DeckCheck {
  const problems: DeckProblem[] = [];
  const byTitle = new Map<string, { title: string; keys: string[]; copies: number }>();
  let total = 0;
  for (const line of lines) {
    const card = catalog.get(line.cardId);
    if (!card) {
      problems.push({ code: "deck/unknown-card", subject: line.cardId, message: `No card with id “${line.cardId.slice(0, 64)}” in the catalog.` });
      continue;
    }
    if (!Number.isInteger(line.quantity) || line.quantity < 1 || line.quantity > MAX_QUANTITY_PER_LINE) {
      problems.push({
        code: "deck/bad-quantity",
        subject: card.key,
        message: `${card.title} [${card.key}]: quantity ${String(line.quantity)} is not a whole number from 1 to ${MAX_QUANTITY_PER_LINE}.`,
      });
      continue;
    }
    total += line.quantity;
    const tk = titleKey(card.title);
    const group = byTitle.get(tk) ?? { title: card.title, keys: [], copies: 0 };
    if (!group.keys.includes(card.key)) group.keys.push(card.key);
    group.copies += line.quantity;
    byTitle.set(tk, group);
  }
  const countProblems: DeckProblem[] = [];
  if (total < MIN_DECK_SIZE) {
    countProblems.push({ code: "deck/too-few", message: `${total} ${total === 1 ? "card" : "cards"}: at least ${MIN_DECK_SIZE} needed.` });
  }
  const titleProblems: DeckProblem[] = [];
  const copiesByTitle: Record<string, number> = {};
  for (const [tk, g] of [...byTitle.entries()].sort((a, b) => a[1].title.localeCompare(b[1].title))) {
    copiesByTitle[tk] = g.copies;
    if (g.copies > MAX_COPIES_PER_TITLE) {
      const keys = [...g.keys].sort();
      const where = keys.length > 1 ? `across ${listKeys(keys)}` : `of ${keys[0]}`;
      titleProblems.push({ code: "deck/title-limit", subject: tk, message: `${g.title}: ${g.copies} copies ${where}, at most ${MAX_COPIES_PER_TITLE}.` });
    }
  }
  const all = [...countProblems, ...problems, ...titleProblems];
  const head = countProblems.length ? countProblems[0].message : `${total} cards: OK.`;
  const summary = [head, ...problems.map((p) => p.message), ...titleProblems.map((p) => p.message)].join(" ");
  return { legal: all.length === 0, total, problems: all, summary, copiesByTitle };
}

/** `checkDeck` for entries that carry their cards (a deck read with its cards, the editor's list). */
export function checkEntries(entries: readonly { card: { id: string; key: string; title: string }; quantity: number }[]): DeckCheck {
  return checkDeck(
    entries.map((e) => ({ cardId: e.card.id, quantity: e.quantity })),
    ruleCatalog(entries.map((e) => e.card)),
  );
}

/** How many copies of this title the checked list holds (printings with the same title count together). */
export function copiesOfTitle(check: DeckCheck, title: string): number {
  return check.copiesByTitle[titleKey(title)] ?? 0;
}

/**
 * Whether one more copy of `card` may be added to the checked list (the
 * editor's + buttons; server writes check the whole list with checkDeck).
 * Returns the reason when not.
 */
export function canAddCopy(check: DeckCheck, card: { title: string }): { ok: true } | { ok: false; message: string } {
  const copies = copiesOfTitle(check, card.title);
  if (copies >= MAX_COPIES_PER_TITLE) {
    return { ok: false, message: `${card.title}: already ${copies} copies, at most ${MAX_COPIES_PER_TITLE} per title (printings with the same title count together).` };
  }
  return { ok: true };
}

/**
 * The problems that stop a list from being saved at all (a draft may have too
 * few cards, nothing else). Every deck write and the import preview use this
 * one rule, so a preview never accepts what saving would refuse.
 */
export function blockingProblems(check: DeckCheck): DeckProblem[] {
  return check.problems.filter((p) => p.code !== "deck/too-few");
}
