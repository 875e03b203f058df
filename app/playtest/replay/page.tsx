import type { Metadata } from "next";
import Link from "next/link";
import { ReplayViewer } from "@/components/board/replay-viewer";
import { resolveCardKeys } from "@/lib/playtest/cards";
import { decodeReplay } from "@/lib/playtest/replay-link";
import { defaultRules } from "@/lib/playtest/session";

export const metadata: Metadata = { title: "Replay" };

function Problem({ message }: { message: string }) {
  return (
    <div className="panel max-w-2xl space-y-3">
      <h1 className="text-xl font-bold">This replay cannot be shown</h1>
      <p role="alert" className="text-red-800" data-testid="replay-error">
        {message}
      </p>
      <Link href="/playtest" className="btn-primary">
        Start a new playtest
      </Link>
    </div>
  );
}

export default async function ReplayPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const sp = await searchParams;
  const r = Array.isArray(sp.r) ? sp.r[0] : sp.r;
  if (!r) return <Problem message="This link has no replay in it (the r parameter is missing)." />;
  const d = decodeReplay(r);
  if (!d.ok) return <Problem message={d.error.reason} />;
  const p = d.payload;
  const a = resolveCardKeys(p.deckKeys[0]);
  const b = resolveCardKeys(p.deckKeys[1]);
  if (!a.ok || !b.ok) return <Problem message={(!a.ok ? a.error : !b.ok ? b.error : null)!.reason} />;
  return (
    <div>
      <div className="mb-3 flex flex-wrap items-baseline gap-3">
        <h1 className="text-2xl font-bold">Replay</h1>
        <span className="text-sm text-slate-600">
          {p.deckNames[0]} vs {p.deckNames[1]} · AI {p.level}
        </span>
        <Link href="/playtest" className="text-sm text-blue-700 underline">
          New playtest
        </Link>
      </div>
      <ReplayViewer
        decks={[a.cards, b.cards]}
        seed={p.seed}
        rules={defaultRules({ columnRule: p.columnRule, maxTurns: p.maxTurns })}
        actions={p.actions}
        conceded={p.conceded}
        names={p.deckNames}
      />
    </div>
  );
}
