import type { Metadata } from "next";
import { requireUserOrRedirect } from "@/lib/server/request-actor";
import { defaultSetCode } from "@/lib/collection/data";
import { PACK_SIZE } from "@/lib/collection/schemas";
import { BoosterEntry } from "@/components/collection/booster-entry";

export const metadata: Metadata = { title: "Open a booster" };

export default async function BoosterPage() {
  const user = await requireUserOrRedirect("/collection/booster");
  const defaultSet = await defaultSetCode(user);
  return (
    <div>
      <h1 className="text-2xl font-bold">Open a booster</h1>
      <p className="mb-4 text-sm text-slate-600">
        Enter the {PACK_SIZE} cards of a pack. Saving adds them to your collection and records the opening in your history; the last pack can be
        undone. Until you save, the cards you typed are kept in this browser, even if you leave or reload the page.
      </p>
      <BoosterEntry userId={user.id} isAdmin={user.role === "admin"} defaultSet={defaultSet} />
    </div>
  );
}
