/**
 * The stream's wire form (lib/play/wire.ts): over whole games, every
 * recipient's message goes through the encoder, JSON and the decoder of one
 * connection, and comes out equal to the message; each card definition
 * crosses once per connection, and only with a view that shows that card; a
 * reconnection (a fresh encoder) starts with a whole message; and the wire is
 * several times smaller than the message once a game is under way.
 */
import { describe, expect, it } from "vitest";
import { applyAction, legalActions, newGame, type GameEvent, type GameState, type Player } from "@/lib/engine";
import { setupOf } from "./setup";
import { gameRecord } from "./test-fixture";
import type { GameRecord, PlayMessage } from "./types";
import { messageFor, type LiveGame } from "./views";
import { decodeMessage, encodeMessage, wireDecoder, wireEncoder, type WireMessage } from "./wire";

function record(seed: number, status: GameRecord["status"] = "active"): GameRecord {
  return gameRecord({ seed, status, toMove: 1 });
}

/** The card ids a message shows (its view's card references). */
function shownIds(m: PlayMessage): Set<number> {
  const out = new Set<number>();
  for (const s of m.view.players) {
    for (const r of [...(s.hand ?? []), ...s.knownHand, ...s.discard, ...s.knownDeck.map((k) => k.card)]) out.add(r.id);
    for (const x of [...s.chaos, ...s.spare]) if (x?.card) out.add(x.card.id);
  }
  return out;
}

/** Plays a game by the choices of a small PRNG, calling `each` with the game after every action. */
function play(seed: number, each: (g: LiveGame) => void): void {
  const r = record(seed);
  let state: GameState = newGame(setupOf(r));
  const events: GameEvent[] = [];
  let x = seed;
  const pick = (n: number) => ((x = (Math.imul(x, 1103515245) + 12345) >>> 0) % n);
  for (let seq = 0; seq < 400; seq++) {
    const over = state.winner !== null;
    each({ record: { ...r, seq, status: over ? "finished" : "active" }, state, events: events.slice(), held: [null, null] });
    if (over) return;
    const moves = [0, 1].flatMap((p) => legalActions(state, p as Player));
    const a = applyAction(state, moves[pick(moves.length)]);
    if (!a.ok) throw new Error(a.error.reason);
    state = a.state;
    events.push(...a.events);
  }
}

describe("the wire form", () => {
  it("rebuilds every recipient's message exactly, sending each card definition once and only with a view that shows it", () => {
    for (const seed of [3, 17, 2026]) {
      const conns = ([0, 1, null] as (Player | null)[]).map((seat) => ({ seat, enc: wireEncoder(), dec: wireDecoder(), defsSent: new Set<number>() }));
      let whole = 0;
      let wire = 0;
      play(seed, (g) => {
        for (const c of conns) {
          const m = messageFor(g, c.seat, 0);
          const w = JSON.parse(JSON.stringify(encodeMessage(c.enc, m, g.events.length))) as WireMessage;
          const shown = shownIds(m);
          for (const [id] of w.defs) {
            // once per connection, and only for a card this very message shows
            expect(c.defsSent.has(id)).toBe(false);
            expect(shown.has(id)).toBe(true);
            c.defsSent.add(id);
          }
          expect(decodeMessage(c.dec, w)).toEqual(JSON.parse(JSON.stringify(m)));
          whole += JSON.stringify(m).length;
          wire += JSON.stringify(w).length;
        }
      });
      // the definitions, the log and the deck lists are most of a message: the wire is a fraction of it
      expect(wire * 4).toBeLessThan(whole);
    }
  });

  it("starts a new connection (or one whose log went back) with a whole message", () => {
    const seen: LiveGame[] = [];
    play(5, (g) => void seen.push(g));
    const late = seen[Math.floor(seen.length / 2)];
    const enc = wireEncoder();
    const first = encodeMessage(enc, messageFor(late, 0, 0), late.events.length);
    expect(first.reset).toBe(true);
    expect(first.decks).toBeDefined();
    expect(first.log.length).toBe(messageFor(late, 0, 0).log.length);
    const again = encodeMessage(enc, messageFor(late, 0, 0), late.events.length);
    expect([again.reset, again.defs, again.log, again.decks]).toEqual([false, [], [], undefined]);
    const earlier = seen[2];
    expect(encodeMessage(enc, messageFor(earlier, 0, 0), earlier.events.length).reset).toBe(true);
    // a decoder fed a reset forgets what it kept: the message comes out whole
    const dec = wireDecoder();
    decodeMessage(dec, JSON.parse(JSON.stringify(first)) as WireMessage);
    const fresh = encodeMessage(wireEncoder(), messageFor(earlier, 1, 0), earlier.events.length);
    expect(decodeMessage(dec, JSON.parse(JSON.stringify(fresh)) as WireMessage)).toEqual(JSON.parse(JSON.stringify(messageFor(earlier, 1, 0))));
  });
});
