import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { sendMail } from "./mailer";

const saved = { SMTP_URL: process.env.SMTP_URL, MAIL_DIR: process.env.MAIL_DIR };
afterEach(() => {
  for (const [k, v] of Object.entries(saved)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  vi.restoreAllMocks();
});

const mail = { to: "amy+test@example.test", subject: "Choose a new password", text: "Open https://rb.example/reset-password?token=abc" };

describe("mailer", () => {
  it("without SMTP_URL or MAIL_DIR prints the whole message, link included, on the server console", async () => {
    delete process.env.SMTP_URL;
    delete process.env.MAIL_DIR;
    const info = vi.spyOn(console, "info").mockImplementation(() => {});
    await sendMail(mail);
    expect(info).toHaveBeenCalledTimes(1);
    expect(info.mock.calls[0][0]).toContain("To: amy+test@example.test");
    expect(info.mock.calls[0][0]).toContain("https://rb.example/reset-password?token=abc");
  });

  it("with MAIL_DIR writes one file per message, named from the time and a sanitized address", async () => {
    delete process.env.SMTP_URL;
    const dir = await mkdtemp(path.join(tmpdir(), "rb-mail-"));
    try {
      process.env.MAIL_DIR = dir;
      const info = vi.spyOn(console, "info").mockImplementation(() => {});
      await sendMail(mail);
      await sendMail({ ...mail, to: "../../etc/passwd" });
      const files = (await readdir(dir)).sort();
      expect(files).toHaveLength(2);
      expect(files.every((f) => /^\d+-[a-z0-9@._-]+\.txt$/i.test(f) && !f.includes("/"))).toBe(true);
      const text = await readFile(path.join(dir, files.find((f) => f.endsWith("amy_test@example.test.txt"))!), "utf8");
      expect(text).toMatch(/^From: .+\nTo: amy\+test@example.test\nSubject: Choose a new password\n\nOpen https:\/\/rb.example/);
      expect(info).not.toHaveBeenCalled();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
