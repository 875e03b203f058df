import { describe, expect, it } from "vitest";
import { serverNodeFlags, startFlagsOf } from "./server-node-flags";

describe("the production server's node flags", () => {
  it("are read from package.json's start script, which gives V8 a larger young generation", () => {
    expect(serverNodeFlags()).toContain("--max-semi-space-size=64");
  });

  it("reads the flags between node and next start, and refuses a start script that runs the server otherwise", () => {
    expect(startFlagsOf("tsx scripts/prepare-app.ts && node --a=1 --b node_modules/next/dist/bin/next start")).toEqual(["--a=1", "--b"]);
    expect(startFlagsOf("node node_modules/next/dist/bin/next start")).toEqual([]);
    expect(() => startFlagsOf("tsx scripts/prepare-app.ts && next start")).toThrow(/does not run/);
  });
});
