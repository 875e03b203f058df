import type { Metadata } from "next";
import { notFound, redirect } from "next/navigation";
import { requireUserOrRedirect } from "@/lib/server/request-actor";
import { getInvite } from "@/lib/play/data/games";
import { deckOptions } from "@/lib/play/decks";
import { JoinGameForm } from "@/components/play/game-forms";

export const metadata: Metadata = { title: "Game invitation" };

/**
 * /play/i/<token>: an invite link. Signed out, it leads through sign-in (or
 * sign-up) and back here; signed in, the player picks a deck and sits down.
 * Once the seat is taken the link leads to the game.
 */
export default async function InvitePage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const invite = await getInvite(token);
  if (!invite) notFound();
  if (!invite.free) redirect(`/play/g/${invite.code}`);
  const actor = await requireUserOrRedirect(`/play/i/${token}`);
  return (
    <div className="space-y-3">
      <h1 className="text-xl font-bold">{invite.hostName} invites you to a game</h1>
      <JoinGameForm decks={await deckOptions(actor)} token={token} />
    </div>
  );
}
