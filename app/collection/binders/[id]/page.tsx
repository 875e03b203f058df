import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { requireUserOrRedirect } from "@/lib/server/request-actor";
import { binderPage } from "@/lib/collection/data";
import { DEFAULT_BINDER_SLUG } from "@/lib/collection/types";
import { BinderView } from "@/components/collection/binders-view";

type Props = { params: Promise<{ id: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export const metadata: Metadata = { title: "Binder" };

export default async function BinderPage({ params, searchParams }: Props) {
  const { id } = await params;
  const sp = await searchParams;
  const actor = await requireUserOrRedirect(`/collection/binders/${encodeURIComponent(id)}`);
  const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);
  const view = await binderPage(actor, id === DEFAULT_BINDER_SLUG ? null : id, { q: one(sp.q), page: Number(one(sp.page)) || 1 });
  if (!view) notFound();
  return <BinderView view={view} />;
}
