"use client";
import { useEffect, useState } from "react";
import { ReplayHeader } from "./replay-header";
import { ReplayProblem } from "./replay-problem";
import { SoloReplay } from "@/components/playtest/solo-replay";
import { replayCardsAction } from "@/lib/playtest/actions";
import { resolveCardKeys, type BoardCardDef } from "@/lib/playtest/cards";
import { decodeReplay, type ReplayPayload } from "@/lib/playtest/replay-link";
import { HUMAN, defaultRules } from "@/lib/playtest/session";

type State =
  | { status: "loading" }
  | { status: "error"; message: string }
  | { status: "ready"; payload: ReplayPayload; decks: [BoardCardDef[], BoardCardDef[]] };

/** The replay in the link's fragment (`#r=…`): read in the browser, so no request header carries it. */
function replayFromHash(): string | null {
  const hash = window.location.hash.replace(/^#/, "");
  return new URLSearchParams(hash).get("r");
}

/** Decodes the replay in the URL fragment, loads its cards from today's catalog and shows it. */
export function ReplayFromLink() {
  const [state, setState] = useState<State>({ status: "loading" });
  useEffect(() => {
    let cancelled = false;
    // Each load (the first, then one per hashchange) takes a number; only the
    // latest may set the state, so a slower earlier load cannot replace the
    // replay of the fragment the page shows now.
    let latest = 0;
    async function load(mine: number) {
      const stale = () => cancelled || mine !== latest;
      const r = replayFromHash();
      if (!r) return setState({ status: "error", message: "This link has no replay in it (nothing after #r=)." });
      const d = decodeReplay(r);
      if (!d.ok) return setState({ status: "error", message: d.error.reason });
      const p = d.payload;
      const res = await replayCardsAction([...p.deckKeys[0], ...p.deckKeys[1]]);
      if (stale()) return;
      if (!res.ok) return setState({ status: "error", message: res.message });
      const catalog = new Map(res.data);
      const a = resolveCardKeys(p.deckKeys[0], catalog);
      const b = resolveCardKeys(p.deckKeys[1], catalog);
      if (!a.ok || !b.ok) {
        const missing = [...new Set([...(!a.ok ? a.error.missing : []), ...(!b.ok ? b.error.missing : [])])];
        return setState({
          status: "error",
          message: `This replay uses ${missing.length === 1 ? "a card that no longer exists" : "cards that no longer exist"} in the catalog (${missing.join(", ")}), so the game cannot be replayed.`,
        });
      }
      setState({ status: "ready", payload: p, decks: [a.cards, b.cards] });
    }
    const start = () => {
      const mine = ++latest;
      load(mine).catch(() => mine === latest && !cancelled && setState({ status: "error", message: "The replay's cards could not be loaded. Try again in a moment." }));
    };
    start();
    const onHash = () => {
      setState({ status: "loading" });
      start();
    };
    window.addEventListener("hashchange", onHash);
    return () => {
      cancelled = true;
      window.removeEventListener("hashchange", onHash);
    };
  }, []);

  if (state.status === "loading") {
    return (
      <p className="text-slate-600" role="status" data-testid="replay-loading">
        Loading the replay…
      </p>
    );
  }
  if (state.status === "error") return <ReplayProblem message={state.message} />;
  const p = state.payload;
  return (
    <div>
      <ReplayHeader deckNames={p.deckNames} level={p.level} />
      <SoloReplay
        decks={state.decks}
        seed={p.seed}
        rules={defaultRules({ columnRule: p.columnRule, maxTurns: p.maxTurns, ...(p.corrections ? { manualCorrections: [HUMAN] } : {}) })}
        actions={p.actions}
        conceded={p.conceded}
        names={p.deckNames}
      />
    </div>
  );
}
