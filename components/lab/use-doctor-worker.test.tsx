// @vitest-environment jsdom
import { act, renderHook } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { useDoctorWorker } from "./use-doctor-worker";
import type { DoctorRequest } from "./doctor-worker";

/** A stand-in Web Worker: records what it is sent and lets the test answer. */
class FakeWorker {
  static last: FakeWorker | null = null;
  sent: unknown[] = [];
  terminated = false;
  onmessage: ((e: MessageEvent) => void) | null = null;
  constructor() {
    FakeWorker.last = this;
  }
  postMessage(m: unknown) {
    this.sent.push(m);
  }
  terminate() {
    this.terminated = true;
  }
  answer(data: unknown) {
    this.onmessage?.({ data } as MessageEvent);
  }
}

afterEach(() => vi.unstubAllGlobals());

describe("useDoctorWorker", () => {
  it("runs a request in a worker: progress, then the report; a new start ends the old worker and clears the error", () => {
    vi.stubGlobal("Worker", FakeWorker);
    const { result, unmount } = renderHook(() => useDoctorWorker<{ games: number; best: string }>());
    expect(result.current.state).toBe("idle");
    const request: DoctorRequest = { kind: "stand-ins", input: { deck: [], lines: [], opponents: [], agents: ["random", "random"], seed: 1 } };
    act(() => result.current.start(request));
    const first = FakeWorker.last!;
    expect(first.sent).toEqual([request]);
    expect(result.current.state).toBe("running");
    act(() => first.answer({ type: "progress", games: 120 }));
    expect(result.current.games).toBe(120);
    act(() => first.answer({ type: "error", error: "boom" }));
    expect(result.current).toMatchObject({ state: "error", error: "boom" });
    expect(first.terminated).toBe(true);

    act(() => result.current.start(request));
    const second = FakeWorker.last!;
    expect(second).not.toBe(first);
    expect(result.current).toMatchObject({ state: "running", error: null, games: 0, report: null });
    act(() => second.answer({ type: "done", report: { games: 300, best: "DEMO-001" } }));
    expect(result.current).toMatchObject({ state: "done", games: 300, report: { games: 300, best: "DEMO-001" } });
    expect(second.terminated).toBe(true);

    act(() => result.current.start(request));
    const third = FakeWorker.last!;
    unmount();
    expect(third.terminated).toBe(true);
  });
});
