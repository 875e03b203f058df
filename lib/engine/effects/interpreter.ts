/**
 * The structured effect interpreter (RULES.md §6): selectors, conditions,
 * continuous effects (ring modifiers and protections while face up) and the
 * resumable execution of "when flipped" effects, whose every choice becomes a
 * pending decision.
 */
import { isSequenced, type Condition, type EffectAction, type Selector } from "./schema";
import { nextInt } from "../rng";
import {
  COLORS,
  PROTECT_BATTLE,
  PROTECT_COPY,
  PROTECT_BITS,
  PROTECT_EFFECTS,
  type Color,
  type Frame,
  type GameEvent,
  type GameState,
  type Player,
  type Row,
  type Slot,
  type SlotRef,
} from "../types";
import { discardFromField, drawCards, isAdjacent, label, pname, ref, rowOf, takeFromField } from "../rules/board";
import { forgetCard, learnDeck, learnHand, mixHand } from "../rules/seen";
import { hasTrigger, onDiscarded, onOpposingFlip, pushTrigger, TRIGGER_WORDS, triggerCardPresent } from "./triggers";
import { addModifier, lastingProtect, lastingRings, leftField } from "../rules/lasting";
import { costNeed, countFaceUpCards, countOf, describeCount, describeDuration } from "./sequence";

const ROWS: readonly Row[] = ["chaos", "spare"];

/** The position of an effect's own card. */
export interface Src {
  p: Player;
  row: Row;
  ci: number;
  card: number;
  /** The card it battled (a battle-won / battle-lost effect), else -1. */
  other?: number;
}

/**
 * The rings of the opposing face-up chaos card in this card's column (printed,
 * or current when `auras` are given), or null when there is none (v2 ring
 * comparisons with "opposing").
 */
function opposingRings(s: GameState, src: Src, auras: Auras | null): number | null {
  const o = (1 - src.p) as Player;
  const x = s.players[o].chaos[src.ci];
  if (x === null || !x.faceUp) return null;
  return auras === null ? s.cards[x.card].rings : currentRings(s, o, "chaos", src.ci, auras);
}

function cmp(a: number, op: "lt" | "le" | "eq" | "ge" | "gt", b: number): boolean {
  switch (op) {
    case "lt":
      return a < b;
    case "le":
      return a <= b;
    case "eq":
      return a === b;
    case "ge":
      return a >= b;
    default:
      return a > b;
  }
}

/**
 * Does a slot match a selector, seen from the effect's controller (RULES.md §6 targets)?
 * Face-down cards only match selectors without identity filters (color,
 * trait, title, rings), so targeting never reveals a hidden card. The
 * effect's own card never matches a selector (use the target "self").
 * Cards protected from effects never match the opponent's selectors.
 */
export function selectorMatches(s: GameState, src: Src, sel: Selector, tp: Player, trow: Row, tci: number, slot: Slot, auras?: Auras): boolean {
  if (!staticMatch(s, src, sel, tp, trow, tci, slot)) return false;
  return !needsAuras(src, sel, tp) || auraMatch(s, src, sel, tp, trow, tci, auras ?? activeAuras(s));
}

/** The selector's tests that do not depend on continuous effects (everything but protection and current rings). */
function staticMatch(s: GameState, src: Src, sel: Selector, tp: Player, trow: Row, tci: number, slot: Slot): boolean {
  if (slot.card === src.card) return false;
  if (sel.owner === "you" ? tp !== src.p : sel.owner === "opponent" ? tp === src.p : false) return false;
  if (sel.row !== "any" && sel.row !== trow) return false;
  if (sel.position === "same-column" && tci !== src.ci) return false;
  if (sel.position === "adjacent" && !isAdjacent(src.p, src.row, src.ci, tp, trow, tci)) return false;
  if (sel.position === "adjacent-columns" && tci !== src.ci - 1 && tci !== src.ci + 1) return false;
  if (sel.position === "battled" && slot.card !== (src.other ?? -1)) return false;
  if (sel.face === "up" ? !slot.faceUp : sel.face === "down" ? slot.faceUp : false) return false;
  const hasIdentityFilter = sel.colors || sel.traits || sel.titles || sel.rings || sel.allTraits || sel.not;
  if (!hasIdentityFilter) return true;
  if (!slot.faceUp) return false;
  const d = s.cards[slot.card];
  if (sel.colors && !sel.colors.includes(slot.color as Color)) return false;
  if (sel.traits && !sel.traits.some((t) => d.traits.includes(t))) return false;
  if (sel.allTraits && !sel.allTraits.every((t) => d.traits.includes(t))) return false;
  if (sel.titles && !sel.titles.includes(d.title)) return false;
  const x = sel.not;
  if (x && ((x.colors && x.colors.includes(slot.color as Color)) || (x.traits && x.traits.some((t) => d.traits.includes(t))) || (x.titles && x.titles.includes(d.title)))) return false;
  if (sel.rings && sel.rings.of === "printed") {
    const other = sel.rings.value === "self" ? s.cards[src.card].rings : sel.rings.value === "opposing" ? opposingRings(s, src, null) : sel.rings.value;
    if (other === null || !cmp(d.rings, sel.rings.op, other)) return false;
  }
  return true;
}

/** Does the rest of the match read continuous effects: protection of an opposing card, or current rings? */
function needsAuras(src: Src, sel: Selector, tp: Player): boolean {
  return tp !== src.p || sel.rings?.of === "current";
}

/** The selector's tests that read continuous effects, for a slot that passed {@link staticMatch}. */
function auraMatch(s: GameState, src: Src, sel: Selector, tp: Player, trow: Row, tci: number, auras: Auras): boolean {
  if (tp !== src.p && isProtected(s, tp, trow, tci, PROTECT_EFFECTS, auras)) return false;
  if (sel.rings && sel.rings.of === "current") {
    const other = sel.rings.value === "self" ? srcCurrentRings(s, src, auras) : sel.rings.value === "opposing" ? opposingRings(s, src, auras) : sel.rings.value;
    if (other === null || !cmp(currentRings(s, tp, trow, tci, auras), sel.rings.op, other)) return false;
  }
  return true;
}

function srcCurrentRings(s: GameState, src: Src, auras?: Auras): number {
  const slot = rowOf(s, src.p, src.row)[src.ci];
  if (slot && slot.card === src.card) return currentRings(s, src.p, src.row, src.ci, auras);
  return s.cards[src.card].rings;
}

/** Every slot matching a selector, in a fixed order (controller's rows first, chaos then spare, columns 1–5). */
export function selectorTargets(s: GameState, src: Src, sel: Selector): SlotRef[] {
  const out: SlotRef[] = [];
  // Continuous effects in force are computed once, and only when a slot passes the other tests.
  let auras: Auras | undefined;
  for (let i = 0; i < 2; i++) {
    const tp = (i === 0 ? src.p : 1 - src.p) as Player;
    for (const row of ROWS) {
      const r = rowOf(s, tp, row);
      for (let ci = 0; ci < 5; ci++) {
        const slot = r[ci];
        if (!slot || !staticMatch(s, src, sel, tp, row, ci, slot)) continue;
        if (needsAuras(src, sel, tp) && !auraMatch(s, src, sel, tp, row, ci, (auras ??= activeAuras(s)))) continue;
        out.push(ref(tp, row, ci));
      }
    }
  }
  return out;
}

function zoneSize(s: GameState, p: Player, z: "hand" | "deck" | "discard"): number {
  const pl = s.players[p];
  return z === "hand" ? pl.hand.length : z === "deck" ? pl.deck.length : pl.discard.length;
}

/**
 * Does an effect's condition hold for its card (RULES.md §6 conditions)? Card
 * conditions count face-up cards only (at least `min`, default 1, at most
 * `max`); the others read the emeralds, the lead, zone sizes, this card's row
 * and the turn, and combine with not / allOf / anyOf.
 */
export function conditionHolds(s: GameState, src: Src, c: Condition): boolean {
  if ("where" in c) return cardCondition(s, src, c);
  if ("not" in c) return !conditionHolds(s, src, c.not);
  if ("allOf" in c) return c.allOf.every((x) => conditionHolds(s, src, x));
  if ("anyOf" in c) return c.anyOf.some((x) => conditionHolds(s, src, x));
  if ("emeralds" in c) {
    const d = s.emeralds[src.p] - s.emeralds[1 - src.p];
    return c.emeralds === "fewer" ? d < 0 : c.emeralds === "more" ? d > 0 : d === 0;
  }
  if ("lead" in c) return (s.lead === src.p) === c.lead;
  if ("zone" in c) return cmp(zoneSize(s, (c.who === "you" ? src.p : 1 - src.p) as Player, c.zone), c.op, c.value);
  if ("row" in c) return src.row === c.row;
  return cmp(s.turn, c.turn.op, c.turn.value);
}

type CardCondition = Extract<Condition, { where: unknown }>;

function cardCondition(s: GameState, src: Src, c: CardCondition): boolean {
  const min = c.min ?? 1;
  const max = c.max ?? Infinity;
  // stop counting once the answer is known: at min with no upper bound, past max otherwise
  const n = countFaceUpCards(s, src, c, max === Infinity ? min : max + 1);
  return n >= min && n <= max;
}

type ModifyRings = Extract<EffectAction, { type: "modify-rings" }>;
type Protect = Extract<EffectAction, { type: "protect" }>;
type ScoreRings = Extract<EffectAction, { type: "score-rings" }>;

/** One action of a continuous effect in force, with the card it comes from. */
export interface AuraAction<A> {
  src: Src;
  a: A;
}

/**
 * The continuous effects in force in a state (RULES.md §6 "while face up"),
 * split by kind (continuous effects only modify rings or protect).
 */
export interface Auras {
  modify: AuraAction<ModifyRings>[];
  protect: AuraAction<Protect>[];
  /** Ring changes at the score step (RULES.md §4.4). */
  score: AuraAction<ScoreRings>[];
  /** Bit mask of the players (1 << player) who win tied score steps. */
  ties: number;
}

const NO_AURAS: Auras = { modify: [], protect: [], score: [], ties: 0 };

/**
 * Every continuous effect in force in a state (face-up cards whose condition
 * holds), in a fixed order (player 1's rows first, chaos then spare, columns
 * 1–5). Read-only callers that ask many questions of one state (a player
 * view, a battle) compute it once and pass it on; conditions only look at
 * face-up identities, so the result does not depend on protections or rings.
 */
export function activeAuras(s: GameState): Auras {
  if (!s.continuous) return NO_AURAS;
  let out: Auras | null = null;
  for (let p = 0; p < 2; p++) {
    const pl = s.players[p];
    for (let ri = 0; ri < 2; ri++) {
      const r = ri === 0 ? pl.chaos : pl.spare;
      for (let ci = 0; ci < 5; ci++) {
        const slot = r[ci];
        if (slot === null || !slot.faceUp) continue;
        const e = s.cards[slot.card].effect;
        if (e == null || e.trigger !== "continuous") continue;
        const src: Src = { p: p as Player, row: ROWS[ri], ci, card: slot.card };
        if (e.condition && !conditionHolds(s, src, e.condition)) continue;
        out ??= { modify: [], protect: [], score: [], ties: 0 };
        for (const a of e.actions) {
          if (a.type === "modify-rings") out.modify.push({ src, a });
          else if (a.type === "protect") out.protect.push({ src, a });
          else if (a.type === "score-rings") out.score.push({ src, a });
          else if (a.type === "win-ties") out.ties |= 1 << p;
        }
      }
    }
  }
  return out ?? NO_AURAS;
}

function hits(s: GameState, src: Src, target: "self" | Selector, tp: Player, trow: Row, tci: number, slot: Slot, auras: Auras): boolean {
  if (target === "self") return src.p === tp && src.row === trow && src.ci === tci;
  return selectorMatches(s, src, target, tp, trow, tci, slot, auras);
}

/**
 * Current ring value of a field card (RULES.md §4.3 battle discard): printed
 * value, or a "set" value, plus every "+N/−N" in force (from flip effects on
 * the slot and continuous effects), never below 0.
 */
export function currentRings(s: GameState, p: Player, row: Row, ci: number, auras: Auras = activeAuras(s)): number {
  const slot = rowOf(s, p, row)[ci] as Slot;
  let base = slot.setRings ?? s.cards[slot.card].rings;
  let add = slot.mod;
  if (s.lasting.length > 0) {
    // Modifiers with a duration (v2): a lasting "set" replaces the value before them, their adds count too.
    const [b, a] = lastingRings(s, slot.card, base);
    base = b;
    add += a;
  }
  const m = auras.modify;
  for (let i = 0; i < m.length; i++) {
    const { src, a } = m[i];
    if (!hits(s, src, a.target, p, row, ci, slot, auras)) continue;
    if (a.set !== undefined) base = a.set;
    // "For each" (v2): a continuous amount follows the count as it changes.
    else add += a.forEach ? (a.add ?? 0) * countOf(s, src, a.forEach, 0) : (a.add ?? 0);
  }
  const v = base + add;
  return v < 0 ? 0 : v;
}

/**
 * The rings a face-up card counts at the score step (RULES.md §4.4): printed
 * rings, or a continuous "counts N" (the lowest when several apply), plus
 * every continuous "+N at the score step", never below 0.
 */
export function scoreRings(s: GameState, p: Player, row: Row, ci: number, auras: Auras): number {
  const slot = rowOf(s, p, row)[ci] as Slot;
  let base = s.cards[slot.card].rings;
  let set = Infinity;
  let add = 0;
  const m = auras.score;
  for (let i = 0; i < m.length; i++) {
    const { src, a } = m[i];
    if (!hits(s, src, a.target, p, row, ci, slot, auras)) continue;
    if (a.set !== undefined) set = Math.min(set, a.set);
    else add += a.forEach ? (a.add ?? 0) * countOf(s, src, a.forEach, 0) : (a.add ?? 0);
  }
  if (set !== Infinity) base = set;
  const v = base + add;
  return v < 0 ? 0 : v;
}

const ALL_PROTECT = PROTECT_COPY | PROTECT_BATTLE | PROTECT_EFFECTS;

/**
 * The protections in force on a field card (RULES.md §6 protect): a bit mask
 * of PROTECT_COPY, PROTECT_BATTLE and PROTECT_EFFECTS, from its own slot
 * (flip effects) and every continuous effect in force.
 */
export function protectionMask(s: GameState, p: Player, row: Row, ci: number, auras: Auras = activeAuras(s)): number {
  const slot = rowOf(s, p, row)[ci] as Slot;
  let bits = slot.protect;
  if (s.lasting.length > 0) bits |= lastingProtect(s, slot.card);
  const pr = auras.protect;
  for (let i = 0; i < pr.length && bits !== ALL_PROTECT; i++) {
    const { src, a } = pr[i];
    let want = 0;
    for (const f of a.from) want |= PROTECT_BITS[f];
    if ((want & ~bits) === 0) continue;
    // Avoid recursion: continuous protection from effects is matched without re-checking protection.
    if (a.target === "self" ? src.p === p && src.row === row && src.ci === ci : plainMatch(s, src, a.target, p, row, ci, slot)) bits |= want;
  }
  return bits;
}

/** Is a field card protected from copy discard, battle discard or effects (RULES.md §6 protect)? */
export function isProtected(s: GameState, p: Player, row: Row, ci: number, bit: number, auras?: Auras): boolean {
  const slot = rowOf(s, p, row)[ci] as Slot;
  if (slot.protect & bit) return true;
  return (protectionMask(s, p, row, ci, auras ?? activeAuras(s)) & bit) !== 0;
}

function plainMatch(s: GameState, src: Src, sel: Selector, tp: Player, trow: Row, tci: number, slot: Slot): boolean {
  if (!staticMatch(s, src, sel, tp, trow, tci, slot)) return false;
  // A "current rings" test is read on printed rings here (no continuous effect is consulted).
  if (sel.rings && sel.rings.of === "current") {
    const other = sel.rings.value === "self" ? s.cards[src.card].rings : sel.rings.value === "opposing" ? opposingRings(s, src, null) : sel.rings.value;
    if (other === null || !cmp(s.cards[slot.card].rings, sel.rings.op, other)) return false;
  }
  return true;
}

/** Human text of an effect action, for prompts and logs. */
export function describeAction(a: EffectAction): string {
  switch (a.type) {
    case "draw":
      return `${a.who === "you" ? "draw" : "your opponent draws"} ${a.count}${each(a)}`;
    case "modify-rings":
      return `${a.set !== undefined ? `set rings to ${a.set}` : `${(a.add ?? 0) >= 0 ? "+" : ""}${a.add} rings`}${each(a)}${a.until ? ` ${describeDuration(a.until)}` : ""}`;
    case "protect":
      return `protect from ${a.from.join(", ")}${a.until ? ` ${describeDuration(a.until)}` : ""}`;
    case "change-color":
      return a.color === "choose" ? "change active color" : `change active color to ${a.color}`;
    case "flip-up":
      return a.asRush ? "flip face up as a rush flip" : "flip face up";
    case "next-flip":
      return a.who === "you" ? "you flip again next (an extra flip)" : "your opponent flips next";
    case "rush-rule": {
      const what = { "ignore-column-rule": "you ignore the column rule", "no-copy-discards": "no copy discards", "lower-discarded": "in battles the lower card is discarded", "any-color": "this card battles any color" }[a.rule];
      const until = a.until === "rush" ? "until the end of the rush" : a.until === "turn" ? "until the end of the turn" : "while this card is on the field";
      return `${what} ${until}`;
    }
    case "return-to-hand":
      return "return to hand";
    case "score-rings":
      return a.set !== undefined ? `count ${a.set} rings at the score step` : `${(a.add ?? 0) >= 0 ? "+" : ""}${a.add} rings at the score step${each(a)}`;
    case "emerald": {
      const n = Math.abs(a.add);
      const what = `${n} Chaos Emerald${n === 1 ? "" : "s"}`;
      return a.who === "you" ? `${a.add > 0 ? "gain" : "lose"} ${what}` : `your opponent ${a.add > 0 ? "gains" : "loses"} ${what}`;
    }
    case "win-ties":
      return "win the emerald when the score step is tied";
    case "turn-face-down":
      return "turn face down";
    case "move":
      return "move to the other row of its column";
    case "swap":
      return "swap places with this card";
    case "put":
      return `put 1 card from your ${a.from === "discard" ? "discard pile" : a.from === "deck" ? "deck (the top card)" : "hand"} face down into an empty slot of your chaos row`;
    case "recover":
      return `return up to ${a.count} card${a.count === 1 && !a.forEach ? "" : "s"}${each(a)} from your discard pile to your hand`;
    case "look-deck": {
      const what = a.count === 1 ? "the top card of your deck" : `the top ${a.count} cards of your deck`;
      const back = a.order === "same" ? "" : a.order === "any" ? (a.count === 1 ? "" : ", then put them back in any order") : a.count === 1 ? ", then put it back on top or at the bottom" : ", then put any of them at the bottom and the rest back on top in any order";
      return `look at ${what}${back}`;
    }
    case "look-hand":
      return "look at your opponent's hand";
    case "hand-discard":
      return `${a.who === "you" ? "discard" : "your opponent discards"} ${a.count} card${a.count === 1 && !a.forEach ? "" : "s"}${each(a)} from ${a.who === "you" ? "your" : "their"} hand ${a.pick === "random" ? "at random" : `of ${a.who === "you" ? "your" : "their"} choice`}`;
    default:
      return a.type;
  }
}

/** " for each …" of an action with a "for each" count (v2 sequencing), else "". */
function each(a: EffectAction): string {
  return a.forEach ? ` ${describeCount(a.forEach)}` : "";
}

function srcOf(f: Frame): Src {
  return { p: f.player, row: f.row, ci: f.column, card: f.card, other: f.other };
}

/** The controller's "you may" answer (RULES.md §6 optional). */
export function answerOptional(s: GameState, yes: boolean, ev: GameEvent[] | null): void {
  const f = s.stack[s.stack.length - 1];
  if (yes) f.started = true;
  else {
    // Declining ends the effect step: only a rush flip goes on to copy and battle discards (RULES.md §4.3).
    f.stage = f.full ? "copy" : "done";
    if (ev)
      ev.push({ type: "effect", player: f.player, cards: [f.card], message: `${pname(f.player)} chose not to use the effect of ${label(s, f.card)}.` });
  }
}

/**
 * Run (or resume) the "when flipped" effect of the frame on top of the stack
 * (RULES.md §4.3 step 2, §6). Returns true when the effect is finished, false
 * when it waits for a pending decision or a nested flip.
 */
export function runFlipEffect(s: GameState, f: Frame, ev: GameEvent[] | null): boolean {
  const e = s.cards[f.card].effect;
  if (!e || e.trigger !== f.trigger) return true;
  const src = srcOf(f);
  if (!f.started) {
    if (f.trigger !== "flip") {
      if (!triggerCardPresent(s, f.trigger, f.player, f.row, f.column, f.card)) {
        if (ev)
          ev.push({ type: "effect", player: f.player, cards: [f.card], message: `${TRIGGER_WORDS[f.trigger]} (${label(s, f.card)}): the card has left the field, so nothing happens.` });
        return true;
      }
      if (ev) ev.push({ type: "effect", player: f.player, cards: [f.card], message: `${TRIGGER_WORDS[f.trigger]} (${pname(f.player)}'s ${label(s, f.card)}): its effect triggers.` });
    }
    if (e.condition && !conditionHolds(s, src, e.condition)) {
      if (ev)
        ev.push({ type: "effect", player: f.player, cards: [f.card], message: `The effect of ${label(s, f.card)} does not apply: its condition is not met.` });
      return true;
    }
    // Costs (v2): an effect whose cost cannot be paid in full now does not resolve (nor ask "you may").
    const cost = isSequenced(e) && e.actions[0].cost === true;
    if (cost && !costPayable(s, src, e.actions)) {
      if (ev)
        ev.push({ type: "effect", player: f.player, cards: [f.card], message: `The effect of ${label(s, f.card)} does not resolve: its cost (${costWords(e.actions)}) cannot be paid.` });
      return true;
    }
    if (e.optional) {
      s.pending = {
        kind: "optional",
        player: f.player,
        slot: ref(f.player, f.row, f.column),
        card: f.card,
        prompt: cost
          ? `Pay the cost of ${label(s, f.card)} (${costWords(e.actions)}) to ${e.actions.filter((a) => !a.cost).map(describeAction).join(", then ")}?`
          : `Use the effect of ${label(s, f.card)} (${e.actions.map(describeAction).join(", then ")})?`,
      };
      return false;
    }
    f.started = true;
  }
  const seq = isSequenced(e);
  while (f.ai < e.actions.length) {
    // An emerald gained by an earlier action may have ended the game.
    if (s.winner !== null) return true;
    const a = e.actions[f.ai];
    if (!seq) {
      // No cost, "if you do" or "for each": the plain loop.
      const r = execAction(s, f, srcOf(f), a, ev);
      if (r !== "next") return false;
      nextAction(f);
      continue;
    }
    if (f.amt < 0) {
      // The action starts (v2 sequencing): "if you do" needs the previous action to have happened; "for each" fixes the amount now.
      if (a.ifDone && f.last === 0) {
        if (ev) ev.push({ type: "effect", player: f.player, cards: [f.card], message: `The effect of ${label(s, f.card)}: the previous action did not happen, so "${describeAction(a)}" does not either.` });
        nextAction(f);
        continue;
      }
      f.amt = a.forEach ? (a.type === "modify-rings" || a.type === "score-rings" ? (a.add ?? 0) : (a as { count: number }).count) * countOf(s, srcOf(f), a.forEach, f.last) : 0;
      if (a.forEach && f.amt === 0) {
        if (ev) ev.push({ type: "effect", player: f.player, cards: [f.card], message: `The effect of ${label(s, f.card)}: "${describeAction(a)}" comes to 0, so nothing happens.` });
        nextAction(f);
        continue;
      }
    }
    // Re-read the card's position: a move or swap may have relocated it.
    const r = execAction(s, f, srcOf(f), a, ev);
    if (r !== "next") return false;
    if (a.cost && f.done < costNeed(a)) {
      // A cost that could not be paid in full (a triggered effect took what was to pay it): the rest does not resolve.
      if (ev) ev.push({ type: "effect", player: f.player, cards: [f.card], message: `The cost of ${label(s, f.card)} (${describeAction(a)}) was not paid in full, so the rest of its effect does not resolve.` });
      return true;
    }
    nextAction(f);
  }
  return true;
}

/** The frame moves on to its next action: what this one did becomes "the previous action" (v2 sequencing). */
function nextAction(f: Frame): void {
  f.ai++;
  f.picked = [];
  f.last = f.done;
  f.done = 0;
  f.amt = -1;
}

/** The words of an effect's costs. */
function costWords(actions: readonly EffectAction[]): string {
  return actions.filter((a) => a.cost).map(describeAction).join(", ");
}

/**
 * Can every cost of an effect be paid in full now (v2)? "This card": it is
 * face up on the field (or, to return it to hand, in its discard pile);
 * a selector: it has at least `count` matches; a hand discard: enough cards
 * in hand; an emerald: enough Chaos Emeralds. Each cost is judged alone.
 */
function costPayable(s: GameState, src: Src, actions: readonly EffectAction[]): boolean {
  for (const a of actions) {
    if (!a.cost) break;
    if (a.type === "hand-discard") {
      if (s.players[src.p].hand.length < a.count) return false;
    } else if (a.type === "emerald") {
      if (s.emeralds[src.p] < -a.add) return false;
    } else if ("target" in a) {
      if (a.target === "self") {
        const x = rowOf(s, src.p, src.row)[src.ci];
        const here = x !== null && x.card === src.card && x.faceUp && (a.type !== "turn-face-down" || (src.row === "chaos" && x.downed !== s.turn));
        if (!here && !(a.type === "return-to-hand" && s.players[src.p].discard.includes(src.card))) return false;
      } else if (actionTargets(s, src, a, a.target).length < costNeed(a)) return false;
    }
  }
  return true;
}

/** Answer a target decision: apply the current action to the chosen slot (RULES.md §6 "up to N"). */
export function answerTarget(s: GameState, t: SlotRef, ev: GameEvent[] | null): void {
  const f = s.stack[s.stack.length - 1];
  const a = (s.cards[f.card].effect as { actions: EffectAction[] }).actions[f.ai];
  if (a.type === "put") {
    putCard(s, f, a.from, t.column - 1, ev);
    return;
  }
  const slot = rowOf(s, t.player, t.row)[t.column - 1] as Slot;
  f.picked.push(slot.card);
  if (applyTo(s, f, srcOf(f), a, t.player, t.row, t.column - 1, ev)) f.done++;
}

/** Pass on a target decision: no more targets for this action. */
export function stopTargets(s: GameState): void {
  nextAction(s.stack[s.stack.length - 1]);
}

/** Answer a color chosen for a change-color effect. */
export function answerEffectColor(s: GameState, c: Color, ev: GameEvent[] | null): void {
  const f = s.stack[s.stack.length - 1];
  const t = f.sub as SlotRef;
  f.sub = null;
  const slot = rowOf(s, t.player, t.row)[t.column - 1];
  if (!slot) return;
  slot.color = c;
  if (ev)
    ev.push({ type: "color", player: t.player, cards: [slot.card], message: `The effect of ${label(s, f.card)} changed the active color of ${label(s, slot.card, c)} to ${c}.` });
}

function execAction(s: GameState, f: Frame, src: Src, a: EffectAction, ev: GameEvent[] | null): "next" | "wait" | "yield" {
  if (a.type === "draw") {
    const who = (a.who === "you" ? f.player : 1 - f.player) as Player;
    f.done += drawCards(s, who, a.forEach ? f.amt : a.count, ev, ev ? `effect of ${label(s, f.card)}` : "", "effect");
    return "next";
  }
  if (a.type === "emerald") {
    f.done += gainEmeralds(s, (a.who === "you" ? f.player : 1 - f.player) as Player, a.add, ev, ev ? `the effect of ${label(s, f.card)}` : "");
    return "next";
  }
  if (a.type === "win-ties") return "next";
  if (a.type === "next-flip") {
    f.done = 1;
    s.next = (a.who === "you" ? f.player : 1 - f.player) as Player;
    if (ev) ev.push({ type: "effect", player: f.player, cards: [f.card], message: `The effect of ${label(s, f.card)}: ${pname(s.next)} flips next.` });
    return "next";
  }
  if (a.type === "rush-rule") {
    f.done = 1;
    s.lasting = [...s.lasting, { player: f.player, rule: a.rule, card: f.card, until: a.until }];
    if (ev) ev.push({ type: "effect", player: f.player, cards: [f.card], message: `The effect of ${label(s, f.card)}: ${describeAction(a)}.` });
    return "next";
  }
  if (a.type === "hand-discard") return handDiscard(s, f, a, ev);
  if (a.type === "recover") return recover(s, f, a, ev);
  if (a.type === "put") return put(s, f, a, ev);
  if (a.type === "look-deck") return lookDeck(s, f, a, ev);
  if (a.type === "look-hand") return lookHand(s, f, ev);
  const before = s.stack.length;
  if (a.target === "self") {
    if (f.picked.length > 0) return "next";
    f.picked.push(src.card);
    const slot = rowOf(s, src.p, src.row)[src.ci];
    if (slot && slot.card === src.card) {
      if (applyTo(s, f, src, a, src.p, src.row, src.ci, ev)) f.done++;
    }
    // "Return this card to your hand" from the discard pile (a "when discarded" effect).
    else if (a.type === "return-to-hand" && returnFromDiscard(s, f, f.card, ev)) f.done++;
    return s.pending ? "wait" : s.stack.length > before ? "yield" : "next";
  }
  const sel = a.target;
  if (sel.count === "all") {
    // Targets are affected in slot order; nested flips are stacked in reverse so they also resolve in slot order.
    const targets = actionTargets(s, src, a, sel);
    if (a.type === "flip-up") targets.reverse();
    for (const t of targets) if (applyTo(s, f, src, a, t.player, t.row, t.column - 1, ev)) f.done++;
    if (targets.length === 0 && ev)
      ev.push({ type: "effect", player: f.player, cards: [f.card], message: `The effect of ${label(s, f.card)} (${describeAction(a)}) found no target.` });
    // Nested flips (flip-up "all") resolve before the rest of this effect.
    if (s.stack.length > before) {
      nextAction(f);
      return "yield";
    }
    return "next";
  }
  for (;;) {
    if (f.picked.length >= sel.count) return "next";
    const options = actionTargets(s, src, a, sel).filter((t) => !f.picked.includes((rowOf(s, t.player, t.row)[t.column - 1] as Slot).card));
    if (options.length === 0) {
      if (f.picked.length === 0 && ev)
        ev.push({ type: "effect", player: f.player, cards: [f.card], message: `The effect of ${label(s, f.card)} (${describeAction(a)}) found no target.` });
      return "next";
    }
    if (sel.pick === "random") {
      // A random pick uses the game's PRNG: the same seed and actions give the same pick.
      const t = options[nextInt(s, options.length)];
      const x = rowOf(s, t.player, t.row)[t.column - 1] as Slot;
      f.picked.push(x.card);
      if (ev)
        ev.push({ type: "effect", player: f.player, cards: x.faceUp ? [x.card] : [], column: t.column, message: `The effect of ${label(s, f.card)} picked ${pname(t.player)}'s ${x.faceUp ? label(s, x.card, x.color) : "face-down card"} (${t.row} row, column ${t.column}) at random.` });
      const depth = s.stack.length;
      if (applyTo(s, f, src, a, t.player, t.row, t.column - 1, ev)) f.done++;
      if (s.pending) return "wait";
      if (s.stack.length > depth) return "yield";
      continue;
    }
    const byOpponent = sel.pick === "opponent";
    s.pending = {
      kind: "target",
      player: (byOpponent ? 1 - f.player : f.player) as Player,
      slot: ref(f.player, f.row, f.column),
      options,
      // A cost (v2) is paid in full: no pass.
      ...(byOpponent ? { required: true } : a.cost ? { required: true, cost: true } : {}),
      prompt: byOpponent
        ? `${label(s, f.card)} (${pname(f.player)}'s): choose a card to ${describeAction(a)} (${sel.count - f.picked.length} more).`
        : a.cost
          ? `${label(s, f.card)}: choose a card to ${describeAction(a)}, as its cost (${sel.count - f.picked.length} more).`
          : `${label(s, f.card)}: choose a card to ${describeAction(a)} (up to ${sel.count - f.picked.length} more), or pass.`,
    };
    return "wait";
  }
}

/**
 * The slots an action may affect: its selector's matches, except that a color
 * change affects face-up cards only (a face-down card has no active color
 * until its owner turns it face up, docs/rules.md).
 */
function actionTargets(s: GameState, src: Src, a: EffectAction, sel: Selector): SlotRef[] {
  const t = selectorTargets(s, src, sel);
  switch (a.type) {
    case "change-color":
      return sel.face === "up" ? t : t.filter((r) => (rowOf(s, r.player, r.row)[r.column - 1] as Slot).faceUp);
    case "turn-face-down":
      return t.filter((r) => {
        const x = rowOf(s, r.player, r.row)[r.column - 1] as Slot;
        return r.row === "chaos" && x.faceUp && x.downed !== s.turn;
      });
    case "move":
      return t.filter((r) => canMove(s, r.player, r.row, r.column - 1));
    case "swap":
      return t.filter((r) => r.player === src.p && canSwap(s, src, r.row, r.column - 1));
    default:
      return t;
  }
}

/** Can a field card move to the other row of its column (empty; face-down cards stay in the chaos row; into the chaos row only during the rush)? */
function canMove(s: GameState, p: Player, row: Row, ci: number): boolean {
  const other: Row = row === "chaos" ? "spare" : "chaos";
  if (rowOf(s, p, other)[ci] !== null) return false;
  if (other === "spare") return (rowOf(s, p, row)[ci] as Slot).faceUp;
  return s.step === "rush";
}

/** Can this card swap with its owner's card at (row, ci) (a face-down card never ends in the spare row)? */
function canSwap(s: GameState, src: Src, row: Row, ci: number): boolean {
  const mine = rowOf(s, src.p, src.row)[src.ci];
  const other = rowOf(s, src.p, row)[ci];
  if (!mine || mine.card !== src.card || !other) return false;
  if (row === "spare" && !mine.faceUp) return false;
  if (src.row === "spare" && !other.faceUp) return false;
  return row !== src.row || ci !== src.ci;
}

/** Frames of a card that moved follow it (their discards happen where it now is). */
function relocate(s: GameState, card: number, row: Row, ci: number): void {
  for (const f of s.stack)
    if (f.card === card) {
      f.row = row;
      f.column = ci;
    }
}

type HandDiscard = Extract<EffectAction, { type: "hand-discard" }>;
type Recover = Extract<EffectAction, { type: "recover" }>;
type Put = Extract<EffectAction, { type: "put" }>;

/** Cards of a zone as options, in instance-id order (independent of the order they reached the zone). */
function byId(ids: readonly number[]): number[] {
  return ids.slice().sort((x, y) => x - y);
}

function noEffect(s: GameState, f: Frame, why: string, ev: GameEvent[] | null): "next" {
  if (ev) ev.push({ type: "effect", player: f.player, cards: [f.card], message: `The effect of ${label(s, f.card)}: ${why}.` });
  return "next";
}

/** A player discards cards from their hand (v2): at random (the game's PRNG) or chosen by that player. */
function handDiscard(s: GameState, f: Frame, a: HandDiscard, ev: GameEvent[] | null): "next" | "wait" {
  const who = (a.who === "you" ? f.player : 1 - f.player) as Player;
  const pl = s.players[who];
  const count = a.forEach ? f.amt : a.count;
  if (a.pick === "owner") {
    if (f.picked.length >= count || pl.hand.length === 0) return f.picked.length === 0 ? noEffect(s, f, `${pname(who)} has no card in hand to discard`, ev) : "next";
    s.pending = {
      kind: "card",
      player: who,
      slot: ref(f.player, f.row, f.column),
      options: byId(pl.hand),
      zone: "hand",
      purpose: "hand-discard",
      required: true,
      ...(a.cost ? { cost: true } : {}),
      prompt: `${label(s, f.card)} (${pname(f.player)}'s): choose a card of your hand to discard${a.cost ? " as its cost" : ""} (${count - f.picked.length} more).`,
    };
    return "wait";
  }
  if (pl.hand.length === 0) return noEffect(s, f, `${pname(who)} has no card in hand to discard`, ev);
  const gone: number[] = [];
  for (let i = 0; i < count && pl.hand.length > 0; i++) {
    // Uniform over the hand in id order, so the pick does not depend on the order cards reached the hand.
    const h = byId(pl.hand);
    const id = h[nextInt(s, h.length)];
    pl.hand.splice(pl.hand.indexOf(id), 1);
    pl.discard.push(id);
    forgetCard(s, id);
    gone.push(id);
  }
  f.done += gone.length;
  if (ev)
    ev.push({ type: "discard", player: who, cards: gone, cause: "effect", message: `${pname(who)} discarded ${gone.map((c) => label(s, c)).join(", ")} from their hand at random (the effect of ${label(s, f.card)}).` });
  return "next";
}

/** Return up to N cards of the controller's choice from their discard pile to their hand (v2). */
function recover(s: GameState, f: Frame, a: Recover, ev: GameEvent[] | null): "next" | "wait" {
  const pl = s.players[f.player];
  const count = a.forEach ? f.amt : a.count;
  if (f.picked.length >= count) return "next";
  if (pl.discard.length === 0) return f.picked.length === 0 ? noEffect(s, f, "the discard pile is empty", ev) : "next";
  s.pending = {
    kind: "card",
    player: f.player,
    slot: ref(f.player, f.row, f.column),
    options: byId(pl.discard),
    zone: "discard",
    purpose: "recover",
    required: false,
    prompt: `${label(s, f.card)}: choose a card of your discard pile to return to your hand (up to ${count - f.picked.length} more), or pass.`,
  };
  return "wait";
}

/** Move a card from its owner's discard pile to their hand (a public event: the pile is public); false when it is not there. */
function returnFromDiscard(s: GameState, f: Frame, id: number, ev: GameEvent[] | null): boolean {
  const p = s.owner[id];
  const pile = s.players[p].discard;
  const k = pile.indexOf(id);
  if (k < 0) return false;
  pile.splice(k, 1);
  s.players[p].hand.push(id);
  if (ev) ev.push({ type: "return", player: p, cards: [id], cause: "effect", message: `${pname(p)}'s ${label(s, id)} returned from the discard pile to their hand (the effect of ${label(s, f.card)}).` });
  return true;
}

/**
 * Put 1 card face down into an empty chaos slot of the controller (v2): first
 * the card (chosen from hand or discard pile; the deck's top card), then the
 * slot (chosen when there are several). Only during the rush.
 */
function put(s: GameState, f: Frame, a: Put, ev: GameEvent[] | null): "next" | "wait" {
  if (f.picked.length >= 2) return "next";
  if (s.step !== "rush") return noEffect(s, f, "cards are put onto the field only during the rush", ev);
  const pl = s.players[f.player];
  const free: SlotRef[] = [];
  for (let ci = 0; ci < 5; ci++) if (pl.chaos[ci] === null) free.push(ref(f.player, "chaos", ci));
  if (free.length === 0) return noEffect(s, f, "no empty chaos slot to put a card into", ev);
  if (f.picked.length === 0) {
    const zone = a.from === "hand" ? pl.hand : a.from === "deck" ? pl.deck : pl.discard;
    if (zone.length === 0) return noEffect(s, f, `no card in the ${a.from === "discard" ? "discard pile" : a.from} to put onto the field`, ev);
    if (a.from === "deck") f.picked.push(pl.deck[0]);
    else {
      s.pending = {
        kind: "card",
        player: f.player,
        slot: ref(f.player, f.row, f.column),
        options: byId(zone),
        zone: a.from,
        purpose: "put",
        required: false,
        prompt: `${label(s, f.card)}: choose a card of your ${a.from === "hand" ? "hand" : "discard pile"} to put face down into your chaos row, or pass.`,
      };
      return "wait";
    }
  }
  if (free.length === 1) {
    putCard(s, f, a.from, free[0].column - 1, ev);
    return "next";
  }
  s.pending = { kind: "target", player: f.player, slot: ref(f.player, f.row, f.column), options: free, required: true, prompt: `${label(s, f.card)}: choose an empty chaos slot for the card.` };
  return "wait";
}

function putCard(s: GameState, f: Frame, from: Put["from"], ci: number, ev: GameEvent[] | null): void {
  const pl = s.players[f.player];
  const id = f.picked[0];
  const zone = from === "hand" ? pl.hand : from === "deck" ? pl.deck : pl.discard;
  zone.splice(zone.indexOf(id), 1);
  // Taken face down from the hand, the hand is mixed for the opponent; taken from the deck, the card is no longer there (rules/seen.ts).
  if (from === "hand") mixHand(s, f.player);
  else if (from === "deck") forgetCard(s, id);
  // A card from the (public) discard pile is known to both players; from hand or deck, only to its owner.
  pl.chaos[ci] = { card: id, faceUp: false, color: null, mod: 0, setRings: null, protect: 0, peek: from === "discard" ? 3 : 0, downed: 0 };
  f.picked.push(-1);
  f.done = 1;
  if (ev)
    ev.push({
      type: "move",
      player: f.player,
      cards: [id],
      column: ci + 1,
      row: "chaos",
      cause: "effect",
      ...(from === "discard" ? {} : { private: true, publicMessage: `${pname(f.player)} put a card from their ${from} face down into their chaos row, column ${ci + 1} (the effect of ${label(s, f.card)}).` }),
      message: `${pname(f.player)} put ${label(s, id)} from their ${from === "discard" ? "discard pile" : from} face down into their chaos row, column ${ci + 1} (the effect of ${label(s, f.card)}).`,
    });
}

type LookDeck = Extract<EffectAction, { type: "look-deck" }>;

/** Markers in `Frame.picked[0]` of a look-deck action: the cards looked at follow, still to be put back. */
const TO_BOTTOM = -1;
const TO_TOP = -2;

/**
 * Look at the top N cards of the controller's deck (v2): they are known to the
 * controller (rules/seen.ts); then, for "any" and "any-or-bottom", put back one
 * at a time by `card` decisions: first any to the bottom (`pass` ends that),
 * then the next card for the top, the first chosen being the top card.
 * While being put back the cards stay on the deck (card conservation): the
 * ones still to place are one block right under those already put on top.
 */
function lookDeck(s: GameState, f: Frame, a: LookDeck, ev: GameEvent[] | null): "next" | "wait" {
  const pl = s.players[f.player];
  if (f.picked.length === 0) {
    const n = Math.min(a.count, pl.deck.length);
    if (n === 0) return noEffect(s, f, "the deck is empty, there is no card to look at", ev);
    const ids = pl.deck.slice(0, n);
    learnDeck(s, f.player, ids);
    // What it did, for an "if you do" after it (v2 sequencing): the cards looked at.
    f.done = n;
    if (ev)
      ev.push({
        type: "peek",
        player: f.player,
        cards: ids,
        private: true,
        message: `${pname(f.player)} looked at the top ${n === 1 ? "card" : `${n} cards`} of their deck: ${ids.map((c) => label(s, c)).join(", ")} (the effect of ${label(s, f.card)}).`,
        publicMessage: `${pname(f.player)} looked at the top ${n === 1 ? "card" : `${n} cards`} of their deck (the effect of ${label(s, f.card)}).`,
      });
    if (a.order === "same" || (a.order === "any" && n === 1)) return "next";
    f.picked = [a.order === "any-or-bottom" ? TO_BOTTOM : TO_TOP, ...ids];
  }
  const rest = f.picked.slice(1);
  const toTop = f.picked[0] === TO_TOP;
  // The last card for the top needs no choice: it is already in its place.
  if (rest.length === 0 || (toTop && rest.length === 1)) return "next";
  s.pending = {
    kind: "card",
    player: f.player,
    slot: ref(f.player, f.row, f.column),
    options: rest,
    zone: "deck",
    purpose: toTop ? "deck-top" : "deck-bottom",
    required: toTop,
    prompt: toTop
      ? `${label(s, f.card)}: choose the next card to put back on top of your deck (the first you choose is the top card).`
      : `${label(s, f.card)}: choose a card to put at the bottom of your deck, or pass to put the rest back on top.`,
  };
  return "wait";
}

/** Put a looked-at card back (a deck-top or deck-bottom decision). */
function arrangeCard(s: GameState, f: Frame, id: number, ev: GameEvent[] | null): void {
  const deck = s.players[f.player].deck;
  const rest = f.picked.slice(1);
  const toTop = f.picked[0] === TO_TOP;
  // The block still to place starts right under the cards already put on top.
  let at = deck.length;
  for (const x of rest) at = Math.min(at, deck.indexOf(x));
  deck.splice(deck.indexOf(id), 1);
  if (toTop) deck.splice(at, 0, id);
  else deck.push(id);
  f.picked = [f.picked[0], ...rest.filter((x) => x !== id)];
  if (ev)
    ev.push({
      type: "move",
      player: f.player,
      cards: [id],
      cause: "effect",
      private: true,
      message: toTop
        ? `${pname(f.player)} put ${label(s, id)} back on their deck, ${at === 0 ? "as the top card" : `card ${at + 1} from the top`} (the effect of ${label(s, f.card)}).`
        : `${pname(f.player)} put ${label(s, id)} at the bottom of their deck (the effect of ${label(s, f.card)}).`,
      publicMessage: toTop
        ? `${pname(f.player)} put a card back on their deck (the effect of ${label(s, f.card)}).`
        : `${pname(f.player)} put a card at the bottom of their deck (the effect of ${label(s, f.card)}).`,
    });
}

/** Pass on a deck-bottom decision: the rest of the looked-at cards go back on top, in an order chosen next. */
export function endBottom(s: GameState): void {
  const f = s.stack[s.stack.length - 1];
  f.picked = [TO_TOP, ...f.picked.slice(1)];
}

/** Look at the opponent's hand (v2): the controller knows those cards while they stay there (rules/seen.ts). */
function lookHand(s: GameState, f: Frame, ev: GameEvent[] | null): "next" {
  const o = (1 - f.player) as Player;
  const hand = byId(s.players[o].hand);
  if (hand.length === 0) return noEffect(s, f, `${pname(o)} has no card in hand to look at`, ev);
  learnHand(s, f.player, hand);
  f.done = hand.length;
  if (ev)
    ev.push({
      type: "peek",
      player: f.player,
      cards: hand,
      private: true,
      message: `${pname(f.player)} looked at ${pname(o)}'s hand: ${hand.map((c) => label(s, c)).join(", ")} (the effect of ${label(s, f.card)}).`,
      publicMessage: `${pname(f.player)} looked at ${pname(o)}'s hand (${hand.length} card${hand.length === 1 ? "" : "s"}; the effect of ${label(s, f.card)}).`,
    });
  return "next";
}

/** Answer a card decision (v2): recover it, discard it from hand, or take it as the card to put onto the field. */
export function answerCard(s: GameState, id: number, ev: GameEvent[] | null): void {
  const f = s.stack[s.stack.length - 1];
  const a = (s.cards[f.card].effect as { actions: EffectAction[] }).actions[f.ai];
  if (a.type === "look-deck") {
    arrangeCard(s, f, id, ev);
    return;
  }
  f.picked.push(id);
  f.done++;
  if (a.type === "recover") returnFromDiscard(s, f, id, ev);
  else if (a.type === "hand-discard") {
    const p = s.owner[id];
    const h = s.players[p].hand;
    h.splice(h.indexOf(id), 1);
    s.players[p].discard.push(id);
    forgetCard(s, id);
    if (ev) ev.push({ type: "discard", player: p, cards: [id], cause: "effect", message: `${pname(p)} discarded ${label(s, id)} from their hand (the effect of ${label(s, f.card)}).` });
  }
}

/**
 * Gain or lose Chaos Emeralds by an effect (never below 0). Reaching 3 wins
 * at once, as at the score step (RULES.md §4.4, §5; docs/rules.md).
 */
export function gainEmeralds(s: GameState, p: Player, add: number, ev: GameEvent[] | null, by: string): number {
  const before = s.emeralds[p];
  const after = Math.max(0, Math.min(3, before + add));
  if (after === before) {
    if (ev) ev.push({ type: "effect", player: p, cards: [], message: `${pname(p)} has no Chaos Emerald to lose (${by}).` });
    return 0;
  }
  s.emeralds[p] = after;
  if (ev)
    ev.push({
      type: "emerald",
      player: p,
      cards: [],
      message: `${pname(p)} ${after > before ? "gains" : "loses"} ${Math.abs(after - before)} Chaos Emerald${Math.abs(after - before) === 1 ? "" : "s"} (${by}); ${after} now.`,
    });
  if (after >= 3) {
    s.winner = p;
    s.step = "over";
    if (ev) ev.push({ type: "win", player: p, cards: [], message: `${pname(p)} holds 3 Chaos Emeralds and wins.` });
  }
  return Math.abs(after - before);
}

/**
 * Apply one effect action to one field card (RULES.md §6 actions). `by` names
 * the cause in messages (an effect, or a manual correction: rules/correction.ts).
 * Returns whether it did something (v2 sequencing: "if you do").
 */
export function applyTo(s: GameState, f: Frame, src: Src, a: EffectAction, tp: Player, row: Row, ci: number, ev: GameEvent[] | null, cause?: string): boolean {
  const slot = rowOf(s, tp, row)[ci] as Slot;
  // Message parts, built only when events are collected.
  const by = ev ? (cause ?? `the effect of ${label(s, f.card)}`) : "";
  const name = ev ? (slot.faceUp ? label(s, slot.card, slot.color) : `face-down card (${row} row, column ${ci + 1})`) : "";
  switch (a.type) {
    case "discard": {
      const id = discardFromField(s, tp, row, ci);
      if (ev) ev.push({ type: "discard", player: tp, cards: slot.faceUp ? [id] : [], column: ci + 1, row, cause: "effect", message: `${pname(tp)}'s ${name} was discarded by ${by}.` });
      // A face-down card's "when discarded" does not trigger: it was never revealed (docs/rules.md).
      if (slot.faceUp) onDiscarded(s, tp, row, ci, id);
      return true;
    }
    case "return-to-hand": {
      const id = takeFromField(s, tp, row, ci);
      s.players[tp].hand.push(id);
      if (ev) ev.push({ type: "return", player: tp, cards: slot.faceUp ? [id] : [], column: ci + 1, row, cause: "effect", message: `${pname(tp)}'s ${name} returned to their hand by ${by}.` });
      return true;
    }
    case "peek": {
      slot.peek |= 1 << src.p;
      if (ev)
        ev.push({
          type: "peek",
          player: src.p,
          cards: [slot.card],
          column: ci + 1,
          private: true,
          message: `${pname(src.p)} looked at ${pname(tp)}'s face-down ${label(s, slot.card)} in column ${ci + 1} (${by}).`,
          publicMessage: `${pname(src.p)} looked at ${pname(tp)}'s face-down card in column ${ci + 1} (${by}).`,
        });
      return true;
    }
    case "flip-up": {
      if (slot.faceUp) return false;
      slot.faceUp = true;
      const d = s.cards[slot.card];
      if (d.colors.length === 1) slot.color = d.colors[0];
      if (ev)
        ev.push({
          type: "flip",
          player: tp,
          cards: [slot.card],
          column: ci + 1,
          message: `${pname(tp)}'s ${label(s, slot.card, slot.color)} in column ${ci + 1} was flipped face up by ${by}${a.asRush ? " as a rush flip (its effect, copy and battle discards follow)" : a.withEffect ? "" : " (its own effect does not trigger)"}.`,
        });
      onOpposingFlip(s, tp, ci);
      s.stack.push({ player: tp, row, column: ci, card: slot.card, stage: "color", full: a.asRush === true, runEffect: a.withEffect || a.asRush === true, ai: 0, picked: [], started: false, sub: null, trigger: "flip", other: -1, done: 0, last: 0, amt: -1 });
      return true;
    }
    case "modify-rings": {
      // "For each" (v2): the amount fixed when the action started.
      const add = a.forEach ? f.amt : (a.add ?? 0);
      const what = ev ? describeAction(a.forEach ? { ...a, add, forEach: undefined } : a) : "";
      if (a.until !== undefined) {
        // A duration (v2): kept in the state's lasting list, not on the slot (rules/lasting.ts).
        const ok = addModifier(s, { player: src.p, rule: "modifier", card: src.card, until: a.until, target: slot.card, add: a.set !== undefined ? 0 : add, set: a.set ?? null, protect: 0 });
        if (ev)
          ev.push({ type: "modify", player: tp, cards: [slot.card], column: ci + 1, message: ok ? `${pname(tp)}'s ${name}: ${what} for battle comparisons (${by}).` : `${pname(tp)}'s ${name}: nothing lasts "${describeDuration(a.until)}", as that card is no longer on the field (${by}).` });
        return ok;
      }
      if (a.set !== undefined) {
        slot.setRings = a.set;
        slot.mod = 0;
      } else slot.mod += add;
      if (ev) ev.push({ type: "modify", player: tp, cards: [slot.card], column: ci + 1, message: `${pname(tp)}'s ${name}: ${what} for battle comparisons (${by}).` });
      return true;
    }
    case "protect": {
      if (a.until !== undefined) {
        let bits = 0;
        for (const k of a.from) bits |= PROTECT_BITS[k];
        const ok = addModifier(s, { player: src.p, rule: "modifier", card: src.card, until: a.until, target: slot.card, add: 0, set: null, protect: bits });
        if (ev)
          ev.push({ type: "protect", player: tp, cards: [slot.card], column: ci + 1, message: ok ? `${pname(tp)}'s ${name} is protected from ${a.from.join(", ")} ${describeDuration(a.until)} (${by}).` : `${pname(tp)}'s ${name}: nothing lasts "${describeDuration(a.until)}", as that card is no longer on the field (${by}).` });
        return ok;
      }
      for (const k of a.from) slot.protect |= PROTECT_BITS[k];
      if (ev) ev.push({ type: "protect", player: tp, cards: [slot.card], column: ci + 1, message: `${pname(tp)}'s ${name} is protected from ${a.from.join(", ")} (${by}).` });
      return true;
    }
    case "turn-face-down": {
      // Once per turn per card (the rush loop guard, docs/rules.md).
      if (!slot.faceUp || row !== "chaos" || slot.downed === s.turn) return false;
      // What lasted on it ends (v2 durations), like its slot's modifiers.
      if (s.lasting.length > 0) leftField(s, slot.card);
      slot.faceUp = false;
      slot.color = null;
      slot.mod = 0;
      slot.setRings = null;
      slot.protect = 0;
      // Both players saw it face up: both remember which card it is (docs/rules.md).
      slot.peek = 3;
      slot.downed = s.turn;
      if (ev) ev.push({ type: "face-down", player: tp, cards: [slot.card], column: ci + 1, row, message: `${pname(tp)}'s ${name} was turned face down by ${by}; it is flipped again in this rush.` });
      return true;
    }
    case "move": {
      if (!canMove(s, tp, row, ci)) return false;
      const other: Row = row === "chaos" ? "spare" : "chaos";
      rowOf(s, tp, other)[ci] = slot;
      rowOf(s, tp, row)[ci] = null;
      relocate(s, slot.card, other, ci);
      if (ev) ev.push({ type: "move", player: tp, cards: slot.faceUp ? [slot.card] : [], column: ci + 1, row: other, cause: "effect", message: `${pname(tp)}'s ${name} moved to the ${other} row (${by}).` });
      if (other === "spare" && slot.faceUp && hasTrigger(s, slot.card, "to-spare")) pushTrigger(s, "to-spare", tp, "spare", ci, slot.card);
      return true;
    }
    case "swap": {
      if (tp !== src.p || !canSwap(s, src, row, ci)) return false;
      const mine = rowOf(s, src.p, src.row)[src.ci] as Slot;
      rowOf(s, tp, row)[ci] = mine;
      rowOf(s, src.p, src.row)[src.ci] = slot;
      relocate(s, mine.card, row, ci);
      relocate(s, slot.card, src.row, src.ci);
      if (ev)
        ev.push({ type: "move", player: tp, cards: slot.faceUp ? [slot.card, mine.card] : [mine.card], column: ci + 1, row, cause: "effect", message: `${pname(tp)}'s ${label(s, mine.card, mine.color)} and ${name} swapped places (${by}).` });
      if (row === "spare" && src.row === "chaos" && hasTrigger(s, mine.card, "to-spare")) pushTrigger(s, "to-spare", tp, "spare", ci, mine.card);
      if (src.row === "spare" && row === "chaos" && slot.faceUp && hasTrigger(s, slot.card, "to-spare")) pushTrigger(s, "to-spare", tp, "spare", src.ci, slot.card);
      return true;
    }
    case "change-color": {
      if (!slot.faceUp) return false;
      if (a.color === "choose") {
        f.sub = ref(tp, row, ci);
        s.pending = {
          kind: "color",
          player: src.p,
          slot: ref(tp, row, ci),
          options: COLORS.slice(),
          reason: "effect",
          prompt: `${label(s, f.card)}: choose the new active color of ${label(s, slot.card, slot.color)}.`,
        };
        return true;
      }
      slot.color = a.color;
      if (ev) ev.push({ type: "color", player: tp, cards: [slot.card], column: ci + 1, message: `${pname(tp)}'s ${name} now has active color ${a.color} (${by}).` });
      return true;
    }
    default:
      return false;
  }
}
