"use client";
import Link from "next/link";
import { useCallback, useMemo, useState } from "react";
import { normalizeCard, type CardDef, type GameEvent, type Player } from "@/lib/engine";
import { onlineTasks, seedOfCode } from "@/lib/coach/tasks";
import { useReplayCoach } from "@/components/coach/replay-coach";
import { dressView, replayNames, replayResult, type ReplayFrame, type ReplaySide } from "@/lib/play/replay";
import { nameSeats, viewFromSeat } from "@/lib/play/presentation";
import { namedCards } from "@/lib/playtest/presentation";
import type { ReplayDTO } from "@/lib/play/types";
import { ReplayViewer, type ViewerFrame } from "@/components/playtest/replay-viewer";

const SIDES: ReplaySide[] = [0, 1, "public"];

function describeAct(f: ReplayFrame, names: [string, string]): string {
  if (!f.act) return "The deal: both players drew 7 cards.";
  const who = names[f.act.seat];
  switch (f.act.type) {
    case "place":
      return `${who} placed cards face down.`;
    case "flip":
      return `${who} flipped a card.`;
    case "pass":
      return `${who} passed.`;
    case "choose":
      return `${who} made a choice.`;
    case "correct":
      return `${who} made a correction.`;
    case "concede":
      return `${who} conceded.`;
    case "claim":
      return `${who} claimed the game on time.`;
  }
}

/** Words for one step of a replay: its first public events, or what the seat did. */
export function stepText(f: ReplayFrame, names: [string, string], you: Player | null): string {
  const words = f.events
    .filter((e) => e.type !== "draw")
    .slice(0, 3)
    .map((e) => nameSeats(e.message, names, you))
    .join(" ");
  return words || describeAct(f, names);
}

function sideName(side: ReplaySide, names: [string, string], mine: Player | null): string {
  if (side === "public") return "Public view";
  return side === mine ? `${names[side]} (you)` : names[side];
}

/**
 * An online game's replay (/r/<code>): the server's frames from one side,
 * drawn by the one replay viewer with that side at the bottom. The side is
 * switched by link (the server sends only that side's frames), keeping the
 * position.
 */
export function OnlineReplay({ r, initial }: { r: ReplayDTO; initial?: number }) {
  const side = r.replay.side;
  const names = useMemo(() => replayNames(r.players), [r.players]);
  const seat: Player = side === "public" ? 0 : side;
  const you = r.mySeat;
  const cards = r.replay.cards;
  const turns = useMemo(() => r.replay.frames.map((f) => f.view.turn), [r.replay.frames]);
  const frameAt = useCallback(
    (i: number): ViewerFrame => {
      const f = r.replay.frames[i];
      const v = viewFromSeat(dressView(f.view, cards), seat);
      return { view: v, sides: v.players, revealed: false, step: stepText(f, names, you) };
    },
    [r.replay.frames, seat, you, cards, names],
  );
  const lines = useCallback(
    (i: number) =>
      r.replay.frames
        .slice(1, i + 1)
        .flatMap((f) => f.events)
        .map((e: GameEvent, k) => ({
          key: k,
          type: e.type,
          text: nameSeats(e.message, names, you),
          turnStart: e.type === "lead",
          cards: namedCards(e.cards, (id) => cards[id]),
        })),
    [r.replay.frames, you, cards, names],
  );
  const [at, setAt] = useState(initial ?? r.replay.frames.length - 1);
  const self = side === "public" ? names[0] : side === you ? "You" : names[side];
  // the viewer's own seat; either seat of a lobby game (or for a visitor)
  const seats = (r.listing === "open" || you === null ? [you ?? 0, 1 - (you ?? 0)] : [you]).map((p) => ({ seat: p as Player, name: names[p] }));
  const coachSeat: Player = side === "public" ? seats[0].seat : side;
  const dtoDecks = r.decks;
  const decks = useMemo(() => [dtoDecks[0].map(normalizeCard), dtoDecks[1].map(normalizeCard)] as [CardDef[], CardDef[]], [dtoDecks]);
  const viewAt = useCallback((i: number) => dressView(r.replay.frames[i].view, cards), [r.replay.frames, cards]);
  const last = r.replay.frames.length - 1;
  const sideHref = (s: ReplaySide) => `/r/${r.code}?side=${s}&at=${at}`;
  const coach = useReplayCoach({
    seats,
    you,
    initialSeat: coachSeat,
    bottom: seat,
    tasksFor: (p) => (p === side ? onlineTasks(r.replay.frames, cards, decks, p) : []),
    unavailable: (p) =>
      p === side ? null : (
        <Link href={sideHref(p)} replace scroll={false} className="text-sm text-blue-700 underline" data-testid="coach-open-side">
          View from {sideName(p, names, you)} to analyse that play
        </Link>
      ),
    seed: seedOfCode(r.code),
    names,
    viewAt,
    decks,
    outcomeAt: (i) => (i === last && r.result !== null ? (r.result === "draw" ? [0.5, 0.5] : r.result === 0 ? [1, 0] : [0, 1]) : null),
    at,
  });
  return (
    <ReplayViewer
      turns={turns}
      frameAt={frameAt}
      lines={lines}
      names={{ self, opponent: names[1 - seat] }}
      result={replayResult(r, names)}
      initial={initial}
      onSeek={setAt}
      marks={coach.marks}
      panel={coach.panel}
      above={coach.above}
      controls={() => (
        <nav aria-label="View the replay from" className="flex flex-wrap items-center gap-1 text-sm" data-testid="replay-sides">
          <span className="text-slate-600">View from:</span>
          {SIDES.map((s) => (
            <Link
              key={String(s)}
              href={sideHref(s)}
              scroll={false}
              replace
              aria-current={s === side ? "true" : undefined}
              className={`rounded border px-2 py-0.5 ${s === side ? "border-blue-700 bg-blue-50 font-semibold text-blue-900" : "border-slate-300 text-blue-700 underline"}`}
            >
              {sideName(s, names, you)}
            </Link>
          ))}
        </nav>
      )}
      banner={
        side === "public" ? (
          <p className="text-xs text-slate-600">The public view: what a spectator saw. The last step shows both hands.</p>
        ) : (
          <p className="text-xs text-slate-600">What {side === you ? "you" : names[side]} knew at each step. The last step, the end of the game, shows both hands.</p>
        )
      }
      footer={
        <p className="text-xs text-slate-500">
          {r.players.map((p) => `${p.name} (${p.deckName})`).join(" vs ")} · {r.pace} · column rule {r.columnRule === "priority" ? "priority" : "no mirror"}
          {r.finishedAt ? ` · ended ${r.finishedAt.slice(0, 10)}` : ""}
        </p>
      }
    />
  );
}
