import { describe, expect, it } from "vitest";
import { createResetToken, resetTokenUserId, verifyResetToken, RESET_TOKEN_TTL_MS } from "./reset-token";

const user = { id: "u1", passwordHash: "scrypt$abc" };
const secret = "s".repeat(32);

describe("password reset tokens", () => {
  it("verify for their user until they expire", () => {
    const t = createResetToken(user, secret, 1000);
    expect(resetTokenUserId(t)).toBe("u1");
    expect(verifyResetToken(t, user, secret, 1000 + RESET_TOKEN_TTL_MS - 1)).toEqual({ ok: true });
    expect(verifyResetToken(t, user, secret, 1000 + RESET_TOKEN_TTL_MS + 1)).toEqual({ ok: false, reason: "expired" });
  });

  it("stop working once the password changed (one use), and never for another user, secret or a tampered payload", () => {
    const t = createResetToken(user, secret, 1000);
    expect(verifyResetToken(t, { ...user, passwordHash: "scrypt$new" }, secret, 2000)).toEqual({ ok: false, reason: "invalid" });
    expect(verifyResetToken(t, { id: "u2", passwordHash: user.passwordHash }, secret, 2000)).toEqual({ ok: false, reason: "invalid" });
    expect(verifyResetToken(t, user, "t".repeat(32), 2000)).toEqual({ ok: false, reason: "invalid" });
    const [, sig] = t.split(".");
    const forged = `${Buffer.from(JSON.stringify({ u: "u1", e: 9e15 })).toString("base64url")}.${sig}`;
    expect(verifyResetToken(forged, user, secret, 2000)).toEqual({ ok: false, reason: "invalid" });
    expect(verifyResetToken("nonsense", user, secret, 2000)).toEqual({ ok: false, reason: "malformed" });
    expect(resetTokenUserId("%%%")).toBeNull();
  });
});
