import { describe, expect, it } from "vitest";
import { ACTION_BODY_LIMIT, actionBodyProblem, jsonDepth } from "./action-body";

const post = (body: BodyInit, headers: Record<string, string> = { "content-type": "text/plain;charset=UTF-8" }) => new Request("http://rb.example/signin", { method: "POST", body, headers });

describe("actionBodyProblem", () => {
  it("lets well-formed bodies through: JSON arguments, a form, nothing", async () => {
    expect(await actionBodyProblem(post('[{"email":"a@b.c"},"$K1"]'))).toBeNull();
    const form = new FormData();
    form.set("$ACTION_ID_abc", "");
    form.set("email", "a@b.c");
    expect(await actionBodyProblem(new Request("http://rb.example/signin", { method: "POST", body: form }))).toBeNull();
    expect(await actionBodyProblem(post(""))).toBeNull();
  });

  it("refuses malformed, deeply nested and oversized bodies with a 4xx error and a message", async () => {
    expect(await actionBodyProblem(post('[{"a":'))).toMatchObject({ code: "input/invalid", status: 400, message: expect.stringContaining("not well formed") });
    expect(await actionBodyProblem(post("[".repeat(50_000) + "]".repeat(50_000)))).toMatchObject({ code: "input/invalid", message: expect.stringContaining("nested too deeply") });
    expect(await actionBodyProblem(post("a".repeat(ACTION_BODY_LIMIT + 1)))).toMatchObject({ code: "input/too-large", status: 413 });
    expect(await actionBodyProblem(post("x", { "content-type": "text/plain", "content-length": String(ACTION_BODY_LIMIT + 1) }))).toMatchObject({ status: 413 });
    expect(await actionBodyProblem(post("garbage", { "content-type": "multipart/form-data; boundary=xyz" }))).toMatchObject({ code: "input/invalid", message: expect.stringContaining("form data is malformed") });
    const deep = new FormData();
    deep.set("0", "[".repeat(100) + "]".repeat(100));
    expect(await actionBodyProblem(new Request("http://rb.example/signin", { method: "POST", body: deep }))).toMatchObject({ code: "input/invalid" });
  });

  it("measures nesting outside strings only", () => {
    expect(jsonDepth('["[[[[", {"a": [1]}]')).toBe(3);
    expect(jsonDepth('"\\"[["')).toBe(0);
  });
});
