import { describe, expect, it } from "vitest";
import { utf8ByteLength } from "@/lib/util/utf8";

describe("utf8ByteLength", () => {
  it("counts the UTF-8 bytes of every character width", () => {
    expect(utf8ByteLength("")).toBe(0);
    expect(utf8ByteLength("set,number")).toBe(10);
    expect(utf8ByteLength("é")).toBe(2);
    expect(utf8ByteLength("→")).toBe(3);
    expect(utf8ByteLength("🦔")).toBe(4);
    const text = "Crème Brûlée 🦔 → ".repeat(1000);
    expect(utf8ByteLength(text)).toBe(new TextEncoder().encode(text).length);
  });
});
