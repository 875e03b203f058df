import { beforeEach, describe, expect, it, vi } from "vitest";

// Every scrypt call goes through to node:crypto; the spy records what work each one asked for.
const scryptCalls = vi.hoisted(() => [] as { password: string; keylen: number; N: number; r: number; p: number }[]);
const inFlight = vi.hoisted(() => ({ now: 0, most: 0 }));
vi.mock("node:crypto", async (importOriginal) => {
  const real = await importOriginal<typeof import("node:crypto")>();
  return {
    ...real,
    scrypt: (password: string, salt: Buffer, keylen: number, opts: { N: number; r: number; p: number }, cb: (err: Error | null, key: Buffer) => void) => {
      scryptCalls.push({ password, keylen, N: opts.N, r: opts.r, p: opts.p });
      inFlight.most = Math.max(inFlight.most, ++inFlight.now);
      return real.scrypt(password, salt, keylen, opts, (err, key) => {
        inFlight.now--;
        cb(err, key);
      });
    },
  };
});

const { burnPasswordCheck, hashPassword, verifyPassword } = await import("@/lib/accounts/password");
beforeEach(() => {
  scryptCalls.length = 0;
});

describe("password hashing", () => {
  it("verifies the right password and rejects a wrong one", async () => {
    const hash = await hashPassword("correct horse battery");
    expect(hash).toMatch(/^scrypt\$32768\$8\$1\$/);
    expect(await verifyPassword("correct horse battery", hash)).toBe(true);
    expect(await verifyPassword("correct horse batterY", hash)).toBe(false);
  });

  it("salts: the same password hashes differently", async () => {
    expect(await hashPassword("same password")).not.toBe(await hashPassword("same password"));
  });

  it("treats a malformed stored hash as a mismatch", async () => {
    expect(await verifyPassword("x", "plain-text")).toBe(false);
    expect(await verifyPassword("x", "scrypt$0$0$0$$")).toBe(false);
  });

  it("burns a check for unknown emails: the same scrypt work as a real verification, and false", async () => {
    const hash = await hashPassword("correct horse battery");
    scryptCalls.length = 0;
    expect(await verifyPassword("guess one", hash)).toBe(false);
    const real = scryptCalls.splice(0);
    expect(real).toEqual([{ password: "guess one", keylen: 32, N: 32768, r: 8, p: 1 }]);
    expect(await burnPasswordCheck("guess two")).toBe(false);
    // the first burn also makes its dummy hash once; every burn then derives a key from the password given, with the real parameters
    expect(scryptCalls.filter((c) => c.password === "guess two")).toEqual([{ ...real[0], password: "guess two" }]);
    scryptCalls.length = 0;
    expect(await burnPasswordCheck("guess three")).toBe(false);
    expect(scryptCalls).toEqual([{ ...real[0], password: "guess three" }]);
  });

  it("runs at most all cores but one scrypt at a time; the others wait their turn and still answer right", async () => {
    const { availableParallelism } = await import("node:os");
    const hash = await hashPassword("correct horse battery");
    inFlight.most = 0;
    const answers = await Promise.all(["correct horse battery", "a", "b", "correct horse battery", "c", "d"].map((p) => verifyPassword(p, hash)));
    expect(answers).toEqual([true, false, false, true, false, false]);
    expect(inFlight.most).toBe(Math.min(6, Math.max(1, availableParallelism() - 1)));
    expect(inFlight.now).toBe(0);
  });
});
