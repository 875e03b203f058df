"use client";
/**
 * The win-probability bar's estimate for the step on screen, computed in one
 * Web Worker (coach-client.ts) from the public view only. One request is in
 * flight at a time: steps skipped past while it runs are never asked for,
 * and answers are cached per step key.
 */
import { useEffect, useRef, useState } from "react";
import type { CardDef, PlayerView } from "@/lib/engine";
import { createChannel, type CoachChannel } from "./coach-client";

interface Want {
  key: string;
  view: PlayerView;
  decks: [CardDef[], CardDef[]] | null;
}

/** `view` is any side's view of the step (only its public part is used); `key` names the step. */
export function useWinChance(key: string, view: PlayerView | null, decks: [CardDef[], CardDef[]] | null, make: () => CoachChannel = createChannel) {
  const channel = useRef<CoachChannel | null>(null);
  const cache = useRef(new Map<string, [number, number] | null>());
  const busy = useRef(false);
  const wanted = useRef<Want | null>(null);
  const [latest, setLatest] = useState<[number, number] | null>(null);
  const [answers, setAnswers] = useState<Record<string, [number, number] | null>>({});
  useEffect(() => {
    wanted.current = view ? { key, view, decks } : null;
    const pump = () => {
      const w = wanted.current;
      if (busy.current || !w || cache.current.has(w.key)) return;
      busy.current = true;
      channel.current ??= make();
      channel.current
        .ask({ kind: "chance", view: w.view, decks: w.decks })
        .then((a) => {
          if (a.kind === "chance") {
            cache.current.set(w.key, a.chance);
            if (a.chance) setLatest(a.chance);
            setAnswers((m) => ({ ...m, [w.key]: a.chance }));
          }
        })
        .catch(() => {})
        .finally(() => {
          busy.current = false;
          pump();
        });
    };
    pump();
  }, [key, view, decks, make]);
  useEffect(
    () => () => {
      channel.current?.terminate();
      channel.current = null;
      busy.current = false;
    },
    [],
  );
  const answered = key in answers;
  return { chance: answers[key] ?? latest, updating: view !== null && !answered };
}
