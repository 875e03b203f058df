/**
 * The structured effect interpreter (RULES.md §6): selectors, conditions,
 * continuous effects (ring modifiers and protections while face up) and the
 * resumable execution of "when flipped" effects, whose every choice becomes a
 * pending decision.
 */
import type { Condition, EffectAction, Selector } from "./schema";
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
import { onDiscarded, onOpposingFlip, TRIGGER_WORDS, triggerCardPresent } from "./triggers";

const ROWS: readonly Row[] = ["chaos", "spare"];

/** The position of an effect's own card. */
export interface Src {
  p: Player;
  row: Row;
  ci: number;
  card: number;
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
    const other = sel.rings.value === "self" ? s.cards[src.card].rings : sel.rings.value;
    if (!cmp(d.rings, sel.rings.op, other)) return false;
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
    const other = sel.rings.value === "self" ? srcCurrentRings(s, src, auras) : sel.rings.value;
    if (!cmp(currentRings(s, tp, trow, tci, auras), sel.rings.op, other)) return false;
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
  let n = 0;
  for (const tp of [0, 1] as Player[]) {
    if (c.owner === "you" && tp !== src.p) continue;
    if (c.owner === "opponent" && tp === src.p) continue;
    for (const row of ROWS) {
      const r = rowOf(s, tp, row);
      for (let ci = 0; ci < 5; ci++) {
        const slot = r[ci];
        if (!slot || !slot.faceUp || slot.card === src.card) continue;
        if (c.where === "same-column" && ci !== src.ci) continue;
        if (c.where === "adjacent" && !isAdjacent(src.p, src.row, src.ci, tp, row, ci)) continue;
        const d = s.cards[slot.card];
        if (c.colors && !c.colors.includes(slot.color as Color)) continue;
        if (c.traits && !c.traits.some((t) => d.traits.includes(t))) continue;
        if (c.titles && !c.titles.includes(d.title)) continue;
        n++;
        if (n >= min && max === Infinity) return true;
        if (n > max) return false;
      }
    }
  }
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
  const m = auras.modify;
  for (let i = 0; i < m.length; i++) {
    const { src, a } = m[i];
    if (!hits(s, src, a.target, p, row, ci, slot, auras)) continue;
    if (a.set !== undefined) base = a.set;
    else add += a.add ?? 0;
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
    else add += a.add ?? 0;
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
    const other = sel.rings.value === "self" ? s.cards[src.card].rings : sel.rings.value;
    if (!cmp(s.cards[slot.card].rings, sel.rings.op, other)) return false;
  }
  return true;
}

/** Human text of an effect action, for prompts and logs. */
export function describeAction(a: EffectAction): string {
  switch (a.type) {
    case "draw":
      return `${a.who === "you" ? "draw" : "your opponent draws"} ${a.count}`;
    case "modify-rings":
      return a.set !== undefined ? `set rings to ${a.set}` : `${(a.add ?? 0) >= 0 ? "+" : ""}${a.add} rings`;
    case "protect":
      return `protect from ${a.from.join(", ")}`;
    case "change-color":
      return a.color === "choose" ? "change active color" : `change active color to ${a.color}`;
    case "flip-up":
      return "flip face up";
    case "return-to-hand":
      return "return to hand";
    case "score-rings":
      return a.set !== undefined ? `count ${a.set} rings at the score step` : `${(a.add ?? 0) >= 0 ? "+" : ""}${a.add} rings at the score step`;
    case "emerald": {
      const n = Math.abs(a.add);
      const what = `${n} Chaos Emerald${n === 1 ? "" : "s"}`;
      return a.who === "you" ? `${a.add > 0 ? "gain" : "lose"} ${what}` : `your opponent ${a.add > 0 ? "gains" : "loses"} ${what}`;
    }
    case "win-ties":
      return "win the emerald when the score step is tied";
    default:
      return a.type;
  }
}

function srcOf(f: Frame): Src {
  return { p: f.player, row: f.row, ci: f.column, card: f.card };
}

/** The controller's "you may" answer (RULES.md §6 optional). */
export function answerOptional(s: GameState, yes: boolean, ev: GameEvent[] | null): void {
  const f = s.stack[s.stack.length - 1];
  if (yes) f.started = true;
  else {
    // Declining ends the effect step: only a rush flip goes on to copy and battle discards (RULES.md §4.3).
    f.stage = f.full ? 2 : 4;
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
    if (e.optional) {
      s.pending = {
        kind: "optional",
        player: f.player,
        slot: ref(f.player, f.row, f.column),
        card: f.card,
        prompt: `Use the effect of ${label(s, f.card)} (${e.actions.map(describeAction).join(", then ")})?`,
      };
      return false;
    }
    f.started = true;
  }
  while (f.ai < e.actions.length) {
    // An emerald gained by an earlier action may have ended the game.
    if (s.winner !== null) return true;
    const a = e.actions[f.ai];
    const r = execAction(s, f, src, a, ev);
    if (r !== "next") return false;
    f.ai++;
    f.picked = [];
  }
  return true;
}

/** Answer a target decision: apply the current action to the chosen slot (RULES.md §6 "up to N"). */
export function answerTarget(s: GameState, t: SlotRef, ev: GameEvent[] | null): void {
  const f = s.stack[s.stack.length - 1];
  const a = (s.cards[f.card].effect as { actions: EffectAction[] }).actions[f.ai];
  const slot = rowOf(s, t.player, t.row)[t.column - 1] as Slot;
  f.picked.push(slot.card);
  applyTo(s, f, srcOf(f), a, t.player, t.row, t.column - 1, ev);
}

/** Pass on a target decision: no more targets for this action. */
export function stopTargets(s: GameState): void {
  const f = s.stack[s.stack.length - 1];
  f.ai++;
  f.picked = [];
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
    drawCards(s, who, a.count, ev, ev ? `effect of ${label(s, f.card)}` : "", "effect");
    return "next";
  }
  if (a.type === "emerald") {
    gainEmeralds(s, (a.who === "you" ? f.player : 1 - f.player) as Player, a.add, ev, ev ? `the effect of ${label(s, f.card)}` : "");
    return "next";
  }
  if (a.type === "win-ties") return "next";
  const before = s.stack.length;
  if (a.target === "self") {
    if (f.picked.length > 0) return "next";
    f.picked.push(src.card);
    const slot = rowOf(s, src.p, src.row)[src.ci];
    if (slot && slot.card === src.card) applyTo(s, f, src, a, src.p, src.row, src.ci, ev);
    return s.pending ? "wait" : s.stack.length > before ? "yield" : "next";
  }
  const sel = a.target;
  if (sel.count === "all") {
    // Targets are affected in slot order; nested flips are stacked in reverse so they also resolve in slot order.
    const targets = actionTargets(s, src, a, sel);
    if (a.type === "flip-up") targets.reverse();
    for (const t of targets) applyTo(s, f, src, a, t.player, t.row, t.column - 1, ev);
    if (targets.length === 0 && ev)
      ev.push({ type: "effect", player: f.player, cards: [f.card], message: `The effect of ${label(s, f.card)} (${describeAction(a)}) found no target.` });
    // Nested flips (flip-up "all") resolve before the rest of this effect.
    if (s.stack.length > before) {
      f.ai++;
      f.picked = [];
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
      applyTo(s, f, src, a, t.player, t.row, t.column - 1, ev);
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
      ...(byOpponent ? { required: true } : {}),
      prompt: byOpponent
        ? `${label(s, f.card)} (${pname(f.player)}'s): choose a card to ${describeAction(a)} (${sel.count - f.picked.length} more).`
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
  if (a.type !== "change-color" || sel.face === "up") return t;
  return t.filter((r) => (rowOf(s, r.player, r.row)[r.column - 1] as Slot).faceUp);
}

/**
 * Gain or lose Chaos Emeralds by an effect (never below 0). Reaching 3 wins
 * at once, as at the score step (RULES.md §4.4, §5; docs/rules.md).
 */
export function gainEmeralds(s: GameState, p: Player, add: number, ev: GameEvent[] | null, by: string): void {
  const before = s.emeralds[p];
  const after = Math.max(0, Math.min(3, before + add));
  if (after === before) {
    if (ev) ev.push({ type: "effect", player: p, cards: [], message: `${pname(p)} has no Chaos Emerald to lose (${by}).` });
    return;
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
}

/**
 * Apply one effect action to one field card (RULES.md §6 actions). `by` names
 * the cause in messages (an effect, or a manual correction: rules/correction.ts).
 */
export function applyTo(s: GameState, f: Frame, src: Src, a: EffectAction, tp: Player, row: Row, ci: number, ev: GameEvent[] | null, cause?: string): void {
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
      return;
    }
    case "return-to-hand": {
      const id = takeFromField(s, tp, row, ci);
      s.players[tp].hand.push(id);
      if (ev) ev.push({ type: "return", player: tp, cards: slot.faceUp ? [id] : [], column: ci + 1, row, cause: "effect", message: `${pname(tp)}'s ${name} returned to their hand by ${by}.` });
      return;
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
      return;
    }
    case "flip-up": {
      if (slot.faceUp) return;
      slot.faceUp = true;
      const d = s.cards[slot.card];
      if (d.colors.length === 1) slot.color = d.colors[0];
      if (ev)
        ev.push({
          type: "flip",
          player: tp,
          cards: [slot.card],
          column: ci + 1,
          message: `${pname(tp)}'s ${label(s, slot.card, slot.color)} in column ${ci + 1} was flipped face up by ${by}${a.withEffect ? "" : " (its own effect does not trigger)"}.`,
        });
      onOpposingFlip(s, tp, ci);
      s.stack.push({ player: tp, row, column: ci, card: slot.card, stage: 0, full: false, runEffect: a.withEffect, ai: 0, picked: [], started: false, sub: null, trigger: "flip", other: -1 });
      return;
    }
    case "modify-rings": {
      if (a.set !== undefined) {
        slot.setRings = a.set;
        slot.mod = 0;
      } else slot.mod += a.add ?? 0;
      if (ev) ev.push({ type: "modify", player: tp, cards: [slot.card], column: ci + 1, message: `${pname(tp)}'s ${name}: ${describeAction(a)} for battle comparisons (${by}).` });
      return;
    }
    case "protect": {
      for (const k of a.from) slot.protect |= PROTECT_BITS[k];
      if (ev) ev.push({ type: "protect", player: tp, cards: [slot.card], column: ci + 1, message: `${pname(tp)}'s ${name} is protected from ${a.from.join(", ")} (${by}).` });
      return;
    }
    case "change-color": {
      if (!slot.faceUp) return;
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
        return;
      }
      slot.color = a.color;
      if (ev) ev.push({ type: "color", player: tp, cards: [slot.card], column: ci + 1, message: `${pname(tp)}'s ${name} now has active color ${a.color} (${by}).` });
      return;
    }
    default:
      return;
  }
}
