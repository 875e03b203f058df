import "server-only";
import type { Player } from "@/lib/engine";
import { appUrl } from "@/lib/accounts/app-url";
import { sendMail } from "@/lib/server/mailer";
import { loadGameRecord } from "@/lib/play/data/games";
import { turnMailRecipients } from "@/lib/play/data/notifications";
import { MOVE_SECONDS } from "./clock";
import { presentCount } from "./presence";

/**
 * Correspondence games (docs/play.md): moves days apart, each with a deadline
 * (three days, lib/play/clock.ts). When a game comes to a player's move, not
 * by their own action, a mail tells them so through the app's mailer, unless
 * they turned it off on the account page or have the game open right now.
 */

function days(seconds: number): string {
  const d = Math.round(seconds / 86_400);
  return d === 1 ? "1 day" : `${d} days`;
}

/**
 * After an accepted change of the game `code` by `by` (a seat, or null for
 * the game's start): mails each other seat whose move it now is. Failures are
 * logged: a mail never undoes or delays a move. Returns how many were sent.
 */
export async function notifyTurn(code: string, by: Player | null): Promise<number> {
  const r = await loadGameRecord(code);
  if (!r || r.pace !== "correspondence" || r.status !== "active") return 0;
  const seats = ([0, 1] as const).filter((s) => s !== by && (r.toMove & (1 << s)) !== 0);
  const away: Player[] = [];
  for (const s of seats) if ((await presentCount(r.id, s)) === 0) away.push(s);
  if (away.length === 0) return 0;
  const link = `${appUrl().base}/play/g/${r.code}`;
  const deadline = r.deadlineAt ? new Date(r.deadlineAt).toUTCString() : null;
  let sent = 0;
  for (const to of await turnMailRecipients(r.id, away)) {
    try {
      await sendMail({
        to: to.email,
        subject: `Your move against ${to.opponent}`,
        text: [
          `Hello ${to.name},`,
          "",
          `Your correspondence game against ${to.opponent} waits for your move.`,
          deadline ? `You have ${days(MOVE_SECONDS.correspondence)} a move: until ${deadline}. After that ${to.opponent} may claim the game.` : "",
          "",
          link,
          "",
          "You get this mail because you play correspondence games on Ringbinder. Turn these mails off on your account page.",
        ]
          .filter((l, i, all) => l !== "" || all[i - 1] !== "")
          .join("\n"),
      });
      sent++;
    } catch (e) {
      console.error("play: the your-move mail failed:", e instanceof Error ? e.message : e);
    }
  }
  return sent;
}

const inFlight = new Set<Promise<unknown>>();

/** notifyTurn without waiting for it (the referee's answer never waits for a mail); errors are logged. */
export function queueTurnMail(code: string, by: Player | null): void {
  const p = notifyTurn(code, by)
    .catch((e: unknown) => console.error("play: notify:", e))
    .finally(() => inFlight.delete(p));
  inFlight.add(p);
}

/** Resolves once every queued "your move" mail has been sent or has failed (tests, shutdown). */
export async function turnMailsSettled(): Promise<void> {
  while (inFlight.size > 0) await Promise.all([...inFlight]);
}
