import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

const t = await vi.hoisted(async () => (await import("@/test/db")).createTestDatabase("account-actions"));
vi.mock("@/lib/server/db/db", () => ({ db: t.prisma }));
vi.mock("@/lib/accounts/auth", () => ({ signIn: vi.fn(), signOut: vi.fn(), sessionUserId: async () => null }));
// a client that sends its own Host: the link must not be built from it
vi.mock("next/headers", () => ({ headers: async () => new Headers({ host: "evil.example", "x-ringbinder-peer": "192.0.2.30" }) }));
// the mail goes out after the response: collected here and awaited by the test
const pending = vi.hoisted(() => [] as Promise<unknown>[]);
vi.mock("next/server", () => ({ after: (fn: () => Promise<unknown>) => pending.push(fn()) }));
process.env.RATE_LIMIT_PREFIX = `test-account-actions-${process.pid}-${Date.now()}`;

const { requestPasswordResetAction } = await import("@/lib/accounts/actions/account");
const { hashPassword } = await import("@/lib/accounts/password");

const saved = { APP_URL: process.env.APP_URL, AUTH_URL: process.env.AUTH_URL, SMTP_URL: process.env.SMTP_URL, MAIL_DIR: process.env.MAIL_DIR, PORT: process.env.PORT, HOSTNAME: process.env.HOSTNAME, AUTH_SECRET: process.env.AUTH_SECRET };
let dir = "";
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "rb-reset-mail-"));
  for (const k of ["APP_URL", "AUTH_URL", "SMTP_URL", "PORT", "HOSTNAME"]) delete process.env[k];
  process.env.MAIL_DIR = dir;
  process.env.AUTH_SECRET = "test-secret-0123456789abcdef0123456789abcdef";
  await t.prisma.user.create({ data: { email: "amy@example.test", displayName: "Amy", passwordHash: await hashPassword("a long enough password") } });
});
afterAll(async () => {
  for (const [k, v] of Object.entries(saved)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  await rm(dir, { recursive: true, force: true });
  await t.cleanup();
});

function form(fields: Record<string, string>) {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.set(k, v);
  return f;
}

describe("requestPasswordResetAction with the app's defaults (no APP_URL, AUTH_URL or SMTP_URL)", () => {
  it("sends a link to the local address, never to the request's Host, and says where the mail went", async () => {
    const res = await requestPasswordResetAction(null, form({ email: "amy@example.test" }));
    expect(res).toMatchObject({ ok: true, message: expect.stringContaining("mail folder (MAIL_DIR)") });
    await Promise.all(pending.splice(0));
    const files = await readdir(dir);
    expect(files).toHaveLength(1);
    const text = await readFile(path.join(dir, files[0]), "utf8");
    expect(text).toMatch(/http:\/\/localhost:3000\/reset-password\?token=\S+/);
    expect(text).not.toContain("evil.example");
  });

  it("answers the same for an email with no account, and sends nothing", async () => {
    const res = await requestPasswordResetAction(null, form({ email: "nobody@example.test" }));
    expect(res).toMatchObject({ ok: true, message: expect.stringContaining("If an account uses this email") });
    await Promise.all(pending.splice(0));
    expect(await readdir(dir)).toHaveLength(1);
  });
});
