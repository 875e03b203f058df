/**
 * The win-probability bar (docs/coach.md): an estimate of each side's chance
 * computed from the PUBLIC view only, what a spectator knows (no hand, no
 * face-down card, nothing one player has seen), so it never leaks what only
 * one player knows. Whatever view it is given is first cut down to the public
 * view (lib/play/views.ts), and the sampling seed is a hash of that public
 * view, so two states that differ only in hidden cards give the same bar.
 * The hidden cards are sampled from the public deck lists when they are known
 * (a finished game's replay: decklists are published when a game ends), else
 * from the cards each side has shown. Pure.
 */
import { winChance, type CardDef, type PlayerView, type SideView } from "@/lib/engine";
import { publicOfView } from "@/lib/play/views";

/** Playouts per estimate: a few hundred keep it under a second in a worker. */
export const WIN_SAMPLES = 160;

function hash(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

function shown(side: SideView): CardDef[] {
  const out: CardDef[] = side.discard.map((c) => c.card);
  for (const x of [...side.chaos, ...side.spare]) if (x?.card) out.push(x.card.card);
  return out;
}

function size(side: SideView): number {
  return side.handCount + side.deckCount + side.discard.length + [...side.chaos, ...side.spare].filter((x) => x !== null).length;
}

/** Deck lists a spectator can stand behind: each side's shown cards, repeated to the side's card count (null: nothing shown yet). */
function shownLists(v: PlayerView): [CardDef[], CardDef[]] | null {
  const seen = v.players.map(shown);
  if (seen[0].length + seen[1].length === 0) return null;
  return [0, 1].map((p) => {
    const own = seen[p].length > 0 ? seen[p] : seen[1 - p];
    const n = size(v.players[p]);
    return Array.from({ length: Math.max(n, own.length) }, (_, k) => own[k % own.length]);
  }) as [CardDef[], CardDef[]];
}

/**
 * Each side's estimated chance to win ([seat 0, seat 1], draws half) from the
 * public part of `view`; `decks` are the public deck lists, when known.
 * Null while a decision is open (an effect half resolved: a playout cannot
 * start there); the bar keeps the step before's estimate.
 */
export function publicWinChance(view: PlayerView, decks: [CardDef[], CardDef[]] | null, samples = WIN_SAMPLES): [number, number] | null {
  const pub = publicOfView({ ...view, deckLists: null });
  if (pub.winner !== null) {
    const w = pub.winner;
    return w === "draw" ? [0.5, 0.5] : w === 0 ? [1, 0] : [0, 1];
  }
  const lists = decks ?? shownLists(pub);
  if (lists === null) return [0.5, 0.5];
  if (pub.pending !== null) return null;
  const p0 = winChance({ ...pub, deckLists: lists }, samples, hash(JSON.stringify(pub)));
  return [p0, 1 - p0];
}
