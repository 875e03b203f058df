/**
 * Account administration from the command line (the only way to make an admin).
 *   npm run user -- create-admin EMAIL [--name "Display Name"]
 *       creates an admin account; the password is asked for (hidden) on a terminal,
 *       or read from the first line of stdin: `printf '%s\n' "$PW" | npm run user -- create-admin EMAIL`
 *   npm run user -- make-admin EMAIL      an existing account becomes admin
 *   npm run user -- remove-admin EMAIL    an admin becomes a regular user
 *   npm run user -- list
 *   npm run user -- import-collection EMAIL FILE [--mode add|replace] [--format csv|json] [--dry-run]
 *       imports a collection file (docs/collection-import.md) into that account's
 *       collection, through the same DAL import as /collection/import (checked,
 *       staged, applied in one short transaction; all or nothing), with a
 *       progress bar on stderr. --dry-run only reports. Exit code 1 when refused.
 */
import { createPrismaClient } from "@/lib/server/db/db";
import { emailSchema, signUpSchema } from "@/lib/accounts/schemas";
import { hashPassword } from "@/lib/accounts/password";
import { checkPasswordStrength } from "@/lib/accounts/password-strength";

const USAGE =
  'Usage: npm run user -- create-admin EMAIL [--name "Display Name"] | make-admin EMAIL | remove-admin EMAIL | list\n' +
  "       npm run user -- import-collection EMAIL FILE [--mode add|replace] [--format csv|json] [--dry-run]";
const [command, arg, ...rest] = process.argv.slice(2);

function option(name: string): string | undefined {
  const i = rest.indexOf(name);
  return i === -1 ? undefined : rest[i + 1];
}

/** Reads one line from a terminal without echoing it. */
function askHidden(prompt: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const stdin = process.stdin;
    process.stdout.write(prompt);
    let value = "";
    stdin.setRawMode(true);
    stdin.resume();
    stdin.setEncoding("utf8");
    const onData = (chunk: string) => {
      for (const ch of chunk) {
        if (ch === "\r" || ch === "\n") {
          stdin.setRawMode(false);
          stdin.pause();
          stdin.off("data", onData);
          process.stdout.write("\n");
          resolve(value);
          return;
        }
        if (ch === "\u0003") {
          stdin.setRawMode(false);
          reject(new Error("Cancelled."));
          return;
        }
        if (ch === "\u007f" || ch === "\b") value = value.slice(0, -1);
        else value += ch;
      }
    };
    stdin.on("data", onData);
  });
}

/** The first line of a piped stdin. */
async function readStdinLine(): Promise<string> {
  let data = "";
  process.stdin.setEncoding("utf8");
  for await (const chunk of process.stdin) {
    data += chunk;
    if (data.includes("\n")) break;
  }
  return data.split(/\r?\n/)[0] ?? "";
}

async function readNewPassword(): Promise<string> {
  if (!process.stdin.isTTY) return readStdinLine();
  const first = await askHidden("Password for the new admin: ");
  const second = await askHidden("Repeat the password: ");
  if (first !== second) throw new Error("The two passwords differ. Nothing was changed.");
  return first;
}

/** A collection file into EMAIL's collection, through the DAL's import (the same rules as /collection/import). */
async function importCollection(email: string | undefined, file: string | undefined): Promise<void> {
  if (!email || !file || file.startsWith("--")) throw new Error(USAGE);
  const { readFileSync, statSync } = await import("node:fs");
  const { db } = await import("@/lib/server/db/db");
  const { runAsSystemAccount } = await import("@/lib/accounts/data/system");
  const { applyCollectionImport, previewCollectionImport } = await import("@/lib/collection/data");
  const { checkImportSize, detectFormat } = await import("@/lib/collection/transfer");
  const { progressBar } = await import("./lib/progress");
  try {
    const size = checkImportSize(statSync(file).size);
    if (!size.ok) throw new Error(`${size.message} Nothing was imported.`);
    const text = readFileSync(file, "utf8");
    const fmt = option("--format");
    const format = fmt === "csv" || fmt === "json" ? fmt : detectFormat(file, text);
    const modeArg = option("--mode") ?? "add";
    if (modeArg !== "add" && modeArg !== "replace") throw new Error("--mode must be add or replace.");
    const dry = rest.includes("--dry-run");
    const preview = await runAsSystemAccount(email, async (actor) => {
      if (dry) return previewCollectionImport(actor, format, text, modeArg, progressBar());
      try {
        return await applyCollectionImport(actor, format, text, modeArg, progressBar());
      } catch (e) {
        // a refused file: say which rows are wrong (the check changes nothing)
        if ((e as { code?: string }).code !== "collection/import-invalid") throw e;
        const check = await previewCollectionImport(actor, format, text, modeArg);
        if (!check.errors.length) throw e;
        return check;
      }
    });
    for (const e of preview.errors) console.log(`row ${e.row}\t${e.code}\t${e.message}`);
    const s = preview.summary;
    const counts = `${s.changed} cards change (+${s.added} / -${s.removed} copies${s.removedEntries ? `, ${s.removedEntries} cards dropped` : ""})`;
    if (preview.errors.length) {
      console.error(`✖ ${preview.errors.length} row error(s): nothing was imported.`);
      process.exitCode = 1;
    } else console.log(`${dry ? "Dry run" : "Imported"} (${modeArg}) into ${email}'s collection: ${counts}.`);
  } finally {
    await db.$disconnect();
  }
}

async function main() {
  if (command === "import-collection") return importCollection(arg, rest[0]);
  const prisma = createPrismaClient();
  try {
    if (command === "list") {
      const users = await prisma.user.findMany({ orderBy: { createdAt: "asc" }, select: { email: true, displayName: true, role: true, createdAt: true } });
      if (users.length === 0) console.log("No accounts yet.");
      for (const u of users) console.log(`${u.role.padEnd(5)}  ${u.email}  (${u.displayName}, since ${u.createdAt.toISOString().slice(0, 10)})`);
      return;
    }
    if (command === "create-admin") {
      const email = emailSchema.safeParse(arg ?? "");
      if (!email.success) throw new Error(USAGE);
      if (await prisma.user.findUnique({ where: { email: email.data }, select: { id: true } })) {
        throw new Error(`An account with email ${email.data} already exists: use make-admin instead.`);
      }
      const displayName = option("--name") ?? email.data.split("@")[0];
      const password = await readNewPassword();
      const parsed = signUpSchema.safeParse({ email: email.data, displayName, password });
      if (!parsed.success) throw new Error(parsed.error.issues.map((i) => i.message).join("\n"));
      const strength = checkPasswordStrength(password, [email.data, displayName]);
      if (!strength.ok) throw new Error(strength.message);
      await prisma.user.create({
        data: { email: parsed.data.email, displayName: parsed.data.displayName, passwordHash: await hashPassword(password), role: "admin" },
      });
      console.log(`Created the admin account ${parsed.data.email}.`);
      return;
    }
    if (command === "make-admin" || command === "remove-admin") {
      const email = emailSchema.safeParse(arg ?? "");
      if (!email.success) throw new Error(`Usage: npm run user -- ${command} EMAIL`);
      const user = await prisma.user.findUnique({ where: { email: email.data } });
      if (!user) throw new Error(`No account with email ${email.data}. The person must sign up first (or use create-admin).`);
      const role = command === "make-admin" ? "admin" : "user";
      await prisma.user.update({ where: { id: user.id }, data: { role } });
      console.log(`${email.data} is now ${role === "admin" ? "an admin" : "a regular user"}.`);
      return;
    }
    throw new Error(USAGE);
  } finally {
    await prisma.$disconnect();
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
