import type { Metadata } from "next";
import Link from "next/link";
import { requireAdminPage } from "@/lib/server/request-actor";
import { saveCardAction } from "@/lib/catalog/actions/catalog";
import { CardForm } from "@/components/catalog/card-form";
import { cardPrefillFromParams } from "@/lib/catalog/prefill";

export const metadata: Metadata = { title: "New card" };

export default async function NewCardPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  // set, number and title may come prefilled from booster entry (a number not in the catalog yet)
  const prefill = cardPrefillFromParams(await searchParams);
  await requireAdminPage(`/admin/cards/new${prefill.query}`);
  return (
    <div className="max-w-3xl space-y-4">
      <Link href="/admin/cards" className="text-sm text-blue-700 hover:underline">
        ← Catalog
      </Link>
      <h1 className="text-2xl font-bold">New card</h1>
      <div className="panel">
        <CardForm action={saveCardAction} initial={prefill.values} submitLabel="Create card" imageUpload />
      </div>
    </div>
  );
}
