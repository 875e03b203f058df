import "server-only";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";

/** One outgoing message (plain text). */
type Mail = { to: string; subject: string; text: string };

/** Where mail goes: an SMTP server, a folder (one file per message), or the server console. */
interface Mailer {
  readonly kind: "smtp" | "folder" | "console";
  send(mail: Mail): Promise<void>;
}

function from(): string {
  return process.env.MAIL_FROM || "Ringbinder <no-reply@ringbinder.invalid>";
}

/** SMTP through nodemailer, configured by one URL (smtp://user:pass@host:587, smtps://… for TLS). */
function smtpMailer(url: string): Mailer {
  let transport: Promise<{ sendMail(m: object): Promise<unknown> }> | null = null;
  return {
    kind: "smtp",
    async send(mail) {
      transport ??= import("nodemailer").then((m) => m.default.createTransport(url));
      await (await transport).sendMail({ from: from(), to: mail.to, subject: mail.subject, text: mail.text });
    },
  };
}

/** Each message as a text file in a folder (development and end-to-end tests read it there). */
function folderMailer(dir: string): Mailer {
  return {
    kind: "folder",
    async send(mail) {
      await mkdir(dir, { recursive: true });
      const name = `${Date.now()}-${mail.to.replace(/[^a-z0-9@._-]+/gi, "_")}.txt`;
      await writeFile(path.join(dir, name), `From: ${from()}\nTo: ${mail.to}\nSubject: ${mail.subject}\n\n${mail.text}\n`, "utf8");
    },
  };
}

/** No mail server configured: the message, link included, is printed on the server console for the operator. */
const consoleMailer: Mailer = {
  kind: "console",
  async send(mail) {
    console.info(`[mail] (no SMTP_URL set: not sent, printed here)\nTo: ${mail.to}\nSubject: ${mail.subject}\n\n${mail.text}\n[/mail]`);
  },
};

/** The mailer in force: SMTP when SMTP_URL is set, else a folder when MAIL_DIR is set, else the console. */
function getMailer(): Mailer {
  if (process.env.SMTP_URL) return smtpMailer(process.env.SMTP_URL);
  if (process.env.MAIL_DIR) return folderMailer(path.resolve(process.env.MAIL_DIR));
  return consoleMailer;
}

/** Sends one message through the mailer in force. */
export function sendMail(mail: Mail): Promise<void> {
  return getMailer().send(mail);
}
