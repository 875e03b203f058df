import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const dir = mkdtempSync(path.join(tmpdir(), "rb-cleanup-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/**
 * A tool in a child process: it starts a "server" (a process that ignores
 * SIGTERM, as a busy one may), registers a scratch file to remove, and then
 * ends the way `how` says. The test then checks that nothing is left behind.
 * The server is tracked with a 300 ms grace (the default is 5 s): it ignores
 * SIGTERM, so every run waits the whole grace before its SIGKILL.
 */
function tool(how: "fail" | "throw" | "wait" | "ok") {
  const file = path.join(dir, `tool-${how}.ts`);
  const scratch = path.join(dir, `scratch-${how}.db`);
  const pidFile = path.join(dir, `server-${how}.pid`);
  writeFileSync(
    file,
    `import { spawn } from "node:child_process";
import { writeFileSync, rmSync } from "node:fs";
import { onCleanup, runTool, tracked, ToolFailure } from ${JSON.stringify(path.resolve("scripts/lib/cleanup.ts"))};
runTool(async () => {
  writeFileSync(${JSON.stringify(scratch)}, "scratch");
  onCleanup(() => rmSync(${JSON.stringify(scratch)}, { force: true }));
  const server = tracked(spawn(process.execPath, ["-e", "process.on('SIGTERM', () => {}); console.log('up'); setInterval(() => {}, 1000)"], { stdio: ["ignore", "pipe", "ignore"], detached: true }), 300);
  await new Promise((resolve) => server.stdout!.once("data", resolve));
  writeFileSync(${JSON.stringify(pidFile)}, String(server.pid));
  console.log("ready");
  if (${JSON.stringify(how)} === "fail") throw new ToolFailure("a mode failed");
  if (${JSON.stringify(how)} === "throw") throw new Error("a bug");
  if (${JSON.stringify(how)} === "wait") await new Promise(() => {});
});
`,
  );
  const child = spawn(path.resolve("node_modules/.bin/tsx"), [file], { stdio: ["ignore", "pipe", "pipe"] });
  let out = "";
  let err = "";
  child.stdout.on("data", (d) => (out += d));
  child.stderr.on("data", (d) => (err += d));
  const ready = new Promise<void>((resolve) => child.stdout.on("data", () => out.includes("ready") && resolve()));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return { child, ready, exited, scratch, pidFile, output: () => ({ out, err }) };
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe("runTool cleanup", () => {
  for (const [how, code, says] of [
    ["ok", 0, ""],
    ["fail", 2, "a mode failed"],
    ["throw", 1, "a bug"],
  ] as const) {
    it(`${how}: exits ${code} with its server stopped (SIGKILL after the grace) and its scratch removed`, async () => {
      const t = tool(how);
      expect(await t.exited).toBe(code);
      const pid = Number(readFileSync(t.pidFile, "utf8"));
      expect(alive(pid)).toBe(false);
      expect(existsSync(t.scratch)).toBe(false);
      expect(t.output().err).toContain(says);
    });
  }

  it("Ctrl-C: stops the server, removes the scratch, and exits 130", async () => {
    const t = tool("wait");
    await t.ready;
    const pid = Number(readFileSync(t.pidFile, "utf8"));
    expect(alive(pid)).toBe(true);
    t.child.kill("SIGINT");
    expect(await t.exited).toBe(130);
    expect(alive(pid)).toBe(false);
    expect(existsSync(t.scratch)).toBe(false);
  });
});
