import type { Metadata } from "next";
import Link from "next/link";
import { requireAdminPage } from "@/lib/dal/admin-guard";
import { saveCardAction } from "@/lib/actions/catalog";
import { CardForm } from "@/components/catalog/card-form";

export const metadata: Metadata = { title: "New card" };

export default async function NewCardPage() {
  await requireAdminPage("/admin/cards/new");
  return (
    <div className="max-w-3xl space-y-4">
      <Link href="/admin/cards" className="text-sm text-blue-700 hover:underline">
        ← Catalog
      </Link>
      <h1 className="text-2xl font-bold">New card</h1>
      <div className="panel">
        <CardForm action={saveCardAction} submitLabel="Create card" />
      </div>
    </div>
  );
}
