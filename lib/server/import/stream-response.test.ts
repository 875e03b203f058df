import { afterEach, describe, expect, it, vi } from "vitest";
import { importStreamResponse } from "@/lib/server/import/stream-response";
import { DomainError } from "@/lib/server/errors";
import type { OnImportProgress } from "@/lib/server/import/progress";

/** An import whose steps the test releases one at a time: it reports progress, then waits, `steps` times. */
function gatedImport(steps: number) {
  const gates: (() => void)[] = [];
  const reached: number[] = [];
  let finished = false;
  let waiting: (() => void) | null = null;
  const atGate = () => new Promise<void>((resolve) => (waiting = resolve));
  const run = async (onProgress: OnImportProgress) => {
    for (let i = 1; i <= steps; i++) {
      onProgress({ phase: "apply", done: i, total: steps });
      reached.push(i);
      await new Promise<void>((resolve) => {
        gates.push(resolve);
        waiting?.();
      });
    }
    onProgress({ phase: "done", done: steps, total: steps });
    finished = true;
    return { ok: true, message: "Imported.", data: { rows: steps } };
  };
  return {
    run,
    reached,
    finished: () => finished,
    /** Waits until the import stands at its next gate, then lets it through. */
    async release() {
      if (gates.length === 0) await atGate();
      gates.shift()!();
    },
  };
}

async function readLine(reader: ReadableStreamDefaultReader<Uint8Array>): Promise<unknown> {
  const { value } = await reader.read();
  return JSON.parse(new TextDecoder().decode(value).trim());
}

const turn = () => new Promise((resolve) => setTimeout(resolve, 5));

afterEach(() => vi.restoreAllMocks());

describe("an import route's answer stream", () => {
  it("sends progress, then the result, then ends", async () => {
    const job = gatedImport(1);
    const reader = importStreamResponse(job.run).body!.getReader();
    expect(await readLine(reader)).toEqual({ type: "progress", phase: "apply", done: 1, total: 1 });
    await job.release();
    expect(await readLine(reader)).toEqual({ type: "progress", phase: "done", done: 1, total: 1 });
    expect(await readLine(reader)).toEqual({ type: "result", ok: true, message: "Imported.", data: { rows: 1 } });
    expect((await reader.read()).done).toBe(true);
  });

  it("a client that disconnects mid-import: the import runs to its end, and nothing is thrown or logged", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const unhandled: unknown[] = [];
    const onUnhandled = (e: unknown) => unhandled.push(e);
    process.on("unhandledRejection", onUnhandled);
    try {
      const job = gatedImport(3);
      const reader = importStreamResponse(job.run).body!.getReader();
      expect(await readLine(reader)).toMatchObject({ type: "progress", done: 1 });
      // the browser goes away: the server cancels the response body
      await reader.cancel("client disconnected");
      await job.release();
      await job.release();
      await job.release();
      await turn();
      expect(job.reached).toEqual([1, 2, 3]);
      expect(job.finished()).toBe(true);
      await turn();
      expect(errors).not.toHaveBeenCalled();
      expect(unhandled).toEqual([]);
    } finally {
      process.off("unhandledRejection", onUnhandled);
    }
  });

  it("a refused import's error line, and an unexpected failure logged once with a generic line", async () => {
    const refused = importStreamResponse(async () => {
      throw new DomainError("import/conflict", "Changed meanwhile.");
    }).body!.getReader();
    expect(await readLine(refused)).toEqual({ type: "error", code: "import/conflict", message: "Changed meanwhile." });
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const failed = importStreamResponse(async () => {
      throw new Error("disk full");
    }).body!.getReader();
    expect(await readLine(failed)).toMatchObject({ type: "error", code: "import/failed" });
    expect(errors).toHaveBeenCalledTimes(1);
  });
});
