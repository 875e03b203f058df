/**
 * The coach's work list (docs/coach.md): one task per placement or flip of the
 * chosen player, each carrying that player's view just before the move (its
 * `playerView`, never the true state) and the move played. A solo replay
 * builds the views from the engine's states; an online replay takes them from
 * the seat's own frames, which the server built the same way. Pure.
 */
import { normalizeCard, playerView, type Action, type CardDef, type DecisionOptions, type GameState, type Player, type PlayerView } from "@/lib/engine";
import { dressView, type ReplayFrame } from "@/lib/play/replay";

/** A decision marked when its best alternative wins this much more often than the move played (10 percentage points). */
export const COACH_THRESHOLD = 0.1;
/** Sampled games per candidate move (the engine's default). */
export const COACH_SAMPLES = 24;
/** Placement candidates besides the move played. */
export const COACH_PLACEMENTS = 6;

/** One decision to weigh: action `index` of the game, drawn at replay frame `frame` (the table before the move). */
export interface CoachTask {
  index: number;
  frame: number;
  view: PlayerView;
  played: Action;
}

/** The analysis settings of a game: its seed and the engine's sample counts. */
export function coachSettings(seed: number): DecisionOptions {
  return { seed, samples: COACH_SAMPLES, placements: COACH_PLACEMENTS, threshold: COACH_THRESHOLD };
}

/** Whether `a`, taken by `player` where the view stands, is a decision the coach weighs. */
function weighable(a: Action, player: Player, v: PlayerView): boolean {
  return a.player === player && (a.type === "place" || a.type === "flip") && v.pending === null && v.winner === null;
}

/** A solo game's tasks: `states[i]` is the state before `actions[i]`. */
export function soloTasks(states: readonly GameState[], actions: readonly Action[], player: Player): CoachTask[] {
  const out: CoachTask[] = [];
  for (let i = 0; i < actions.length && i < states.length; i++) {
    const a = actions[i];
    if (a.player !== player || (a.type !== "place" && a.type !== "flip")) continue;
    const v = playerView(states[i], player);
    if (weighable(a, player, v)) out.push({ index: i, frame: i, view: v, played: a });
  }
  return out;
}

/**
 * An online game's tasks from the chosen seat's own replay frames: frame j
 * shows the table after logged action j − 1 and, for the seat's own moves,
 * the move itself. The deck lists (public once the game is over) are added
 * to each view, as a seat's view carries them in solo play.
 */
export function onlineTasks(frames: readonly ReplayFrame[], cards: Record<number, CardDef>, decks: [CardDef[], CardDef[]], seat: Player): CoachTask[] {
  const lists: [CardDef[], CardDef[]] = [decks[0].map(normalizeCard), decks[1].map(normalizeCard)];
  const out: CoachTask[] = [];
  for (let j = 1; j < frames.length; j++) {
    const a = frames[j].act?.action;
    if (!a || a.player !== seat) continue;
    const before = dressView(frames[j - 1].view, cards);
    if (before.viewer !== seat) continue;
    const v: PlayerView = { ...before, deckLists: lists };
    if (weighable(a, seat, v)) out.push({ index: j - 1, frame: j - 1, view: v, played: a });
  }
  return out;
}

/** A 31-bit seed from a replay's code (an online game's own seed never leaves the server). */
export function seedOfCode(code: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < code.length; i++) h = Math.imul(h ^ code.charCodeAt(i), 0x01000193);
  return (h >>> 1) & 0x7fffffff;
}
