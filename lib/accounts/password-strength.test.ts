import { describe, expect, it } from "vitest";
import { checkPasswordStrength } from "@/lib/accounts/password-strength";

describe("checkPasswordStrength", () => {
  it.each(["aaaaaaaaaa", "1234567890", "password12", "qwertyuiop", "iloveyou123"])("refuses the common or patterned %s with advice", (pw) => {
    const res = checkPasswordStrength(pw);
    expect(res.ok).toBe(false);
    if (!res.ok) expect(res.message).toMatch(/too easy to guess\. .+/);
  });

  it.each(["correct horse battery", "blue-ring-spin-dash-42", "a much longer admin secret"])("accepts %s", (pw) => {
    expect(checkPasswordStrength(pw)).toEqual({ ok: true });
  });

  it("counts the account's own email and name as guessable", () => {
    expect(checkPasswordStrength("xq7zmvpl2k", []).ok).toBe(true);
    expect(checkPasswordStrength("xq7zmvpl2k", ["xq7zmvpl2k@example.test", "Someone"]).ok).toBe(false);
  });
});
