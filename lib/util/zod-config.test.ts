import { describe, expect, it, vi } from "vitest";

describe("zod-config", () => {
  it("turns zod's JIT off through core's config, which the full z reads, so no schema probes for eval", async () => {
    await import("./zod-config");
    const { z } = await import("zod");
    expect(z.config().jitless).toBe(true);
    const probe = vi.spyOn(globalThis, "Function");
    expect(z.object({ a: z.string(), b: z.number() }).parse({ a: "x", b: 1 })).toEqual({ a: "x", b: 1 });
    expect(probe).not.toHaveBeenCalled();
    probe.mockRestore();
  });
});
