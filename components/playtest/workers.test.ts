// The Web Worker entry points and the AI runner's worker path, run in-process:
// `self` is a stand-in scope whose postMessage records the answers.
import { afterEach, describe, expect, it, vi } from "vitest";
import { legalActions, playerView, type Action } from "@/lib/engine";
import { mixedDecks } from "@/lib/engine/test-fixtures";
import { parseSetupParams, resolveSetup } from "@/lib/playtest/setup-params";
import { AI, startSession } from "@/lib/playtest/session";
import { demoCatalog } from "@/lib/playtest/test-catalog";

type Scope = { onmessage: ((e: { data: unknown }) => void) | null; postMessage: ReturnType<typeof vi.fn> };

/** Loads a worker module into a fresh stand-in scope. */
async function loadWorker(path: string): Promise<Scope> {
  const scope: Scope = { onmessage: null, postMessage: vi.fn() };
  vi.stubGlobal("self", scope);
  vi.resetModules();
  await import(/* @vite-ignore */ path);
  return scope;
}

afterEach(() => vi.unstubAllGlobals());

/** An AI request at the start of a game, where the AI has a placement to make. */
function aiRequest() {
  const r = resolveSetup(parseSetupParams({ start: "1" }), 3, demoCatalog());
  if (!r.ok) throw new Error(r.error.reason);
  const state = startSession(r.setup).state;
  return { state, req: { view: playerView(state, AI), level: "random" as const, seed: 9 } };
}

describe("ai-worker", () => {
  it("answers with one of the AI's legal actions, or with the error", async () => {
    const scope = await loadWorker("./ai-worker");
    const { state, req } = aiRequest();
    scope.onmessage!({ data: { id: 4, req } });
    const answer = scope.postMessage.mock.calls[0][0];
    expect(answer).toMatchObject({ id: 4, ok: true, answer: { level: "random" } });
    expect(legalActions(state, AI).map((a: Action) => JSON.stringify(a))).toContain(JSON.stringify(answer.answer.action));
    scope.onmessage!({ data: { id: 5, req: { ...req, view: null } } });
    expect(scope.postMessage.mock.calls[1][0]).toMatchObject({ id: 5, ok: false, error: expect.any(String) });
  });
});

describe("lab-worker", () => {
  it("keeps the matchups it is given and answers each chunk with its tally", async () => {
    const scope = await loadWorker("@/components/lab/lab-worker");
    const [a, b] = mixedDecks();
    scope.onmessage!({ data: { type: "init", specs: [{ you: a, opp: b, agents: ["random", "random"], seed: 1 }] } });
    expect(scope.postMessage).not.toHaveBeenCalled();
    scope.onmessage!({ data: { type: "chunk", matchup: 0, from: 0, to: 2 } });
    const reply = scope.postMessage.mock.calls[0][0];
    expect(reply).toMatchObject({ ok: true, matchup: 0, from: 0, to: 2 });
    expect(reply.tally.games).toBe(2);
    scope.onmessage!({ data: { type: "chunk", matchup: 3, from: 0, to: 1 } });
    expect(scope.postMessage.mock.calls[1][0]).toMatchObject({ ok: false, matchup: 3, error: expect.any(String) });
  });
});

describe("doctor-worker", () => {
  it("answers with the report, or with the error of a request it cannot run", async () => {
    const scope = await loadWorker("@/components/lab/doctor-worker");
    const [a, b] = mixedDecks();
    const deck = a.map((def) => ({ key: def.title, title: def.title, def }));
    scope.onmessage!({ data: { kind: "stand-ins", input: { deck, lines: [], opponents: [b], agents: ["random", "random"], seed: 1, firstRound: 2 } } });
    const done = scope.postMessage.mock.calls.at(-1)![0];
    expect(done.type).toBe("done");
    expect(done.report.lines).toEqual([]);
    scope.onmessage!({ data: { kind: "doctor", input: { deck: [], opponents: [], agents: ["random", "random"], seed: 1 } } });
    expect(scope.postMessage.mock.calls.at(-1)![0]).toEqual({ type: "error", error: expect.stringMatching(/./) });
  });
});

describe("createAiRunner", () => {
  it("asks a Web Worker when there is one, and rejects what is waiting when stopped", async () => {
    const scope = await loadWorker("./ai-worker");
    const posted: unknown[] = [];
    class FakeWorker {
      onmessage: ((e: { data: unknown }) => void) | null = null;
      onerror: ((e: { message: string }) => void) | null = null;
      terminated = false;
      postMessage(data: unknown) {
        posted.push(data);
        // the worker's answer arrives later, through onmessage
        scope.postMessage.mockImplementationOnce((reply: unknown) => setTimeout(() => this.onmessage?.({ data: reply }), 0));
        scope.onmessage!({ data });
      }
      terminate() {
        this.terminated = true;
      }
    }
    vi.stubGlobal("Worker", FakeWorker);
    const { createAiRunner } = await import("./ai-runner");
    const runner = createAiRunner();
    const { state, req } = aiRequest();
    const answer = await runner.ask(req);
    expect(legalActions(state, AI).map((a) => JSON.stringify(a))).toContain(JSON.stringify(answer.action));
    expect(posted).toHaveLength(1);
    const failing = runner.ask({ ...req, view: null as never });
    await expect(failing).rejects.toThrow();
    // a question still waiting when the runner is stopped is rejected
    scope.postMessage.mockImplementationOnce(() => {});
    const pending = runner.ask(req);
    runner.dispose();
    await expect(pending).rejects.toThrow("The AI was stopped.");
  });

  it("runs in-thread where there is no Worker", async () => {
    vi.stubGlobal("Worker", undefined);
    const { createAiRunner } = await import("./ai-runner");
    const { state, req } = aiRequest();
    const answer = await createAiRunner().ask(req);
    expect(legalActions(state, AI).map((a) => JSON.stringify(a))).toContain(JSON.stringify(answer.action));
  });
});
