import type { Metadata } from "next";
import { authenticate } from "@/lib/server/request-actor";
import { listCensusQueue, QUEUE_PAGE_SIZE } from "@/lib/census/data/submissions";
import type { CensusQueueFilter } from "@/lib/census/types";
import { CensusHome } from "@/components/census/census-home";

export const metadata: Metadata = { title: "Card census" };

const FILTERS: CensusQueueFilter[] = ["open", "disputed", "verified", "mine", "my-collection"];

export default async function CensusPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const sp = await searchParams;
  const actor = await authenticate("public");
  const asked = typeof sp.filter === "string" && (FILTERS as string[]).includes(sp.filter) ? (sp.filter as CensusQueueFilter) : "open";
  // the personal filters need a signed-in user; a guest sees the open queue
  const filter = !actor && (asked === "mine" || asked === "my-collection") ? "open" : asked;
  const page = Math.min(1000, Math.max(1, Number(typeof sp.page === "string" ? sp.page : 1) || 1));
  const q = await listCensusQueue(actor, filter, page);
  return <CensusHome filter={filter} items={q.items} total={q.total} page={q.page} pageSize={QUEUE_PAGE_SIZE} signedIn={!!actor} notice={sp.removed ? "The submission was removed." : null} />;
}
