import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

/**
 * The architecture rules in eslint.config.mjs, proven to fire: each fixture in
 * test/lint-fixtures breaks one rule and is linted as if it sat at the path its
 * first line names ("// lint-as: lib/engine/fixture.ts"). The fixtures
 * directory itself is ignored by the normal lint run.
 */
const root = path.resolve(__dirname, "..");
const dir = path.join(root, "test/lint-fixtures");
const eslint = new ESLint({ cwd: root });

async function lintFixture(name: string) {
  const text = readFileSync(path.join(dir, name), "utf8");
  const as = /^\/\/ lint-as: (\S+)/.exec(text)?.[1];
  if (!as) throw new Error(`${name} has no "// lint-as:" line`);
  const [result] = await eslint.lintText(text, { filePath: path.join(root, as) });
  return result.messages.map((m) => ({ rule: m.ruleId, message: m.message, line: m.line }));
}

const expected: Record<string, { rule: string; text: RegExp; count: number }> = {
  "engine-imports-db.ts": { rule: "import/no-restricted-paths", text: /lib\/engine imports nothing outside itself/, count: 1 },
  "engine-imports-app-code.ts": { rule: "import/no-restricted-paths", text: /lib\/engine imports nothing outside itself/, count: 2 },
  "engine-imports-node.ts": { rule: "no-restricted-imports", text: /lib\/engine must not import Node built-ins/, count: 1 },
  "prisma-outside-data.ts": { rule: "import/no-restricted-paths", text: /Only a feature's data access \(lib\/<feature>\/data\) and lib\/server\/db touch Prisma/, count: 2 },
  "component-imports-data.tsx": { rule: "import/no-restricted-paths", text: /Components never import data access/, count: 1 },
  "feature-imports-internals.ts": { rule: "import/no-restricted-paths", text: /lib\/lab reaches another feature only through its top-level modules and its data entry/, count: 2 },
  "action-enters-system-path.ts": { rule: "import/no-restricted-paths", text: /command-line tools' system path/, count: 1 },
  "data-reads-session.ts": { rule: "import/no-restricted-paths", text: /Data access takes the actor as its first parameter/, count: 2 },
  "app-imports-db.tsx": { rule: "import/no-restricted-paths", text: /Only a feature's data access \(lib\/<feature>\/data\) and lib\/server\/db touch Prisma/, count: 1 },
  "imports-next-internals.ts": { rule: "no-restricted-imports", text: /never from next\/dist/, count: 1 },
  "requires-next-internals.ts": { rule: "no-restricted-syntax", text: /never from next\/dist/, count: 2 },
};

describe("architecture lint rules", () => {
  it("has an expectation for every fixture", () => {
    const files = readdirSync(dir).filter((f) => f !== "allowed.ts");
    expect(files.sort()).toEqual(Object.keys(expected).sort());
  });

  for (const [file, want] of Object.entries(expected)) {
    it(`${file} breaks its rule`, async () => {
      const messages = await lintFixture(file);
      const hits = messages.filter((m) => m.rule === want.rule && want.text.test(m.message));
      expect(hits, JSON.stringify(messages)).toHaveLength(want.count);
    });
  }

  it("the control fixture (a data access file using the database) passes", async () => {
    expect(await lintFixture("allowed.ts")).toEqual([]);
  });
});
