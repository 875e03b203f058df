import type { Metadata } from "next";
import { requireUserOrRedirect } from "@/lib/server/request-actor";
import { listBinders } from "@/lib/collection/data";
import { BindersView } from "@/components/collection/binders-view";

export const metadata: Metadata = { title: "Binders" };

export default async function BindersPage() {
  const actor = await requireUserOrRedirect("/collection/binders");
  return <BindersView binders={await listBinders(actor)} />;
}
