"use client";
import { memo, useEffect, useRef, useState } from "react";
import type { CardRef, Player, PlayerView, SideView } from "@/lib/engine";
import type { BoardCardDef } from "@/lib/playtest/cards";
import type { LogLine } from "@/lib/playtest/presentation";
import { BoardCard } from "./board-card";
import { RuleRefText } from "@/components/rules/rule-ref-text";


/** Emeralds as three gems, filled for each held. */
export function Emeralds({ n, who }: { n: number; who: string }) {
  return (
    <span className="inline-flex items-center gap-0.5" role="img" aria-label={`${who}: ${n} of 3 Chaos Emeralds`}>
      {[0, 1, 2].map((i) => (
        <span key={i} className={`inline-block h-3.5 w-3 rotate-45 rounded-sm border ${i < n ? "border-emerald-700 bg-emerald-500" : "border-slate-300 bg-slate-100"}`} aria-hidden />
      ))}
    </span>
  );
}

/** A discard pile, viewable in a modal dialog. */
export function DiscardPile({ who, cards }: { who: string; cards: CardRef[] }) {
  const ref = useRef<HTMLDialogElement>(null);
  // The pile's cards are rendered only while the dialog is open (a long pile would otherwise be re-rendered with every move).
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (open && ref.current && !ref.current.open) ref.current.showModal();
  }, [open]);
  return (
    <>
      <button type="button" className="text-left text-blue-700 underline decoration-dotted underline-offset-2 hover:text-blue-900" onClick={() => setOpen(true)}>
        {cards.length} in discard<span className="sr-only"> ({who}): view</span>
      </button>
      <dialog ref={ref} onClose={() => setOpen(false)} aria-label={`${who} discard pile`} className="m-auto max-h-[80vh] w-[min(90vw,640px)] rounded-xl p-0 shadow-2xl backdrop:bg-slate-900/50">
        <div className="flex items-center justify-between border-b border-slate-200 px-4 py-2">
          <h2 className="font-bold">
            {who} discard pile ({cards.length})
          </h2>
          <button type="button" className="btn-secondary" onClick={() => ref.current?.close()}>
            Close
          </button>
        </div>
        {!open ? null : cards.length === 0 ? (
          <p className="p-4 text-sm text-slate-500">The discard pile is empty.</p>
        ) : (
          <ol className="grid grid-cols-[repeat(auto-fill,84px)] gap-2 p-4">
            {cards.map((c, i) => (
              <li key={`${c.id}-${i}`} className="h-[118px] w-[84px]" aria-label={`${i + 1}. ${(c.card as BoardCardDef).title}`}>
                <BoardCard card={c} />
              </li>
            ))}
          </ol>
        )}
      </dialog>
    </>
  );
}

function SideCounts({ side, who, mine }: { side: SideView; who: string; mine: boolean }) {
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-2 text-xs">
      <dt className="text-slate-500">Deck</dt>
      <dd data-testid={`${mine ? "you" : "ai"}-deck-count`}>{side.deckCount} cards</dd>
      <dt className="text-slate-500">Hand</dt>
      <dd>{side.handCount} cards</dd>
      {side.knownHand.length > 0 && (
        <>
          <dt className="text-slate-500">Seen in hand</dt>
          <dd data-testid={`${mine ? "you" : "ai"}-known-hand`}>{side.knownHand.map((c) => (c.card as BoardCardDef).title).join(", ")}</dd>
        </>
      )}
      {side.knownDeck.length > 0 && (
        <>
          <dt className="text-slate-500">Known in deck</dt>
          <dd data-testid={`${mine ? "you" : "ai"}-known-deck`}>
            {side.knownDeck.map((k) => `${k.at === 0 ? "top" : k.at === side.deckCount - 1 ? "bottom" : `#${k.at + 1}`}: ${(k.card.card as BoardCardDef).title}`).join(", ")}
          </dd>
        </>
      )}
      <dt className="text-slate-500">Discard</dt>
      <dd>
        <DiscardPile who={who} cards={side.discard} />
      </dd>
    </dl>
  );
}

/** Emeralds, lead, step, whose flip, deck/hand/discard counts. */
export function StatusPanel({
  view,
  sides,
  stepLabel,
  thinking,
  opponent = "AI",
  self = "You",
}: {
  view: PlayerView;
  sides: [SideView, SideView];
  stepLabel: string;
  thinking: boolean;
  /** The opponent's name ("AI" in solo play). */
  opponent?: string;
  /** The bottom side's name: "You", or a player's name for a spectator or a replay. */
  self?: string;
}) {
  const name = (p: Player) => (p === 0 ? self : opponent);
  return (
    <section aria-label="Game status" className="panel space-y-2 p-3 text-sm">
      <div className="flex items-center justify-between">
        <span className="font-bold">Turn {view.turn}</span>
        <span className="rounded bg-slate-100 px-2 py-0.5 text-xs font-semibold" data-testid="step-label">
          {stepLabel}
        </span>
      </div>
      <p className="text-xs">
        Lead: <strong data-testid="lead">{name(view.lead)}</strong>
        {view.step === "rush" && view.winner === null && (
          <>
            {" · "}Flip: <strong data-testid="whose-flip">{name(view.next)}</strong>
          </>
        )}
      </p>
      <div className="grid grid-cols-2 gap-3">
        <div>
          <p className="flex items-center justify-between font-semibold text-rose-800">
            {opponent} <Emeralds n={view.emeralds[1]} who={opponent} />
          </p>
          <SideCounts side={sides[1]} who={opponent} mine={false} />
        </div>
        <div>
          <p className="flex items-center justify-between font-semibold text-blue-800">
            {self} <Emeralds n={view.emeralds[0]} who={self} />
          </p>
          <SideCounts side={sides[0]} who={self === "You" ? "Your" : self} mine />
        </div>
      </div>
      <p aria-live="polite" className="min-h-5 text-xs">
        {thinking ? (
          <span className="inline-flex items-center gap-1.5 font-semibold text-rose-700" data-testid="ai-thinking">
            <span className="h-2 w-2 animate-ping rounded-full bg-rose-600 motion-reduce:animate-none" aria-hidden />
            AI is thinking…
          </span>
        ) : null}
      </p>
    </section>
  );
}

/** One log line; memoised, so a new event renders one line, not the whole log. */
const LogItem = memo(function LogItem({ text, type, turnStart, cards }: Omit<LogLine, "key">) {
  return (
    <li
      className={`${turnStart ? "mt-1 border-t border-slate-200 pt-1 font-semibold" : ""} ${
        type === "copy-discard" || type === "battle-discard" ? "text-red-700" : type === "emerald" || type === "win" ? "font-semibold text-emerald-700" : ""
      }`}
    >
      <RuleRefText text={text} />
      {cards.map((c) => (
        // the card zoom: on hover, or as a dialog when pressed (click, tap, Enter)
        <button
          key={c.key}
          type="button"
          data-card-zoom={c.key}
          data-card-zoom-open
          data-testid="log-card"
          tabIndex={-1}
          className="ml-1 inline-block cursor-zoom-in rounded border border-slate-300 px-1 align-baseline text-[0.65rem] leading-tight text-slate-700 hover:border-blue-500 focus-visible:outline focus-visible:outline-2 focus-visible:outline-blue-600"
          aria-label={`Show ${c.title} (${c.key})${c.count > 1 ? `, ${c.count} copies` : ""}`}
        >
          {c.title}
          {c.count > 1 && <span className="font-semibold"> ×{c.count}</span>}
        </button>
      ))}
    </li>
  );
});

/**
 * Arrow keys in the log move focus between the card buttons of its lines
 * (one tab stop for the whole log: the buttons themselves are not in the tab order).
 */
function moveAmongCards(e: React.KeyboardEvent<HTMLOListElement>) {
  if (e.key !== "ArrowDown" && e.key !== "ArrowUp" && e.key !== "Home" && e.key !== "End") return;
  const cards = [...e.currentTarget.querySelectorAll<HTMLButtonElement>("[data-testid=log-card]")];
  if (cards.length === 0) return;
  e.preventDefault();
  const at = cards.indexOf(document.activeElement as HTMLButtonElement);
  const next =
    e.key === "Home" ? 0 : e.key === "End" ? cards.length - 1 : at < 0 ? (e.key === "ArrowDown" ? 0 : cards.length - 1) : Math.max(0, Math.min(cards.length - 1, at + (e.key === "ArrowDown" ? 1 : -1)));
  cards[next].focus();
}

/** The game log: every event with its reason, newest at the bottom, announced politely. */
export const GameLog = memo(function GameLog({ lines }: { lines: LogLine[] }) {
  const box = useRef<HTMLOListElement>(null);
  const [follow, setFollow] = useState(true);
  useEffect(() => {
    // Scroll in the next frame, where layout happens anyway: reading scrollHeight during the
    // commit would force a synchronous layout of the whole page inside the same task.
    if (!follow) return;
    const id = requestAnimationFrame(() => {
      if (box.current) box.current.scrollTop = box.current.scrollHeight;
    });
    return () => cancelAnimationFrame(id);
  }, [lines.length, follow]);
  // Announce every line added since the last render (an AI answer brings several events at once), not only the newest.
  const [seen, setSeen] = useState(lines.length);
  const [announcement, setAnnouncement] = useState("");
  if (seen !== lines.length) {
    setSeen(lines.length);
    setAnnouncement(
      lines.length > seen
        ? lines
            .slice(seen)
            .map((l) => l.text)
            .join(" ")
        : (lines[lines.length - 1]?.text ?? ""),
    );
  }
  return (
    <section aria-label="Game log" className="panel flex min-h-0 flex-col p-3">
      <div className="flex items-center justify-between">
        <h2 className="text-sm font-bold">Game log</h2>
        <label className="flex items-center gap-1 text-xs text-slate-600">
          <input type="checkbox" checked={follow} onChange={(e) => setFollow(e.target.checked)} /> follow
        </label>
      </div>
      <ol
        ref={box}
        className="mt-1 h-56 space-y-0.5 overflow-y-auto text-xs leading-snug [contain:strict]"
        data-testid="game-log"
        tabIndex={0}
        aria-label="Game log entries"
        aria-describedby="game-log-keys"
        onKeyDown={moveAmongCards}
      >
        {lines.map((l) => (
          <LogItem key={l.key} text={l.text} type={l.type} turnStart={l.turnStart} cards={l.cards} />
        ))}
      </ol>
      <p id="game-log-keys" className="sr-only">
        Up and down arrows move between the cards the log names; Enter shows the card.
      </p>
      <p className="sr-only" aria-live="polite" data-testid="log-announcement">
        {announcement}
      </p>
    </section>
  );
});
