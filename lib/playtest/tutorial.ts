/**
 * The guided first game: a scripted deal (a fixed seed, so both decks come out
 * in the same order every time, the player leading turn 1) on the real engine,
 * and a hint for each step computed from the state the player sees. A hint
 * asks for an action; it changes only when the game moves on, so the player
 * learns by doing. Pure: no React; the board shows what this returns.
 */
import type { GameState, Player } from "@/lib/engine";
import { HUMAN } from "./session";
import type { TurnEnd } from "./presentation";

/** The deal of the guided game: starter decks, seed and AI level (fixed, so every first game starts the same). */
export const TUTORIAL = { you: "team-sonic-speed", opp: "eggman-empire", seed: 20051, level: "random", rule: "priority" } as const;

/** One hint: a short title, what to do, and the rules section it teaches (anchor on /rules). */
export interface Hint {
  id: string;
  title: string;
  text: string;
  rule?: string;
}

type Card = { title: string; colors: readonly string[]; rings: number };

function cardOf(s: GameState, id: number): Card {
  return s.cards[id] as Card;
}

function label(c: Card, color?: string | null) {
  return `${c.title} (${color ?? c.colors.join("/")} ${c.rings})`;
}

/** Printed rings of a player's face-up cards, both rows (what the score step counts, §4.4). */
export function faceUpRings(s: GameState, p: Player): number {
  let n = 0;
  for (const row of [s.players[p].chaos, s.players[p].spare]) for (const x of row) if (x?.faceUp) n += cardOf(s, x.card).rings;
  return n;
}

/**
 * A placement tip for the play step, from what the player may see: a card in
 * hand that copies one of the opponent's face-up spare cards (same color and
 * printed rings: a copy discard wherever it is flipped), else a card that
 * would win a battle in a column (same color, fewer rings than the opposing
 * spare card there: the bigger card is discarded).
 */
export function placementTip(s: GameState): string | null {
  const me = s.players[HUMAN];
  const opp = s.players[1 - HUMAN];
  const spares = opp.spare.flatMap((x, i) => (x?.faceUp ? [{ col: i + 1, card: cardOf(s, x.card), color: x.color }] : []));
  if (spares.length === 0) return null;
  for (const h of me.hand) {
    const c = cardOf(s, h);
    const copy = spares.find((sp) => sp.card.rings === c.rings && sp.color !== null && c.colors.includes(sp.color));
    if (copy) return `Your ${label(c)} has the same color and rings as the AI's ${label(copy.card, copy.color)} in column ${copy.col}: when you flip it, anywhere, that card is discarded (a copy discard).`;
  }
  for (const h of me.hand) {
    const c = cardOf(s, h);
    const battle = spares.find((sp) => sp.color !== null && c.colors.includes(sp.color) && sp.card.rings > c.rings);
    if (battle) return `Put your ${label(c)} in column ${battle.col}: flipped there, it battles the AI's ${label(battle.card, battle.color)}, which has more rings, so that card is discarded.`;
  }
  return "None of your cards matches the AI's spare row this time: keep your high-ring cards, they score at the end of the turn.";
}

/** The hint for the situation on the board, or null once the guided part is over (turn 4 on) and nothing new is happening. */
export function tutorialHint(s: GameState, turnEnd: TurnEnd | null, humanToAct: boolean): Hint | null {
  if (turnEnd) {
    const phase = turnEnd.phases[turnEnd.index];
    if (phase === "score") {
      // the engine's own count (the last flip of the rush is in it), else the same count from the state after the rush
      const scored = turnEnd.events.find((e) => e.type === "score") as { totals?: [number, number] } | undefined;
      const mine = scored?.totals?.[HUMAN] ?? faceUpRings(turnEnd.after, HUMAN);
      const theirs = scored?.totals?.[1 - HUMAN] ?? faceUpRings(turnEnd.after, (1 - HUMAN) as Player);
      return {
        id: `score-${s.turn}`,
        title: "Score step",
        text: `Add up the printed rings of your face-up cards: you have ${mine}, the AI ${theirs}. ${mine === theirs ? "A tie wins nothing." : `${mine > theirs ? "You win" : "The AI wins"} a Chaos Emerald.`} Three emeralds win the game. Choose Continue.`,
        rule: "4.4",
      };
    }
    return {
      id: `recharge-${s.turn}`,
      title: "Recharge step",
      text: "Both players draw back to 7 cards, discard their spare row, and move the cards left in their chaos row down into the spare row, face up. Those are the cards you will play against next turn. Choose Continue.",
      rule: "4.5",
    };
  }
  if (s.winner !== null)
    return {
      id: "over",
      title: s.winner === HUMAN ? "You won your first game!" : s.winner === "draw" ? "A draw" : "The AI won this one",
      text: "That is the whole game. Start a real game from the Playtest page: pick your own deck, a stronger AI, and the column rule.",
    };
  if (s.pending && s.pending.player === HUMAN) {
    const p = s.pending;
    if (p.kind === "color") return { id: `color-${s.turn}`, title: "Pick a color", text: "This card has several colors: choose the one it has while it stays on the field. Copy and battle discards compare that color.", rule: "4.3" };
    if (p.kind === "battle") return { id: `battle-${s.turn}`, title: "Battle", text: "Choose one of the AI's face-up cards of your card's color in this column. If it has more rings than your card, it is discarded.", rule: "4.3" };
    return { id: `decision-${s.turn}`, title: "Your card's effect", text: "Your card's text asks you something: answer in the panel. Effects happen before copy and battle discards.", rule: "6" };
  }
  if (!humanToAct) return null;
  if (s.step === "play") {
    if (s.turn === 1)
      return {
        id: "place-1",
        title: "Place five cards",
        text: "Welcome! Each turn starts with the play step: put five cards from your hand face down, one in each slot of your chaos row (pick a card, then a slot; or Fill empty slots), then confirm. The AI does the same, hidden from you.",
        rule: "4.1",
      };
    if (s.turn > 3) return null;
    const tip = placementTip(s);
    return {
      id: `place-${s.turn}`,
      title: "Place against the AI's spare row",
      text: `Look at the AI's spare row: its face-up cards are what your flips fight this turn. ${tip ?? ""}`.trim(),
      rule: "4.3",
    };
  }
  if (s.step === "rush") {
    if (s.turn > 3) return null;
    return {
      id: `flip-${s.turn}`,
      title: "Flip a card",
      text:
        s.turn === 1
          ? "The rush step: you and the AI take turns flipping one of your own face-down chaos cards. The highlighted ones may be flipped now: while a column has both players' cards face down, you must flip in such a column (priority rule). A flipped card discards the AI's face-up cards of its color and rings, then battles in its column."
          : "Flip a highlighted card. Aim for the columns where your card can discard one of the AI's cards.",
      rule: "4.2",
    };
  }
  return null;
}
