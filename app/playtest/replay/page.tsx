import type { Metadata } from "next";
import { ReplayHeader } from "@/components/playtest/replay-header";
import { SoloReplay } from "@/components/playtest/solo-replay";
import { ReplayFromLink } from "@/components/playtest/replay-from-link";
import { getPlaytestCards } from "@/lib/playtest/data";
import { resolveCardKeys } from "@/lib/playtest/cards";
import { decodeReplay } from "@/lib/playtest/replay-link";
import { HUMAN, defaultRules } from "@/lib/playtest/session";
import { ReplayProblem } from "@/components/playtest/replay-problem";

export const metadata: Metadata = { title: "Replay" };

export default async function ReplayPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const sp = await searchParams;
  const r = Array.isArray(sp.r) ? sp.r[0] : sp.r;
  // Links carry the replay in the fragment (#r=…), read in the browser; older ?r= links still work here.
  if (!r) return <ReplayFromLink />;
  const d = decodeReplay(r);
  if (!d.ok) return <ReplayProblem message={d.error.reason} />;
  const p = d.payload;
  // The cards are looked up in today's catalog: a card deleted since the game was played cannot be replayed.
  const catalog = await getPlaytestCards([...p.deckKeys[0], ...p.deckKeys[1]]);
  const a = resolveCardKeys(p.deckKeys[0], catalog);
  const b = resolveCardKeys(p.deckKeys[1], catalog);
  if (!a.ok || !b.ok) {
    const missing = [...(!a.ok ? a.error.missing : []), ...(!b.ok ? b.error.missing : [])];
    return (
      <ReplayProblem
        message={`This replay uses ${missing.length === 1 ? "a card that no longer exists" : "cards that no longer exist"} in the catalog (${[...new Set(missing)].join(", ")}), so the game cannot be replayed.`}
      />
    );
  }
  return (
    <div>
      <ReplayHeader deckNames={p.deckNames} level={p.level} />
      <SoloReplay
        decks={[a.cards, b.cards]}
        seed={p.seed}
        rules={defaultRules({ columnRule: p.columnRule, maxTurns: p.maxTurns, ...(p.corrections ? { manualCorrections: [HUMAN] } : {}) })}
        actions={p.actions}
        conceded={p.conceded}
        names={p.deckNames}
      />
    </div>
  );
}
