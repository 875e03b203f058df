import type { Metadata } from "next";
import Link from "next/link";
import { PlaytestBoard } from "@/components/playtest/playtest-board";
import { getPlaytestCards } from "@/lib/playtest/data";
import { parseSetupParams, resolveSetup, setupCardKeys } from "@/lib/playtest/setup-params";
import { TUTORIAL } from "@/lib/playtest/tutorial";

export const metadata: Metadata = { title: "Your first game", description: "A guided first game of the Sonic X Trading Card Game against the AI, with a hint for every step." };

export default async function LearnPage() {
  const choice = parseSetupParams({ start: "1", you: TUTORIAL.you, opp: TUTORIAL.opp, level: TUTORIAL.level, rule: TUTORIAL.rule, seed: String(TUTORIAL.seed), corrections: "0" });
  // The same deal every time: fixed decks and seed, on the catalog's current cards.
  const r = resolveSetup(choice, TUTORIAL.seed, await getPlaytestCards(setupCardKeys(choice)));
  return (
    <div>
      <div className="mb-3 flex flex-wrap items-baseline gap-3">
        <h1 className="text-2xl font-bold">Your first game</h1>
        <span className="badge-unofficial">Unofficial demo set</span>
      </div>
      <p className="mb-3 max-w-3xl text-slate-700">
        A guided game against an AI that plays at random: you play Team Sonic Speed, it plays Eggman Empire, with the same deal every time. Each step
        says what to do; the game moves on when you do it. The full rules are on the <Link href="/rules" className="text-blue-700 underline">rules page</Link>.
      </p>
      {r.ok ? (
        <PlaytestBoard setup={r.setup} guide />
      ) : (
        <p role="alert" className="rounded border border-red-300 bg-red-50 p-3 text-sm text-red-800">
          The guided game cannot start: {r.error.reason} An admin may have removed a starter deck&apos;s card from the catalog.
        </p>
      )}
    </div>
  );
}
