// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ImportReport } from "@/lib/catalog/types";

const actions = vi.hoisted(() => ({
  importCatalogAction: vi.fn(),
  deleteCardAction: vi.fn(),
}));
vi.mock("@/lib/catalog/actions/catalog-import", () => ({ importCatalogAction: actions.importCatalogAction }));
vi.mock("@/lib/catalog/actions/catalog", () => ({ deleteCardAction: actions.deleteCardAction }));

const { ImportForm } = await import("./import-form");
const { DeleteCardForm } = await import("./delete-card-form");

beforeEach(() => {
  for (const f of Object.values(actions)) f.mockReset();
});
afterEach(cleanup);

describe("catalog ImportForm", () => {
  const report = (over: Partial<ImportReport> = {}): ImportReport => ({
    ok: false,
    applied: false,
    fileError: null,
    counts: { create: 1, update: 1, unchanged: 0, reject: 1 },
    rows: [
      { line: 2, key: "DEMO-001", action: "create", errors: [], changes: [] },
      { line: 3, key: "DEMO-002", action: "update", errors: [], changes: [{ field: "rings", before: "2", after: "3" }] },
      { line: 4, key: null, action: "reject", errors: ["number: Expected a whole number"], changes: [] },
    ],
    ...over,
  });

  function choose(size = 100) {
    const file = new File(["x"], "cards.csv", { type: "text/csv" });
    Object.defineProperty(file, "size", { value: size });
    fireEvent.change(screen.getByLabelText("Catalog file (JSON or CSV, at most 2 MB)"), { target: { files: [file] } });
  }

  it("needs a file, and refuses one over the limit before sending it", () => {
    render(<ImportForm maxMb={2} />);
    expect((screen.getByRole("button", { name: "Dry run" }) as HTMLButtonElement).disabled).toBe(true);
    choose(5 * 1024 * 1024);
    expect(screen.getByText("This file is 5.0 MB; the limit is 2 MB. Split it into smaller files.")).toBeTruthy();
    expect((screen.getByRole("button", { name: "Apply import" }) as HTMLButtonElement).disabled).toBe(true);
  });

  /** The streaming import route's answer: progress lines, then the result (lib/server/import/stream-response.ts). */
  function streamReply(lines: object[]) {
    const body = new ReadableStream<Uint8Array>({
      start(c) {
        for (const l of lines) c.enqueue(new TextEncoder().encode(`${JSON.stringify(l)}\n`));
        c.close();
      },
    });
    const fetchMock = vi.fn(async () => new Response(body, { status: 200, headers: { "Content-Type": "application/x-ndjson" } }));
    vi.stubGlobal("fetch", fetchMock);
    return fetchMock;
  }
  afterEach(() => vi.unstubAllGlobals());

  it("shows a dry run row by row, rejected rows first (sent to the streaming import route)", async () => {
    const fetchMock = streamReply([
      { type: "progress", phase: "stage", done: 1, total: 3 },
      { type: "result", ok: true, data: report(), message: "1 row is rejected: nothing was written." },
    ]);
    render(<ImportForm maxMb={2} />);
    choose();
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Dry run" }));
    });
    await waitFor(() => expect(screen.getByRole("heading", { name: /Dry run: 1 create · 1 update · 0 unchanged · 1 rejected/ })).toBeTruthy());
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe("/api/catalog/import");
    expect((init.body as FormData).get("mode")).toBe("dry-run");
    expect(actions.importCatalogAction).not.toHaveBeenCalled();
    const rows = within(screen.getByRole("table", { name: "Import rows" })).getAllByRole("row").slice(1);
    expect(rows.map((r) => (r as HTMLTableRowElement).cells[0].textContent)).toEqual(["4", "2", "3"]);
    expect(rows[0].textContent).toContain("number: Expected a whole number");
    expect(rows[2].textContent).toContain("rings: 2 → 3");
    expect(screen.getByRole("alert").textContent).toBe("1 row is rejected: nothing was written.");
  });

  it("shows the route's error, and a refused request's message", async () => {
    const fetchMock = streamReply([{ type: "error", code: "import/file", message: "The file could not be read: missing column title." }]);
    render(<ImportForm maxMb={2} />);
    choose();
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Apply import" }));
    });
    await waitFor(() => expect(screen.getByRole("alert").textContent).toBe("The file could not be read: missing column title."));
    expect(((fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1].body as FormData).get("mode")).toBe("apply");
    vi.stubGlobal("fetch", vi.fn(async () => Response.json({ error: { code: "rate-limited", message: "Too many imports: try again in 5 minutes." } }, { status: 429 })));
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Apply import" }));
    });
    await waitFor(() => expect(screen.getByRole("alert").textContent).toBe("Too many imports: try again in 5 minutes."));
  });
});

describe("DeleteCardForm", () => {
  it("deletes only after confirmation, and shows the refusal", async () => {
    actions.deleteCardAction.mockResolvedValue({ ok: false, message: "DEMO-001 is in 2 decks: it cannot be deleted." });
    const confirm = vi.spyOn(window, "confirm").mockReturnValue(false);
    render(<DeleteCardForm id="c1" label="DEMO-001 Sonic" />);
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Delete card" }));
    });
    expect(confirm).toHaveBeenCalledWith("Delete DEMO-001 Sonic? This cannot be undone.");
    expect(actions.deleteCardAction).not.toHaveBeenCalled();
    confirm.mockReturnValue(true);
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Delete card" }));
    });
    await waitFor(() => expect(screen.getByRole("alert").textContent).toBe("DEMO-001 is in 2 decks: it cannot be deleted."));
    expect(actions.deleteCardAction.mock.calls[0][1].get("id")).toBe("c1");
    confirm.mockRestore();
  });
});
