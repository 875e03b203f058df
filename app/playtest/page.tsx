import type { Metadata } from "next";
import { randomInt } from "node:crypto";
import { PlaytestBoard } from "@/components/playtest/playtest-board";
import Link from "next/link";
import { getDeckForPlaytest, listMyDecks } from "@/lib/decks/data";
import { getPlaytestCards } from "@/lib/playtest/data";
import type { Actor } from "@/lib/server/actor";
import { authenticate, requireUserOrRedirect } from "@/lib/server/request-actor";
import { type DeckCheck } from "@/lib/decks";
import { deckListKeys } from "@/lib/playtest/cards";
import { parseSetupParams, resolveSetup, setupCardKeys, type CustomDeck, type DeckSource } from "@/lib/playtest/setup-params";
import { SetupForm, type LinkedInfo } from "@/components/playtest/setup-form";

/** The deck behind a deck link, through the decks DAL (which checks who may see it and that it is legal). */
async function loadLinkedDeck(actor: Actor | null, source: DeckSource): Promise<{ ok: true; deck: CustomDeck; check: DeckCheck } | { ok: false; reason: string } | null> {
  if (source.kind === "starter") return null;
  // Your own deck by id needs you signed in: sign in and come back.
  const viewer = source.kind === "deck" ? await requireUserOrRedirect(`/playtest?deck=${encodeURIComponent(source.deckId)}`) : actor;
  const r = await getDeckForPlaytest(viewer, source.kind === "deck" ? { deckId: source.deckId } : source.kind === "slug" ? { slug: source.slug } : { code: source.code });
  if (!r.ok) return { ok: false, reason: r.message };
  return { ok: true, deck: { name: r.name, keys: deckListKeys(r.cards) }, check: r.check };
}

export const metadata: Metadata = { title: "Playtest" };

export default async function PlaytestPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const choice = parseSetupParams(await searchParams);
  const actor = await authenticate("public");
  const linked = await loadLinkedDeck(actor, choice.source);
  const myDecks = actor ? (await listMyDecks(actor)).filter((d) => d.total > 0) : [];
  const linkedInfo: LinkedInfo | null = linked?.ok ? { name: linked.deck.name, size: linked.deck.keys.length, legal: linked.check.legal, summary: linked.check.summary } : null;
  const heading = (
    <div className="mb-4 flex flex-wrap items-baseline gap-3">
      <h1 className="text-2xl font-bold">Playtest</h1>
      <span className="badge-unofficial">Unofficial demo set</span>
    </div>
  );
  if (linked && !linked.ok)
    return (
      <div>
        {heading}
        <p role="alert" className="mb-4 max-w-2xl rounded border border-red-300 bg-red-50 p-3 text-sm text-red-800" data-testid="deck-link-error">
          This deck cannot be playtested: {linked.reason} Pick a starter deck instead.
        </p>
        <SetupForm choice={{ ...choice, source: { kind: "starter", slug: "team-sonic-speed" }, you: "team-sonic-speed" }} error={null} linked={null} myDecks={myDecks} />
      </div>
    );
  if (!choice.start)
    return (
      <div>
        {heading}
        <p className="mb-4 max-w-2xl text-slate-700">
          Play a full game against the AI on the real rules: place five cards face down against the opponent&apos;s spare row, flip in turn,
          and race to three Chaos Emeralds. New to the game? Play the <Link href="/learn" className="text-blue-700 underline">guided first game</Link>{" "}
          or read the <Link href="/rules" className="text-blue-700 underline">rules</Link>.
        </p>
        <SetupForm choice={choice} error={null} linked={linkedInfo} myDecks={myDecks} />
      </div>
    );
  const custom = linked?.ok ? linked.deck : null;
  // Both decks' cards come from the catalog in the database (every set, with admins' latest edits).
  const catalog = await getPlaytestCards(setupCardKeys(choice, custom));
  const r = resolveSetup(choice, choice.seed ?? randomInt(0, 0x7fffffff), catalog, custom);
  if (!r.ok)
    return (
      <div>
        {heading}
        <SetupForm choice={choice} error={r.error.reason} linked={linkedInfo} myDecks={myDecks} />
      </div>
    );
  return (
    <div>
      {heading}
      {linked?.ok && !linked.check.legal && (
        <p role="note" className="mb-3 max-w-3xl rounded border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950" data-testid="practice-mode">
          <strong>Practice mode:</strong> “{linked.deck.name}” is not a legal deck ({linked.check.summary}) The game plays with the {linked.deck.keys.length} {linked.deck.keys.length === 1 ? "card" : "cards"} it has: when your deck runs out, your discard pile is shuffled into a new one (
          <Link href="/rules#s4-5" className="underline">
            recharge
          </Link>
          ).
        </p>
      )}
      <PlaytestBoard setup={r.setup} />
    </div>
  );
}
