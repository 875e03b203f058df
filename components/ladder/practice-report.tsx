"use client";
import { useState, useTransition } from "react";
import Link from "next/link";
import { recordPracticeAction } from "@/lib/ladder/actions";

/**
 * On a finished solo game: adds it to the player's practice rating (the
 * server replays it and rates it against the AI level's fixed rating).
 */
export function PracticeReport({ replay }: { replay: () => string }) {
  const [pending, start] = useTransition();
  const [done, setDone] = useState<string | null>(null);
  const [error, setError] = useState<{ message: string; signIn: boolean } | null>(null);
  if (done)
    return (
      <p className="text-sm" role="status" data-testid="practice-recorded">
        {done}{" "}
        <Link className="text-blue-700 underline" href="/play/ladder">
          See the ladder
        </Link>
      </p>
    );
  return (
    <div className="space-y-1">
      <button
        type="button"
        className="btn-secondary"
        disabled={pending}
        data-testid="practice-report"
        onClick={() =>
          start(async () => {
            const r = await recordPracticeAction({ replay: replay() });
            if (!r.ok) return setError({ message: r.message, signIn: r.code === "auth/unauthenticated" });
            const word = r.data.result === "win" ? "Win" : r.data.result === "loss" ? "Loss" : "Draw";
            setDone(`${word} added: your practice rating is ${r.data.rating.rating} ±${r.data.rating.rd}.`);
          })
        }
      >
        Add to my practice rating
      </button>
      {error && (
        <p role="alert" className="field-error">
          {error.message}{" "}
          {error.signIn && (
            <Link className="text-blue-700 underline" href="/signin?callbackUrl=%2Fplaytest">
              Sign in
            </Link>
          )}
        </p>
      )}
    </div>
  );
}
