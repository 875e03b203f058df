import { POST as importRoute } from "@/app/api/collection/import/route";
import type { ImportActionData } from "@/lib/collection/types";

/** The collection tests' helpers (lib/collection/data/collection*.test.ts); the test files mock the database and the session before importing this. */

/** Posts an import form to POST /api/collection/import and reads its stream of lines to the result, as the page does. */
export async function importCollection(_prev: null, fd: FormData): Promise<{ ok: true; message: string; status: number; data: ImportActionData; progress: string[] } | { ok: false; message: string; status: number; progress: string[] }> {
  const res = await importRoute(new Request("http://app.test/api/collection/import", { method: "POST", body: fd, headers: { origin: "http://app.test", host: "app.test" } }));
  if (!res.ok) return { ok: false, status: res.status, message: ((await res.json()) as { error: { message: string } }).error.message, progress: [] };
  const lines = (await res.text())
    .trim()
    .split("\n")
    .map((l) => JSON.parse(l) as { type: string; ok?: boolean; message: string; data?: ImportActionData; phase?: string });
  const last = lines.at(-1)!;
  const progress = lines.filter((l) => l.type === "progress").map((l) => l.phase!);
  return last.type === "result" && last.ok ? { ok: true, message: last.message, data: last.data!, status: res.status, progress } : { ok: false, message: last.message, status: res.status, progress };
}

/** A form with these fields (an array adds the field once per value). */
export function form(fields: Record<string, string | string[] | File>): FormData {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) {
    if (Array.isArray(v)) for (const x of v) fd.append(k, x);
    else fd.append(k, v);
  }
  return fd;
}
