import { COLORS, type Color } from "@/lib/catalog/colors";
import type { DeckStatsCard } from "./types";

/** Cards in the opening hand (rules §3). */
export const OPENING_HAND = 7;
/** Cards a player places each turn and so draws back in the recharge step (rules §4.1, §4.5). */
export const CARDS_PER_TURN = 5;
/** Copy-exposure cells holding at least this many cards are flagged as clusters. */
export const EXPOSURE_CLUSTER_MIN = 3;

/**
 * How many cards of their deck a player has seen by the start of turn `turn`:
 * 7 in the opening hand, then 5 more each recharge (drawing back up to 7 after
 * placing 5), capped at the deck size.
 */
export function cardsSeenByTurn(turn: number, deckSize: number): number {
  const t = Math.max(1, Math.floor(turn));
  return Math.min(deckSize, OPENING_HAND + CARDS_PER_TURN * (t - 1));
}

const logFactCache: number[] = [0];
function logFact(n: number): number {
  for (let i = logFactCache.length; i <= n; i++) logFactCache[i] = logFactCache[i - 1] + Math.log(i);
  return logFactCache[n];
}
function logChoose(n: number, k: number): number {
  if (k < 0 || k > n) return -Infinity;
  return logFact(n) - logFact(k) - logFact(n - k);
}

/**
 * Hypergeometric P(X >= atLeast): drawing `draws` cards without replacement
 * from a deck of `deckSize` that holds `copies` of the card.
 */
export function probAtLeast(atLeast: number, deckSize: number, copies: number, draws: number): number {
  if (atLeast <= 0) return 1;
  if (deckSize <= 0 || copies <= 0) return 0;
  const n = Math.min(Math.max(0, draws), deckSize);
  const K = Math.min(copies, deckSize);
  let below = 0;
  const denom = logChoose(deckSize, n);
  for (let k = 0; k < atLeast; k++) {
    const lp = logChoose(K, k) + logChoose(deckSize - K, n - k) - denom;
    if (lp > -Infinity) below += Math.exp(lp);
  }
  return Math.min(1, Math.max(0, 1 - below));
}

export type ExposureCell = { color: Color; rings: number; count: number; titles: string[] };

export type DeckStats = {
  total: number;
  averageRings: number;
  /** cards per printed ring value, from 0 to the highest value in the deck */
  ringCurve: { rings: number; count: number }[];
  /** cards per color; a multi-color card counts once in each of its colors */
  colorSplit: { color: Color; count: number }[];
  multiColorCards: number;
  /** cards per trait, most common first; a card counts once in each of its traits */
  traitSplit: { trait: string; count: number }[];
  /**
   * Copy exposure: how many cards share a color and a printed ring value. One
   * opposing flip of that color and value discards every such face-up card
   * (rules §4.3 step 3). Multi-color cards appear under each of their colors.
   */
  exposure: { ringValues: number[]; cells: ExposureCell[]; clusters: ExposureCell[] };
};

/** The deck statistics that matter in this game. */
export function deckStats(cards: readonly DeckStatsCard[]): DeckStats {
  let total = 0;
  let ringSum = 0;
  let maxRings = 0;
  let multi = 0;
  const curve = new Map<number, number>();
  const colors = new Map<Color, number>();
  const traits = new Map<string, number>();
  const cells = new Map<string, ExposureCell>();
  for (const c of cards) {
    if (!(c.quantity > 0)) continue;
    total += c.quantity;
    ringSum += c.rings * c.quantity;
    maxRings = Math.max(maxRings, c.rings);
    curve.set(c.rings, (curve.get(c.rings) ?? 0) + c.quantity);
    if (c.colors.length > 1) multi += c.quantity;
    for (const col of c.colors) {
      colors.set(col, (colors.get(col) ?? 0) + c.quantity);
      const id = `${col}:${c.rings}`;
      const cell = cells.get(id) ?? { color: col, rings: c.rings, count: 0, titles: [] };
      cell.count += c.quantity;
      if (!cell.titles.includes(c.title)) cell.titles.push(c.title);
      cells.set(id, cell);
    }
    for (const t of c.traits) traits.set(t, (traits.get(t) ?? 0) + c.quantity);
  }
  const ringCurve = [];
  for (let r = 0; r <= maxRings; r++) ringCurve.push({ rings: r, count: curve.get(r) ?? 0 });
  const allCells = [...cells.values()].sort((a, b) => COLORS.indexOf(a.color) - COLORS.indexOf(b.color) || a.rings - b.rings);
  return {
    total,
    averageRings: total ? Math.round((ringSum / total) * 100) / 100 : 0,
    ringCurve: total ? ringCurve : [],
    colorSplit: COLORS.map((color) => ({ color, count: colors.get(color) ?? 0 })),
    multiColorCards: multi,
    traitSplit: [...traits.entries()].map(([trait, count]) => ({ trait, count })).sort((a, b) => b.count - a.count || a.trait.localeCompare(b.trait)),
    exposure: {
      ringValues: [...curve.keys()].sort((a, b) => a - b),
      cells: allCells,
      clusters: allCells.filter((c) => c.count >= EXPOSURE_CLUSTER_MIN).sort((a, b) => b.count - a.count),
    },
  };
}

/** P(at least one) and P(at least two) copies in the opening hand and by a given turn. */
export function drawOdds(deckSize: number, copies: number, turn: number) {
  const byTurn = cardsSeenByTurn(turn, deckSize);
  return {
    seenOpening: Math.min(OPENING_HAND, deckSize),
    seenByTurn: byTurn,
    openingAtLeastOne: probAtLeast(1, deckSize, copies, OPENING_HAND),
    openingAtLeastTwo: probAtLeast(2, deckSize, copies, OPENING_HAND),
    byTurnAtLeastOne: probAtLeast(1, deckSize, copies, byTurn),
    byTurnAtLeastTwo: probAtLeast(2, deckSize, copies, byTurn),
  };
}

/** What the draw-odds panel asks about: a title, a colour, a trait or a printed ring range. */
export type OddsQuestion =
  | { kind: "title"; title: string }
  | { kind: "color"; color: Color }
  | { kind: "trait"; trait: string }
  | { kind: "rings"; min: number; max: number };

/** Copies in the deck that answer a draw-odds question (a multi-colour card counts for each of its colours). */
export function countMatching(cards: readonly DeckStatsCard[], q: OddsQuestion): number {
  let n = 0;
  for (const c of cards) {
    if (!(c.quantity > 0)) continue;
    const hit =
      q.kind === "title" ? c.title === q.title : q.kind === "color" ? c.colors.includes(q.color) : q.kind === "trait" ? c.traits.includes(q.trait) : c.rings >= q.min && c.rings <= q.max;
    if (hit) n += c.quantity;
  }
  return n;
}

/** The printed ring ranges the draw-odds panel offers, "min-max". */
export const RING_RANGES = ["0-2", "3-4", "5-6", "7-8", "9-10", "0-4", "5-10"] as const;

/** One answer the draw-odds panel offers, with the copies in the deck that match it. */
export type OddsChoice = { value: string; label: string; copies: number };
export type OddsChoices = Record<OddsQuestion["kind"], OddsChoice[]>;

/** The question a draw-odds choice stands for. */
export function oddsQuestion(kind: OddsQuestion["kind"], value: string): OddsQuestion {
  if (kind === "title") return { kind, title: value };
  if (kind === "color") return { kind, color: value as Color };
  if (kind === "trait") return { kind, trait: value };
  const [min, max] = value.split("-").map(Number);
  return { kind, min, max };
}

/**
 * Every choice of the draw-odds panel, by kind, with its matching copies
 * counted: titles (all printings, by name), the colours present, the traits
 * (most common first) and the ring ranges. Computed once, where the deck is
 * known (the server for a shared deck), so the panel in the browser only
 * looks them up.
 */
export function oddsChoices(cards: readonly DeckStatsCard[], stats: DeckStats = deckStats(cards)): OddsChoices {
  const byTitle = new Map<string, number>();
  for (const c of cards) byTitle.set(c.title, (byTitle.get(c.title) ?? 0) + c.quantity);
  const withCopies = (kind: OddsQuestion["kind"], list: { value: string; label: string }[]) => list.map((o) => ({ ...o, copies: countMatching(cards, oddsQuestion(kind, o.value)) }));
  return {
    title: withCopies("title", [...byTitle.entries()].sort((a, b) => a[0].localeCompare(b[0])).map(([t, n]) => ({ value: t, label: `${t} (${n})` }))),
    color: withCopies("color", stats.colorSplit.filter((c) => c.count > 0).map((c) => ({ value: c.color, label: `${c.color} (${c.count})` }))),
    trait: withCopies("trait", stats.traitSplit.map((t) => ({ value: t.trait, label: `${t.trait} (${t.count})` }))),
    rings: withCopies("rings", RING_RANGES.map((r) => ({ value: r, label: `${r.replace("-", "–")} rings` }))),
  };
}
