"use client";
import "@/components/playtest/board.css";
import { useMemo, useState } from "react";
import { legalActionsForView, type Pending, type Player } from "@/lib/engine";
import type { PlayMessage } from "@/lib/play/types";
import type { Move } from "@/lib/play/protocol";
import { logText, realSlot, viewFromSeat } from "@/lib/play/presentation";
import { BoardGrid, type GridRef, type SlotMode } from "@/components/playtest/board-grid";
import { PlacementDock, placementCells, StaticHand, usePlacement } from "@/components/playtest/placement";
import { GameLog, StatusPanel } from "@/components/playtest/side-panel";
import { ActionDock, boardLayout, PhoneBar } from "@/components/playtest/phone-bar";
import { OnlineDecision } from "./online-decision";
import { GameOver } from "./game-over";
import { useLogCards } from "./log-cards";
import { MoveClock } from "./move-clock";
import { AwayClock, opponentPlacedText, PhoneClocks } from "./away-clock";
import { usePlayStream } from "./use-play-stream";
import { GameChat } from "./game-chat";
import { SpectatorWinBar } from "@/components/coach/spectator-win-bar";
import type { ChatSettingsDTO } from "@/lib/play/chat";

type CardRefList = NonNullable<PlayMessage["view"]["players"][0]["hand"]>;

/** The play step's arrangement of the player's hand (local until confirmed), as in solo play. */
function Placing({ hand, renderGrid, onPlace, disabled }: { hand: CardRefList; renderGrid: (chaos?: React.ReactNode[]) => React.ReactNode; onPlace: (cards: (number | null)[]) => void; disabled: boolean }) {
  const p = usePlacement(hand);
  const need = Math.min(5, hand.length);
  return (
    <>
      {renderGrid(placementCells(p, (c) => `the opponent's spare slot ${c}`))}
      <PlacementDock p={p} need={need} ready={!disabled && p.count === need} onConfirm={() => onPlace(p.slots)} />
    </>
  );
}

function instruction(m: PlayMessage, names: [string, string], legal: Move[], placedMine: boolean): string {
  if (m.status === "finished") return "The game is over.";
  if (m.seat === null) return `Watching ${names[0]} and ${names[1]}.`;
  const opp = names[1 - m.seat];
  if (m.view.pending && m.view.pending.player === m.seat) return "Answer the decision.";
  if (m.view.step === "play") return placedMine ? `Your cards are placed: waiting for ${opp} to place.` : "Play step: arrange your cards face down in your chaos row, then confirm.";
  if (legal.some((a) => a.type === "flip")) return "Your flip: highlighted cards may be flipped.";
  return m.view.pending ? `Waiting for ${opp}'s decision.` : `Waiting for ${opp}'s flip.`;
}

/** One game table, drawn from the server's latest message for this recipient. */
function Table({ m, send, sending, online = true }: { m: PlayMessage; send: (move: Move) => void; sending: boolean; online?: boolean }) {
  const seat: Player = m.seat ?? 0;
  const names: [string, string] = [0, 1].map((p) => m.players.find((x) => x.seat === p)?.name ?? `Player ${p + 1}`) as [string, string];
  const v = useMemo(() => viewFromSeat(m.view, seat), [m.view, seat]);
  const active = m.status === "active" && m.seat !== null;
  const legal = useMemo(() => (active ? legalActionsForView(m.view).map(({ player: _p, ...rest }) => rest as Move) : []), [active, m.view]);
  const placedMine = m.seat !== null && m.placed[m.seat];
  const placing = active && !placedMine && legal.some((a) => a.type === "place");
  const flips = legal.flatMap((a) => (a.type === "flip" ? [a.column] : []));
  const pd = m.view.pending;
  const pending = active && pd && pd.player === m.seat && "slot" in pd && pd.kind !== "correction" ? (pd as Exclude<Pending, { kind: "correction" }>) : null;
  const opponent = m.seat === null ? names[1] : names[1 - m.seat];
  // a spectator watches from seat 0's side: that side is its player, not "You"
  const self = m.seat === null ? names[0] : undefined;

  const modeOf = (r: GridRef): SlotMode => {
    const real = realSlot(r, seat);
    if (pending && (pending.kind === "target" || pending.kind === "battle"))
      return pending.options.some((o) => o.player === real.player && o.row === real.row && o.column === real.column) ? "target" : null;
    if (flips.length > 0 && r.player === 0 && r.row === "chaos") {
      const x = v.players[0].chaos[r.column - 1];
      if (!x || x.faceUp) return null;
      return flips.includes(r.column) ? "legal" : "illegal";
    }
    return null;
  };
  const onSlot = (r: GridRef) => {
    if (sending) return;
    if (pending && (pending.kind === "target" || pending.kind === "battle")) send({ type: "choose", slot: realSlot(r, seat) });
    else if (flips.includes(r.column)) send({ type: "flip", column: r.column });
  };
  const grid = (chaos?: React.ReactNode[]) => <BoardGrid sides={v.players} revealed={false} modeOf={modeOf} onSlot={onSlot} chaosOverride={chaos} lastFlip={v.lastFlip} opponent={opponent} self={self} />;
  const hand = v.players[0].hand ?? [];
  const logCards = useLogCards(m.view, m.log);
  const lines = useMemo(() => logText(m.log, names, m.seat).map((l, i) => ({ ...l, cards: logCards[i] ?? [] })), [m.log, names, m.seat, logCards]);
  const stepLabel = m.status === "finished" ? "Game over" : m.view.pending ? "Rush: decision" : m.view.step === "play" ? "Play step" : "Rush step";

  return (
    <div className={boardLayout(placing ? "placement" : pending || m.status === "finished" ? "action" : null)}>
      <div className="min-w-0">
        <PhoneBar view={v} stepLabel={stepLabel} opponent={opponent} self={self} extra={<PhoneClocks m={m} names={names} online={online} />} />
        <p className="mb-1 min-h-6 text-sm font-medium text-slate-800 max-md:text-xs" data-testid="instruction" aria-live="polite">
          {instruction(m, names, legal, placedMine)}
        </p>
        {m.seat === null && (
          <div className="mb-2">
            <SpectatorWinBar m={m} names={names} />
          </div>
        )}
        <MoveClock m={m} names={names} onMove={send} />
        <AwayClock m={m} names={names} onMove={send} />
        {placing ? (
          <Placing key={`${m.seq}:${hand.map((c) => c.id).join(",")}`} hand={hand} renderGrid={grid} onPlace={(cards) => send({ type: "place", cards })} disabled={sending} />
        ) : (
          <>
            {grid()}
            <div className="mt-3">{m.seat === null ? <p className="text-xs text-slate-600">{names[0]}: {v.players[0].handCount} cards in hand</p> : <StaticHand cards={v.players[0].hand} count={v.players[0].handCount} />}</div>
          </>
        )}
      </div>
      <aside className="flex min-w-0 flex-col gap-3" aria-label="Game panel">
        <StatusPanel view={v} sides={v.players} stepLabel={stepLabel} thinking={false} opponent={opponent} self={self} />
        {/* on a phone the status bar says it (PhoneClocks) */}
        <p className="text-xs text-slate-600 max-md:hidden" data-testid="opponent-status">
          {opponentPlacedText(m, names)}
        </p>
        <ActionDock open={Boolean(pending) || m.status === "finished"}>
          {pending && <OnlineDecision view={m.view} pending={pending} names={names} onMove={send} disabled={sending} />}
          {m.status === "finished" && <GameOver m={m} names={names} />}
        </ActionDock>
        {active && (
          <button type="button" className="btn-danger self-start" onClick={() => window.confirm("Concede this game?") && send({ type: "concede" })}>
            Concede
          </button>
        )}
        <GameLog lines={lines} />
      </aside>
    </div>
  );
}

/** An online game: the stream's latest view drawn with the solo board's components; every choice goes to the referee. */
export function OnlineBoard({ code, chat }: { code: string; chat?: { signedIn: boolean; settings: ChatSettingsDTO | null; delay: number } }) {
  const s = usePlayStream(code);
  // on a phone the chat sits below the log: a toggle at the top opens it as a sheet over the board
  const [chatOpen, setChatOpen] = useState(false);
  if (s.state.kind === "connecting") return <p className="text-sm text-slate-600">Connecting to the game…</p>;
  if (s.state.kind === "waiting") return <p className="text-sm text-slate-700" data-testid="waiting">Waiting for an opponent to sit down…</p>;
  if (s.state.kind === "ended")
    return (
      <p role="alert" className="rounded border border-amber-300 bg-amber-50 p-3 text-sm">
        {s.state.message} <a className="underline" href={`/signin?callbackUrl=${encodeURIComponent(`/play/g/${code}`)}`}>Sign in</a>
      </p>
    );
  const m = s.state.message;
  return (
    <div>
      <p className="mb-2 flex flex-wrap gap-3 text-xs text-slate-600" data-testid="connection">
        <span className={s.online ? "text-emerald-700" : "font-semibold text-amber-700"}>{s.online ? "● Connected" : "● Reconnecting…"}</span>
        <span data-testid="spectators">{m.spectators} watching</span>
        <span>{m.pace === "live" ? "Live game" : "Correspondence game"}</span>
        {chat && chat.delay > 0 && m.status === "active" && (
          <span data-testid="spectator-delay">{m.seat === null ? `You see the game ${chat.delay} ${chat.delay === 1 ? "move" : "moves"} behind.` : `Spectators see the game ${chat.delay} ${chat.delay === 1 ? "move" : "moves"} behind.`}</span>
        )}
        {chat && (
          <button type="button" className="ml-auto rounded border border-slate-300 px-2 font-semibold text-blue-800 md:hidden" aria-expanded={chatOpen} aria-controls="game-chat" onClick={() => setChatOpen((o) => !o)} data-testid="dock-chat-toggle">
            {chatOpen ? "Close chat" : "Chat"}
          </button>
        )}
      </p>
      {s.error && (
        <div role="alert" className="mb-2 rounded border border-red-300 bg-red-50 p-2 text-sm text-red-800" data-testid="action-error">
          <strong>Not allowed:</strong> {s.error}{" "}
          <button type="button" className="ml-1 underline" onClick={s.clearError}>
            Dismiss
          </button>
        </div>
      )}
      <Table m={m} send={(move) => void s.send(move)} sending={s.sending} online={s.online} />
      {chat && (
        <div
          id="game-chat"
          data-open={chatOpen || undefined}
          className="max-md:data-open:fixed max-md:data-open:inset-x-0 max-md:data-open:bottom-0 max-md:data-open:z-40 max-md:data-open:max-h-[75vh] max-md:data-open:overflow-y-auto max-md:data-open:border-t max-md:data-open:border-slate-200 max-md:data-open:bg-white max-md:data-open:dark:bg-[#111a2e] max-md:data-open:p-2 max-md:data-open:shadow-[0_-4px_16px_rgb(15_23_42/0.18)] max-md:data-open:[&>div]:mt-0"
        >
          {chatOpen && (
            <div className="mb-2 flex items-center justify-between md:hidden">
              <h2 className="text-sm font-bold">Chat</h2>
              <button type="button" className="btn-secondary" onClick={() => setChatOpen(false)}>
                Back to the board
              </button>
            </div>
          )}
          <GameChat code={code} seat={m.seat} rooms={s.chat} signedIn={chat.signedIn} settings={chat.settings} />
        </div>
      )}
    </div>
  );
}
