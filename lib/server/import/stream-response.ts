import { DomainError } from "@/lib/server/errors";
import { throttleProgress, type ImportStreamLine, type OnImportProgress } from "@/lib/server/import/progress";

/**
 * The answer of an import route: a stream of JSON lines (application/x-ndjson),
 * `{"type":"progress","phase","done","total"}` at most every 100 ms while the
 * import runs, then one `{"type":"result",ok,message,data}` or
 * `{"type":"error",code,message}` line. The forms draw their progress bars
 * from it (components/ui/import-progress.tsx).
 */
export function importStreamResponse<T>(run: (onProgress: OnImportProgress) => Promise<{ ok: boolean; message: string; data: T }>): Response {
  const encoder = new TextEncoder();
  const stream = new ReadableStream<Uint8Array>({
    async start(controller) {
      const send = (line: ImportStreamLine<T>) => controller.enqueue(encoder.encode(`${JSON.stringify(line)}\n`));
      const onProgress = throttleProgress((p) => send({ type: "progress", ...p }));
      try {
        // a turn of the event loop first: the import's first steps do not run in the same task as the end of the upload
        await new Promise((resolve) => setTimeout(resolve, 0));
        send({ type: "result", ...(await run(onProgress)) });
      } catch (e) {
        if (e instanceof DomainError) send({ type: "error", code: e.code, message: e.message });
        else {
          console.error(e);
          send({ type: "error", code: "import/failed", message: "The import failed and nothing was written. Try again; if it keeps failing, check the server log." });
        }
      }
      controller.close();
    },
  });
  return new Response(stream, { headers: { "Content-Type": "application/x-ndjson; charset=utf-8", "Cache-Control": "private, no-store", "X-Accel-Buffering": "no" } });
}

/** Route handlers get no cross-site protection from Next: only this site's pages may post an import. */
export function sameOrigin(request: Request): boolean {
  const origin = request.headers.get("origin");
  if (!origin) return false;
  try {
    return new URL(origin).host === (request.headers.get("x-forwarded-host") ?? request.headers.get("host"));
  } catch {
    return false;
  }
}
