"use client";
/**
 * Runs one deck-doctor request (the swap doctor or the stand-in ranking) in a
 * Web Worker: the state, the games played so far, the report or the error.
 * A new start ends the previous worker; unmounting ends it too.
 */
import { useCallback, useEffect, useRef, useState } from "react";
import type { DoctorRequest } from "./doctor-worker";

type Message<R> = { type: "progress"; games: number } | { type: "done"; report: R } | { type: "error"; error: string };

export function useDoctorWorker<R extends { games: number }>() {
  const [state, setState] = useState<"idle" | "running" | "done" | "error">("idle");
  const [games, setGames] = useState(0);
  const [report, setReport] = useState<R | null>(null);
  const [error, setError] = useState<string | null>(null);
  const worker = useRef<Worker | null>(null);
  useEffect(() => () => worker.current?.terminate(), []);

  const start = useCallback((request: DoctorRequest) => {
    worker.current?.terminate();
    const w = new Worker(new URL("./doctor-worker.ts", import.meta.url), { type: "module" });
    worker.current = w;
    setState("running");
    setGames(0);
    setReport(null);
    setError(null);
    w.onmessage = (e: MessageEvent<Message<R>>) => {
      if (e.data.type === "progress") setGames(e.data.games);
      else if (e.data.type === "done") {
        setReport(e.data.report);
        setGames(e.data.report.games);
        setState("done");
        w.terminate();
      } else {
        setError(e.data.error);
        setState("error");
        w.terminate();
      }
    };
    w.postMessage(request);
  }, []);

  return { state, games, report, error, start };
}
