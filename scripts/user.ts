/**
 * Account administration from the command line.
 *   npm run user -- make-admin EMAIL
 *   npm run user -- remove-admin EMAIL
 *   npm run user -- list
 */
import { createPrismaClient } from "@/lib/db";
import { emailSchema } from "@/lib/validation/auth";

const [command, arg] = process.argv.slice(2);

async function main() {
  const prisma = createPrismaClient();
  try {
    if (command === "list") {
      const users = await prisma.user.findMany({ orderBy: { createdAt: "asc" }, select: { email: true, displayName: true, role: true, createdAt: true } });
      if (users.length === 0) console.log("No accounts yet.");
      for (const u of users) console.log(`${u.role.padEnd(5)}  ${u.email}  (${u.displayName}, since ${u.createdAt.toISOString().slice(0, 10)})`);
      return;
    }
    if (command === "make-admin" || command === "remove-admin") {
      const email = emailSchema.safeParse(arg ?? "");
      if (!email.success) throw new Error(`Usage: npm run user -- ${command} EMAIL`);
      const user = await prisma.user.findUnique({ where: { email: email.data } });
      if (!user) throw new Error(`No account with email ${email.data}. The person must sign up first.`);
      const role = command === "make-admin" ? "admin" : "user";
      await prisma.user.update({ where: { id: user.id }, data: { role } });
      console.log(`${email.data} is now ${role === "admin" ? "an admin" : "a regular user"}.`);
      return;
    }
    throw new Error("Usage: npm run user -- make-admin EMAIL | remove-admin EMAIL | list");
  } finally {
    await prisma.$disconnect();
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
