"use client";
import Link from "next/link";
import { useActionState } from "react";
import type { CardDef } from "@/lib/engine";
import { rematchAction } from "@/lib/play/actions";
import type { PlayMessage } from "@/lib/play/types";

/** A deck list as title × copies, in list order. */
function DeckList({ name, cards }: { name: string; cards: CardDef[] }) {
  const counts = new Map<string, number>();
  for (const c of cards) counts.set(c.title, (counts.get(c.title) ?? 0) + 1);
  return (
    <div>
      <h3 className="text-sm font-semibold">{name}</h3>
      <ul className="text-xs" data-testid="deck-list">
        {[...counts].map(([title, n]) => (
          <li key={title}>
            {n} × {title}
          </li>
        ))}
      </ul>
    </div>
  );
}

function resultText(m: PlayMessage, names: [string, string]): string {
  const how = m.endReason === "concede" ? " (the other player conceded)" : m.endReason === "timeout" ? " (the other player's time ran out)" : m.endReason === "turns" ? " (turn limit)" : "";
  if (m.result === "draw") return `The game is a draw${how}.`;
  if (m.result === null) return "The game is over.";
  return `${m.result === m.seat ? "You win" : `${names[m.result]} wins`}${how}.`;
}

/** The end of an online game: who won, both deck lists (hidden until now), and a rematch for the players. */
export function GameOver({ m, names }: { m: PlayMessage; names: [string, string] }) {
  const [state, rematch, pending] = useActionState(rematchAction, null);
  return (
    <section className="panel border-2 border-emerald-500 p-3" data-testid="game-over" aria-live="polite">
      <h2 className="font-bold">Game over</h2>
      <p className="text-sm" data-testid="winner">
        {resultText(m, names)}
      </p>
      {m.replay && (
        <p className="mt-2 text-sm">
          <Link className="font-semibold text-blue-700 underline" href={`/r/${m.replay}`} data-testid="replay-link">
            Watch the replay
          </Link>{" "}
          <span className="text-slate-600">(step by step, from either side)</span>
        </p>
      )}
      {m.seat !== null && (
        <form action={rematch} className="mt-2">
          <input type="hidden" name="code" value={m.code} />
          <button type="submit" className="btn-primary" disabled={pending}>
            Rematch (same settings, the other player leads)
          </button>
          {state && !state.ok && (
            <p role="alert" className="field-error">
              {state.message}
            </p>
          )}
        </form>
      )}
      <div className="mt-3 grid grid-cols-2 gap-3">
        {m.decks.map((d, p) => d && <DeckList key={p} name={`${names[p]}: ${m.players.find((x) => x.seat === p)?.deckName ?? ""}`} cards={d} />)}
      </div>
    </section>
  );
}
