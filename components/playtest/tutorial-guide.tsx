"use client";

import Link from "next/link";
import type { Hint } from "@/lib/playtest/tutorial";

/** The guided game's hint for the current step: what to do now, and the rules section behind it. */
export function TutorialGuide({ hint }: { hint: Hint | null }) {
  return (
    <section aria-labelledby="guide-h" className="mb-3 rounded-lg border-2 border-amber-400 bg-amber-50 p-3 text-amber-950" data-testid="tutorial-hint">
      <p className="text-xs font-semibold uppercase tracking-wide text-amber-800">
        Guided first game
      </p>
      <div aria-live="polite">
        {hint ? (
          <>
            <h2 id="guide-h" className="font-bold">
              {hint.title}
            </h2>
            <p className="text-sm">{hint.text}</p>
            {hint.rule && (
              <p className="mt-1 text-xs">
                <Link href={`/rules#s${hint.rule.replace(/\./g, "-")}`} target="_blank" rel="noopener" className="font-semibold underline">
                  Rules §{hint.rule} (opens in a new tab)
                </Link>
              </p>
            )}
            {hint.id === "over" && (
              <p className="mt-2 flex flex-wrap gap-2">
                <Link href="/playtest" className="btn-primary">
                  Start a real game
                </Link>
                <Link href="/learn" className="btn-secondary">
                  Play the guided game again
                </Link>
              </p>
            )}
          </>
        ) : (
          <h2 id="guide-h" className="text-sm">
            You know the basics now: the hints stay quiet unless something new comes up. The AI plays at random in this game.
          </h2>
        )}
      </div>
    </section>
  );
}
