"use client";
import "./board.css";
import { useMemo, useState } from "react";
import { checkAction, playersToAct, type GameState } from "@/lib/engine";
import type { BoardCardDef } from "@/lib/playtest/cards";
import { boardModel, eventsShown, humanizeMessage, legalFlipColumns, logLines, turnEndModel } from "@/lib/playtest/presentation";
import { encodeReplay } from "@/lib/playtest/replay-link";
import { HUMAN, type GameSetup } from "@/lib/playtest/session";
import { BoardGrid, type GridRef, type SlotMode } from "./board-grid";
import { PlacementDock, placementCells, StaticHand, usePlacement } from "./placement";
import { DecisionPrompt, TurnEndPanel } from "./prompts";
import { CorrectionPanel, correctionAction, correctionTargetsOf, type CorrectionChoice } from "./correction-panel";
import { GameLog, StatusPanel } from "./side-panel";
import { useGame, type UseGameOptions } from "./use-game";
import { ShareReplay } from "./share-replay";
import { PracticeReport } from "@/components/ladder/practice-report";
import { ActionDock, boardLayout, PhoneBar } from "./phone-bar";
import { BoardLegend } from "./legend";
import { COLUMN_RULE_INFO, LEVEL_INFO } from "@/lib/playtest/levels";
import { RuleRefText } from "@/components/rules/rule-ref-text";
import { TutorialGuide } from "./tutorial-guide";
import { tutorialHint } from "@/lib/playtest/tutorial";

function stepLabel(s: GameState, turnEnd: boolean, conceded: boolean): string {
  if (conceded) return "Conceded";
  if (s.winner !== null) return "Game over";
  if (turnEnd) return "Score & recharge";
  if (s.pending?.kind === "correction") return "Rush: manual correction";
  if (s.pending) return "Rush: decision";
  return s.step === "play" ? "Play step" : s.step === "rush" ? "Rush step" : "Game over";
}

/**
 * The field and your hand. In the play step it holds the arrangement of hand
 * cards into the chaos slots (local until confirmed); otherwise it shows the
 * hand. One component in one place for every step, so the field stays mounted
 * when the play step starts and ends (only the five chaos cells change).
 */
function BoardArea({
  state,
  placing,
  resetKey,
  onPlace,
  renderGrid,
  staticHand,
}: {
  state: GameState;
  placing: boolean;
  /** A new arrangement starts when this changes (a new turn or another hand). */
  resetKey: string;
  onPlace: (cards: (number | null)[]) => void;
  renderGrid: (chaos?: React.ReactNode[]) => React.ReactNode;
  staticHand: React.ReactNode;
}) {
  const hand = useMemo(() => state.players[HUMAN].hand.map((id) => ({ id, card: state.cards[id] })), [state]);
  const p = usePlacement(hand);
  const [arrangedFor, setArrangedFor] = useState(resetKey);
  if (arrangedFor !== resetKey) {
    // A new turn or hand: start a fresh arrangement (state reset during render, React's documented pattern).
    setArrangedFor(resetKey);
    p.clear();
  }
  if (!placing)
    return (
      <>
        {renderGrid()}
        <div className="mt-3">{staticHand}</div>
      </>
    );
  const facing = (column: number) => {
    const x = state.players[1].spare[column - 1];
    if (!x) return "an empty AI spare slot";
    const c = state.cards[x.card] as BoardCardDef;
    return `the AI's ${c.title} (${x.color ?? c.colors.join("/")} ${c.rings}) in its spare row`;
  };
  const problem = checkAction(state, { type: "place", player: HUMAN, cards: p.slots });
  return (
    <>
      {renderGrid(placementCells(p, facing))}
      <PlacementDock p={p} need={5} ready={problem === null} onConfirm={() => onPlace(p.slots)} />
    </>
  );
}

/**
 * The solo playtest board against the AI. Draws the engine's state as the
 * human's player view; every click becomes an engine action. With `guide`, a
 * hint for each step of a guided first game sits above the board.
 */
export function PlaytestBoard({ setup, options, guide = false }: { setup: GameSetup; options?: UseGameOptions; guide?: boolean }) {
  const g = useGame(setup, options);
  const { session, turnEnd, revealAll, error, thinking, ghosts } = g.state;
  const s = session.state;
  const model = useMemo(() => (turnEnd ? turnEndModel(turnEnd, revealAll) : boardModel(s, revealAll)), [turnEnd, revealAll, s]);
  const over = s.winner !== null || session.conceded;
  const humanTurn = !over && turnEnd === null && playersToAct(s).includes(HUMAN);
  const flips = useMemo(() => (humanTurn && s.step === "rush" && s.pending === null ? legalFlipColumns(s) : []), [humanTurn, s]);
  const pending = humanTurn && s.pending && s.pending.player === HUMAN ? s.pending : null;
  const [shareOpen, setShareOpen] = useState(false);
  const [corr, setCorr] = useState<CorrectionChoice>({ op: "discard", amount: -1 });
  const corrTargets = useMemo(
    () => (pending?.kind === "correction" && !(corr.op === "rings" && (!Number.isInteger(corr.amount) || corr.amount === 0)) ? correctionTargetsOf(pending, corr.op) : []),
    [pending, corr],
  );
  const lines = useMemo(() => logLines(eventsShown(session.events, turnEnd), revealAll, s.cards), [session.events, turnEnd, revealAll, s.cards]);

  const modeOf = (r: GridRef): SlotMode => {
    if (pending?.kind === "correction") return corrTargets.some((o) => o.player === r.player && o.row === r.row && o.column === r.column) ? "target" : null;
    if (pending && (pending.kind === "target" || pending.kind === "battle"))
      return pending.options.some((o) => o.player === r.player && o.row === r.row && o.column === r.column) ? "target" : null;
    if (flips.length > 0 && r.player === HUMAN && r.row === "chaos") {
      const x = s.players[HUMAN].chaos[r.column - 1];
      if (!x || x.faceUp) return null;
      return flips.includes(r.column) ? "legal" : "illegal";
    }
    return null;
  };
  const onSlot = (r: GridRef) => {
    if (pending?.kind === "correction") {
      g.apply(correctionAction(corr, { player: r.player, row: r.row, column: r.column }));
      return;
    }
    if (pending && (pending.kind === "target" || pending.kind === "battle")) g.apply({ type: "choose", player: HUMAN, slot: { player: r.player, row: r.row, column: r.column } });
    else g.apply({ type: "flip", player: HUMAN, column: r.column });
  };

  const grid = (chaos?: React.ReactNode[]) => (
    <BoardGrid sides={model.sides} revealed={model.revealed} ghosts={ghosts} modeOf={modeOf} onSlot={onSlot} chaosOverride={chaos} lastFlip={turnEnd ? null : s.lastFlip} />
  );

  const placing = humanTurn && s.step === "play" && s.pending === null;
  const resetKey = `${s.turn}:${s.players[HUMAN].hand.join(",")}`;
  const apply = g.apply;
  // The field and hand do not change while the AI thinks: keep them out of those renders.
  const boardArea = useMemo(
    () => (
      <BoardArea
        state={s}
        placing={placing}
        resetKey={resetKey}
        onPlace={(cards) => apply({ type: "place", player: HUMAN, cards })}
        renderGrid={grid}
        staticHand={<StaticHand cards={model.sides[HUMAN].hand} count={model.sides[HUMAN].handCount} />}
      />
    ),
    // grid() reads model, ghosts, flips, pending, the correction targets and the last flip, all listed here.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [s, placing, resetKey, apply, model, ghosts, flips, pending, corrTargets, turnEnd, s.lastFlip],
  );

  const instruction = over
    ? null
    : turnEnd
      ? "Score and recharge: continue when ready."
      : thinking
        ? "The AI is thinking…"
        : pending?.kind === "correction"
          ? "Manual correction: apply what your card's text says (panel on the right), then choose Done."
          : pending
          ? "Answer the decision below."
          : humanTurn && s.step === "play"
            ? "Play step: arrange 5 cards face down in your chaos row, facing the AI's spare row, then confirm."
            : humanTurn && s.step === "rush"
              ? "Rush step: your flip. Highlighted cards may be flipped."
              : s.step === "play"
                ? "Waiting for the AI to place its cards."
                : "Waiting for the AI's flip.";

  // On a phone the next action docks at the bottom of the screen (ActionDock) while there is one.
  const dockOpen = Boolean(error || g.state.aiError || pending || turnEnd || over);
  // the game as a replay link's `r` value (shared, and reported for the practice rating)
  const replayCode = () =>
    encodeReplay({
      deckKeys: setup.deckKeys,
      deckNames: setup.deckNames,
      seed: session.setup.seed,
      aiSeed: session.setup.aiSeed,
      columnRule: setup.rules.columnRule,
      maxTurns: setup.rules.maxTurns,
      level: setup.level,
      actions: session.actions,
      conceded: session.conceded,
      corrections: setup.rules.manualCorrections?.includes(HUMAN) ?? false,
    });
  const winnerText = session.conceded
    ? "You conceded. The AI wins."
    : s.winner === "draw"
      ? "The game is a draw."
      : s.winner === HUMAN
        ? "You win! You hold 3 Chaos Emeralds."
        : s.winner === 1
          ? "The AI wins with 3 Chaos Emeralds."
          : null;

  return (
    <div className={boardLayout(placing ? "placement" : dockOpen ? "action" : null)}>
      <div className="min-w-0">
        {revealAll && (
          <p className="mb-2 rounded border-2 border-dashed border-orange-500 bg-orange-50 px-3 py-1 text-sm font-semibold text-orange-800" role="status">
            Reveal-all study mode: the AI&apos;s hidden cards are shown. The AI still sees only its own view.
          </p>
        )}
        {guide && <TutorialGuide hint={tutorialHint(turnEnd ? turnEnd.after : s, turnEnd, humanTurn)} />}
        <PhoneBar view={model.view} stepLabel={stepLabel(s, turnEnd !== null, session.conceded)} flip={turnEnd === null} />
        <p className="mb-2 min-h-6 text-sm font-medium text-slate-800 max-md:mb-1 max-md:text-xs" data-testid="instruction" aria-live="polite">
          {instruction}
        </p>
        {boardArea}
        {model.revealed && model.sides[1].hand && (
          <div className="mt-2">
            <p className="text-xs font-semibold text-orange-800">AI hand (revealed)</p>
            <StaticHand cards={model.sides[1].hand} count={model.sides[1].handCount} />
          </div>
        )}
      </div>
      <aside className="flex min-w-0 flex-col gap-3" aria-label="Game panel">
        <StatusPanel view={model.view} sides={model.sides} stepLabel={stepLabel(s, turnEnd !== null, session.conceded)} thinking={thinking} />
<ActionDock open={dockOpen}>
        <div role="alert" aria-live="assertive" className="empty:hidden">
          {error && (
            <div className="rounded border border-red-300 bg-red-50 p-2 text-sm text-red-800" data-testid="action-error">
              <strong>Not allowed:</strong> <RuleRefText text={humanizeMessage(error.reason)} />{" "}
              <button type="button" className="ml-1 underline" onClick={g.clearError}>
                Dismiss
              </button>
            </div>
          )}
        </div>
        {g.state.aiError && (
          <div role="alert" className="rounded border border-red-300 bg-red-50 p-2 text-sm text-red-800">
            AI problem: {g.state.aiError}{" "}
            <button type="button" className="underline" onClick={g.retryAi}>
              Retry
            </button>
          </div>
        )}
        {pending && pending.kind === "correction" && <CorrectionPanel state={s} pending={pending} choice={corr} onChoice={setCorr} onAct={g.apply} />}
        {pending && pending.kind !== "correction" && <DecisionPrompt state={s} pending={pending} onAct={g.apply} />}
        {turnEnd && <TurnEndPanel t={turnEnd} revealAll={revealAll} auto={g.state.auto} onContinue={g.continueTurnEnd} onAuto={g.setAuto} />}
        {over && !turnEnd && (
          <section className="panel border-2 border-emerald-500 p-3" data-testid="game-over" aria-live="polite">
            <h2 className="font-bold">Game over</h2>
            <p className="text-sm" data-testid="winner">
              {winnerText}
            </p>
            <div className="mt-2 flex flex-wrap gap-2">
              <button type="button" className="btn-primary" onClick={g.newShuffle}>
                Play again (new shuffle)
              </button>
              <button type="button" className="btn-secondary" onClick={() => setShareOpen(true)}>
                Share replay
              </button>
            </div>
            {!guide && <PracticeReport key={`${session.setup.seed}:${session.setup.aiSeed}`} replay={replayCode} />}
          </section>
        )}
        </ActionDock>
        <section aria-label="Solo tools" className="panel flex flex-wrap gap-2 p-3">
          <button type="button" className="btn-secondary" onClick={g.undo} disabled={!g.canUndo} title="Undo your last action and the AI's reply">
            Undo
          </button>
          <button type="button" className="btn-secondary" onClick={g.restartSame}>
            Restart (same shuffle)
          </button>
          <button type="button" className="btn-secondary" onClick={g.newShuffle}>
            New shuffle
          </button>
          <label className="flex items-center gap-1 text-sm">
            <input type="checkbox" checked={revealAll} onChange={(e) => g.setRevealAll(e.target.checked)} /> Reveal all (study)
          </label>
          <button type="button" className="btn-secondary" onClick={() => setShareOpen((o) => !o)} aria-expanded={shareOpen}>
            Share replay
          </button>
          <button
            type="button"
            className="btn-danger"
            disabled={over}
            onClick={() => {
              if (window.confirm("Concede this game?")) g.concede();
            }}
          >
            Concede
          </button>
          {shareOpen && (
            <ShareReplay
              code={replayCode()}
            />
          )}
        </section>
        <GameLog lines={lines} />
        <BoardLegend />
        <p className="text-xs text-slate-500">
          {setup.deckNames[0]} vs {setup.deckNames[1]} · AI: {LEVEL_INFO[setup.level].name} · column rule: {COLUMN_RULE_INFO[setup.rules.columnRule].name} · manual corrections {setup.rules.manualCorrections?.includes(HUMAN) ? "on" : "off"} · seed {session.setup.seed}
          {g.state.aiTimes.length > 0 && ` · last AI answer ${Math.round(g.state.aiTimes[g.state.aiTimes.length - 1])} ms`}
        </p>
      </aside>
    </div>
  );
}
