/**
 * The referee's promise (RULES.md §7, docs/play.md) as a check: no message to
 * a seat or a spectator holds a card identity that recipient may not know.
 * Used after every accepted action by lib/play/referee-leaks.test.ts (many
 * random games, messages only) and components/play/online-game.test.tsx (one
 * whole game through the boards the three people see).
 */
import type { GameState, Player } from "@/lib/engine";
import type { PlayMessage } from "@/lib/play/types";

/** The instance ids recipient `r` (null: a spectator) may know in the true state. */
export function knowable(s: GameState, r: Player | null): Set<number> {
  const out = new Set<number>();
  for (const p of [0, 1] as Player[]) {
    for (const id of s.players[p].discard) out.add(id);
    for (const x of [...s.players[p].chaos, ...s.players[p].spare]) {
      if (!x) continue;
      if (x.faceUp || (r !== null && (p === r || (x.peek & (1 << r)) !== 0))) out.add(x.card);
    }
  }
  if (r !== null) for (const id of [...s.players[r].hand, ...s.seen[r].hand, ...s.seen[r].deck]) out.add(id);
  return out;
}

const FORBIDDEN_KEYS = ["seed", "rng", "inviteToken", "held0", "held1", "stack", "owner"];

/** Every problem of one message for recipient `r`: hidden ids, card definitions outside the allowed places, secrets. */
export function leaks(m: PlayMessage, s: GameState, r: Player | null, over: boolean): string[] {
  const ok = knowable(s, r);
  const out: string[] = [];
  const walk = (x: unknown, where: string): void => {
    if (Array.isArray(x)) return x.forEach((y, i) => walk(y, `${where}[${i}]`));
    if (typeof x !== "object" || x === null) return;
    const o = x as Record<string, unknown>;
    for (const k of FORBIDDEN_KEYS) if (k in o) out.push(`${where}.${k} present`);
    if (typeof o.id === "number" && typeof o.card === "object" && o.card !== null) {
      if (!ok.has(o.id)) out.push(`${where}: card ${o.id} is hidden from ${r ?? "a spectator"}`);
      return;
    }
    if ("title" in o && "rings" in o) out.push(`${where}: a card definition outside a known card`);
    for (const [k, v] of Object.entries(o)) walk(v, `${where}.${k}`);
  };
  const { decks, log, view, ...rest } = m;
  walk(rest, "message");
  const { deckLists, ...viewRest } = view;
  walk(viewRest, "view");
  for (const [i, e] of log.entries()) if (e.private && e.player !== r && (e.cards.length > 0 || e.correction)) out.push(`log[${i}] shows a private ${e.type} of the other player`);
  if (!over) {
    if (deckLists !== null) out.push("deck lists before the end");
    for (const p of [0, 1] as Player[]) if (p !== r && decks[p] !== null) out.push(`seat ${p}'s deck list before the end`);
  }
  return out;
}
