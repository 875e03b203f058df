import type { TradeDTO, TradeStatus } from "./types";

/**
 * The pure rules of trading: which moves each side may make in each state,
 * and how matches are scored (docs/trades.md, "Matches").
 */

/** Most distinct cards on one side of a proposal, and most lines in a list. */
export const MAX_TRADE_LINES = 60;
export const MAX_LIST_LINES = 2000;

/**
 * What a side gets from a match: for each card, the fewer of what one wants
 * and the other lists to trade. Returns the units and the lines.
 */
export function overlap(wants: ReadonlyMap<string, number>, haves: ReadonlyMap<string, number>): { units: number; lines: { cardId: string; quantity: number }[] } {
  const lines: { cardId: string; quantity: number }[] = [];
  for (const [cardId, want] of wants) {
    const q = Math.min(want, haves.get(cardId) ?? 0);
    if (q > 0) lines.push({ cardId, quantity: q });
  }
  return { units: lines.reduce((n, l) => n + l.quantity, 0), lines };
}

/**
 * A match's score: the copies the smaller side gets counts most (a trade is
 * as good as what both get), then the total. score = 1000 × min(a, b) + a + b,
 * with a, b each capped at 999 so the order is exactly "min first, then sum".
 * Zero unless both sides get something.
 */
export function matchScore(iGet: number, theyGet: number): number {
  const a = Math.min(iGet, 999);
  const b = Math.min(theyGet, 999);
  if (a === 0 || b === 0) return 0;
  return 1000 * Math.min(a, b) + a + b;
}

/** What the viewer may do to a proposal in its state. */
export function allowedMoves(status: TradeStatus, sent: boolean, iMarkedDone: boolean, bothMarked: boolean): TradeDTO["can"] {
  const open = status === "open";
  const accepted = status === "accepted" && !bothMarked;
  return {
    accept: open && !sent,
    decline: open && !sent,
    counter: open && !sent,
    withdraw: (open && sent) || accepted,
    markDone: accepted && !iMarkedDone,
  };
}
