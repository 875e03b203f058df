import type { Metadata } from "next";
import { authenticate } from "@/lib/server/request-actor";
import { listSets } from "@/lib/census/data/sets";
import { SetList } from "@/components/census/set-views";

export const metadata: Metadata = { title: "Sets" };

export default async function SetsPage() {
  const actor = await authenticate("public");
  return <SetList sets={await listSets(actor)} signedIn={!!actor} />;
}
