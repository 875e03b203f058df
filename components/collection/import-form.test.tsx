// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ActionResult } from "@/lib/server/action-result";
import type { ImportActionData } from "@/lib/collection/types";

const importCollection = vi.hoisted(() => vi.fn<(prev: unknown, form: FormData) => Promise<ActionResult<ImportActionData>>>());
// the form posts to the streaming import route through sendImport
vi.mock("@/components/collection/send-import", () => ({ sendImport: (form: FormData) => importCollection(null, form) }));

const { ImportForm } = await import("./import-form");

const CSV = "set,number,title,quantity\nDEMO,1,Sonic the Hedgehog,2\n";

function report(over: Partial<ImportActionData> = {}): ImportActionData {
  return {
    mode: "add",
    source: { id: "ringbinder", label: "Ringbinder CSV" },
    lines: [{ rows: [2], cardId: "c1", key: "DEMO-001", title: "Sonic the Hedgehog", quantity: 2, current: 1, next: 3 }],
    errors: [],
    summary: { changed: 1, added: 2, removed: 0, removedEntries: 0, placed: 0, newBinders: [] },
    canApply: true,
    applied: false,
    format: "csv",
    fileName: "pasted text",
    ...over,
  };
}

beforeEach(() => importCollection.mockReset());
afterEach(cleanup);

function paste(text: string) {
  fireEvent.change(screen.getByLabelText("…or paste it here"), { target: { value: text } });
}
const applyAdd = () => screen.getByRole("button", { name: "Apply: add to my collection" }) as HTMLButtonElement;

async function check() {
  await act(async () => {
    fireEvent.click(screen.getByRole("button", { name: "Check (dry run)" }));
  });
}

describe("ImportForm", () => {
  it("asks for a file or text before checking", async () => {
    render(<ImportForm />);
    await check();
    expect(screen.getByRole("alert").textContent).toBe("Choose a CSV or JSON file, or paste its contents.");
    expect(importCollection).not.toHaveBeenCalled();
    expect(applyAdd().disabled).toBe(true);
  });

  it("checks pasted text as a dry run, shows the report, then applies it", async () => {
    importCollection.mockResolvedValueOnce({ ok: true, data: report(), message: "Dry run: 1 change." });
    render(<ImportForm />);
    paste(CSV);
    await check();
    await waitFor(() => expect(screen.getByTestId("import-summary").textContent).toContain("1 card matched · 1 change · +2 / −0 copies"));
    const sent = importCollection.mock.calls[0][1];
    expect(Object.fromEntries(sent.entries())).toEqual({ text: CSV, fileName: "pasted text", mode: "add", intent: "check" });
    expect(screen.getByRole("region", { name: "Dry run result" }).textContent).toContain("Dry run: pasted text (CSV, add to)");
    expect(screen.getByTestId("import-lines").textContent).toContain("DEMO-001");
    expect(applyAdd().disabled).toBe(false);

    importCollection.mockResolvedValueOnce({ ok: true, data: report({ applied: true }), message: "Imported 1 card." });
    await act(async () => {
      fireEvent.click(applyAdd());
    });
    await waitFor(() => expect(screen.getByRole("region", { name: "Import result" })).toBeTruthy());
    expect(importCollection.mock.calls[1][1].get("intent")).toBe("apply");
    expect(screen.getByText("Imported 1 card.")).toBeTruthy();
    expect(applyAdd().disabled).toBe(true);
  });

  it("offers apply only for the exact text and mode that passed the check", async () => {
    importCollection.mockResolvedValue({ ok: true, data: report(), message: "Dry run: 1 change." });
    render(<ImportForm />);
    paste(CSV);
    await check();
    await waitFor(() => expect(applyAdd().disabled).toBe(false));
    paste(CSV + "DEMO,2,Tails,1\n");
    expect(applyAdd().disabled).toBe(true);
    await check();
    await waitFor(() => expect(applyAdd().disabled).toBe(false));
    fireEvent.click(screen.getByLabelText(/Replace/));
    expect((screen.getByRole("button", { name: "Apply: replace my collection" }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("lists row errors and offers no apply", async () => {
    importCollection.mockResolvedValueOnce({
      ok: true,
      data: report({ lines: [], canApply: false, errors: [{ row: 3, code: "import/unknown-card", message: "No card DEMO-999." }], summary: { changed: 0, added: 0, removed: 0, removedEntries: 4, placed: 0, newBinders: [] }, mode: "replace" }),
      message: "1 row error.",
    });
    render(<ImportForm />);
    fireEvent.click(screen.getByLabelText(/Replace/));
    paste("set,number,quantity\nDEMO,999,1\n");
    await check();
    await waitFor(() => expect(screen.getByTestId("import-errors").textContent).toContain("No card DEMO-999."));
    expect(screen.getByText("1 row error: nothing can be imported until they are fixed")).toBeTruthy();
    expect(screen.getByTestId("import-summary").textContent).toContain("4 cards not in the file would drop to 0");
    expect((screen.getByRole("button", { name: "Apply: replace my collection" }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("shows the action's refusal", async () => {
    importCollection.mockResolvedValueOnce({ ok: false, message: "Please sign in first.", fieldErrors: { file: ["That file is not CSV or JSON."] } });
    render(<ImportForm />);
    paste("garbage");
    await check();
    await waitFor(() => expect(screen.getAllByRole("alert").map((a) => a.textContent)).toEqual(["That file is not CSV or JSON.", "Please sign in first."]));
  });

  it("reads a chosen file, and refuses one over the size limit", async () => {
    importCollection.mockResolvedValueOnce({ ok: true, data: report({ fileName: "mine.csv" }), message: "Dry run: 1 change." });
    render(<ImportForm />);
    const input = screen.getByLabelText(/Collection file/) as HTMLInputElement;
    const file = new File([CSV], "mine.csv", { type: "text/csv" });
    // jsdom's File has no text()
    Object.defineProperty(file, "text", { value: async () => CSV });
    await act(async () => {
      fireEvent.change(input, { target: { files: [file] } });
    });
    await waitFor(() => expect(screen.getByTestId("import-loaded").textContent).toBe(`Loaded mine.csv (${CSV.length} bytes).`));
    await check();
    expect(importCollection.mock.calls[0][1].get("fileName")).toBe("mine.csv");

    const huge = new File(["x"], "huge.csv");
    Object.defineProperty(huge, "size", { value: 3 * 1024 * 1024 });
    await act(async () => {
      fireEvent.change(input, { target: { files: [huge] } });
    });
    expect(screen.getByRole("alert").textContent).toMatch(/imports are limited to 2/);
    expect(screen.queryByTestId("import-loaded")).toBeNull();
  });

  it("refuses pasted text over the size limit without sending it", async () => {
    render(<ImportForm />);
    paste("x".repeat(2 * 1024 * 1024 + 1));
    await check();
    expect(screen.getByRole("alert").textContent).toMatch(/imports are limited to 2/);
    expect(importCollection).not.toHaveBeenCalled();
  });
});
