import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { walk } from "@/test/walk";
import { HELP_TOPICS, helpTopic } from "./help-topics";

describe("help topics", () => {
  it("names only its own topics, each a file of docs/", () => {
    expect(helpTopic("effects")).toMatchObject({ file: "effects.md" });
    expect(helpTopic("__proto__")).toBeNull();
    expect(helpTopic("../README")).toBeNull();
    for (const t of Object.values(HELP_TOPICS)) expect(readFileSync(`docs/${t.file}`, "utf8").length).toBeGreaterThan(100);
  });

  it("no page or component a player sees shows a repository path (docs/….md): they link to /help instead", () => {
    const files = [...walk("components", (f) => f.endsWith(".tsx")), ...walk("app", (f) => f.endsWith(".tsx"))].filter((f) => !f.includes(".test.") && !f.startsWith("app/admin"));
    const shown: string[] = [];
    for (const f of files) {
      const lines = readFileSync(f, "utf8").split("\n");
      lines.forEach((line, i) => {
        const code = line.trim();
        if (code.startsWith("*") || code.startsWith("/*") || code.startsWith("//")) return;
        if (/docs\/[a-z-]+\.md/.test(code.replace(/\/\/.*$/, "").replace(/\{\/\*.*?\*\/\}/g, ""))) shown.push(`${f}:${i + 1}`);
      });
    }
    expect(shown).toEqual([]);
  });
});
