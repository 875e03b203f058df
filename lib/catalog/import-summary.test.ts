import { describe, expect, it } from "vitest";
import { REPORT_OTHER_ROWS, reportForPage } from "@/lib/catalog/import-summary";
import type { ImportReport, ImportRowReport } from "@/lib/catalog/types";

const row = (line: number, action: ImportRowReport["action"]): ImportRowReport => ({ line, key: `DEMO-${line}`, action, errors: action === "reject" ? ["bad"] : [], changes: [] });

describe("reportForPage", () => {
  it("keeps every rejected row and the first rows without problems, and counts the rest", () => {
    const rows = Array.from({ length: 1000 }, (_, i) => row(i + 2, i % 100 === 99 ? "reject" : "create"));
    const report: ImportReport = { ok: false, applied: false, fileError: null, rows, counts: { create: 990, update: 0, unchanged: 0, reject: 10 } };
    const page = reportForPage(report);
    expect(page.rows.filter((r) => r.action === "reject")).toHaveLength(10);
    expect(page.rows.filter((r) => r.action !== "reject")).toEqual(rows.filter((r) => r.action !== "reject").slice(0, REPORT_OTHER_ROWS));
    expect(page.omittedRows).toBe(990 - REPORT_OTHER_ROWS);
    // file order is kept, and the counts are the whole file's
    expect(page.rows.map((r) => r.line)).toEqual([...page.rows.map((r) => r.line)].sort((a, b) => a - b));
    expect(page.counts).toEqual(report.counts);
  });

  it("leaves a small report whole", () => {
    const report: ImportReport = { ok: true, applied: true, fileError: null, rows: [row(2, "create"), row(3, "update")], counts: { create: 1, update: 1, unchanged: 0, reject: 0 } };
    expect(reportForPage(report)).toEqual({ ...report, omittedRows: 0 });
  });
});
