import "server-only";
import { db } from "@/lib/server/db/db";
import { sendMail } from "@/lib/server/mailer";

/**
 * Trade mail: one message to the other side of a proposal when something
 * happens to it, unless they turned trade mail off (TradeProfile.tradeMail,
 * on by default, like the play "your move" mail). The message names people by
 * display name only. A mail that cannot be sent never undoes the trade step.
 */
export async function notifyTrader(toUserId: string | null, fromName: string, what: string): Promise<void> {
  if (!toUserId) return;
  const to = await db.user.findUnique({ where: { id: toUserId }, select: { email: true, displayName: true, tradeProfile: { select: { tradeMail: true } } } });
  if (!to || to.tradeProfile?.tradeMail === false) return;
  const site = process.env.AUTH_URL || process.env.NEXTAUTH_URL || "";
  const text = `Hello ${to.displayName},\n\n${fromName} ${what}.\n\nSee your trades: ${site}/trades\n\nYou can turn these mails off on the trades page.`;
  try {
    await sendMail({ to: to.email, subject: `Ringbinder trade: ${fromName} ${what}`, text });
  } catch (e) {
    console.error("[trades] mail not sent", e);
  }
}
