import { titleKey } from "@/lib/cards/keys";
import type { DeckRuleCard } from "./types";

/** A deck needs at least this many cards to be legal (rules §1). */
export const MIN_DECK_SIZE = 30;
/** At most this many copies of one title, printings with the same title counted together (rules §1). */
export const MAX_COPIES_PER_TITLE = 5;
/** Upper bound on copies of one printing any write accepts (guards forged input before the title rule runs). */
export const MAX_QUANTITY_PER_LINE = 99;

export type DeckProblemCode = "deck/too-few" | "deck/title-limit" | "deck/bad-quantity";

export type DeckProblem = {
  code: DeckProblemCode;
  message: string;
  /** the title key for deck/title-limit, the card key for deck/bad-quantity */
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

function listKeys(keys: string[]): string {
  if (keys.length <= 1) return keys.join("");
  return `${keys.slice(0, -1).join(", ")} and ${keys[keys.length - 1]}`;
}

/**
 * The deck rules of the game (rules §1): at least 30 cards, at most 5 copies
 * of any title across all its printings. Every quantity must be a positive
 * whole number. Lines for the same card are counted together.
 */
export function checkDeck(cards: readonly DeckRuleCard[]): DeckCheck {
  const problems: DeckProblem[] = [];
  const byTitle = new Map<string, { title: string; keys: string[]; copies: number }>();
  let total = 0;
  for (const c of cards) {
    if (!Number.isInteger(c.quantity) || c.quantity < 1 || c.quantity > MAX_QUANTITY_PER_LINE) {
      problems.push({
        code: "deck/bad-quantity",
        subject: c.key,
        message: `${c.title} [${c.key}]: quantity ${String(c.quantity)} is not a whole number from 1 to ${MAX_QUANTITY_PER_LINE}.`,
      });
      continue;
    }
    total += c.quantity;
    const tk = titleKey(c.title);
    const group = byTitle.get(tk) ?? { title: c.title, keys: [], copies: 0 };
    if (!group.keys.includes(c.key)) group.keys.push(c.key);
    group.copies += c.quantity;
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

/**
 * Whether one more copy of a card with this title may be added (the editor's
 * + button and the server's per-write check share it). Returns the reason when not.
 */
export function canAddCopy(cards: readonly DeckRuleCard[], title: string): { ok: true } | { ok: false; message: string } {
  const tk = titleKey(title);
  const copies = cards.filter((c) => titleKey(c.title) === tk).reduce((n, c) => n + c.quantity, 0);
  if (copies >= MAX_COPIES_PER_TITLE) {
    return { ok: false, message: `${title}: already ${copies} copies, at most ${MAX_COPIES_PER_TITLE} per title (printings with the same title count together).` };
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
