import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { authenticate } from "@/lib/server/request-actor";
import { getSetPage } from "@/lib/census/data/sets";
import { setPullRates } from "@/lib/census/data/pull-rates";
import { SetPage } from "@/components/census/set-views";

export const metadata: Metadata = { title: "Set checklist" };

export default async function SetRoute({ params }: { params: Promise<{ code: string }> }) {
  const { code } = await params;
  const actor = await authenticate("public");
  const set = await getSetPage(actor, decodeURIComponent(code));
  if (!set) notFound();
  return <SetPage set={set} rates={await setPullRates(set.code)} signedIn={!!actor} />;
}
