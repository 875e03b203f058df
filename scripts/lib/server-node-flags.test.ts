import { describe, expect, it } from "vitest";
import { serverNodeFlags, serverStartOptions, startFlagsOf, startOptionsOf } from "./server-node-flags";

describe("the production server's node flags", () => {
  it("are read from package.json's start script, which gives V8 a larger young generation", () => {
    expect(serverNodeFlags()).toContain("--max-semi-space-size=64");
  });

  it("and next start's own options: idle connections are kept longer than a proxy's usual 60 s", () => {
    const options = serverStartOptions();
    expect(Number(options[options.indexOf("--keepAliveTimeout") + 1])).toBeGreaterThan(60_000);
    expect(startOptionsOf("node --a node_modules/next/dist/bin/next start --keepAliveTimeout 65000 --x=1")).toEqual(["--keepAliveTimeout", "65000", "--x", "1"]);
    expect(startOptionsOf("node node_modules/next/dist/bin/next start")).toEqual([]);
  });

  it("reads the flags between node and next start, and refuses a start script that runs the server otherwise", () => {
    expect(startFlagsOf("tsx scripts/prepare-app.ts && node --a=1 --b node_modules/next/dist/bin/next start")).toEqual(["--a=1", "--b"]);
    expect(startFlagsOf("node node_modules/next/dist/bin/next start")).toEqual([]);
    expect(() => startFlagsOf("tsx scripts/prepare-app.ts && next start")).toThrow(/does not run/);
  });
});
