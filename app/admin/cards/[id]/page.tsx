import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { requireAdminPage } from "@/lib/server/request-actor";
import { cardReferences, getCardForEdit } from "@/lib/catalog/data/catalog-admin";
import { saveCardAction } from "@/lib/catalog/actions/catalog";
import { CardForm } from "@/components/catalog/card-form";
import { DeleteCardForm } from "@/components/catalog/delete-card-form";

export const metadata: Metadata = { title: "Edit card" };

export default async function EditCardPage({ params, searchParams }: { params: Promise<{ id: string }>; searchParams: Promise<{ created?: string }> }) {
  const { id } = await params;
  const actor = await requireAdminPage(`/admin/cards/${id}`);
  const card = await getCardForEdit(actor, id);
  if (!card) notFound();
  const [refs, sp] = await Promise.all([cardReferences(actor, card.id), searchParams]);
  return (
    <div className="max-w-3xl space-y-4">
      <Link href="/admin/cards" className="text-sm text-blue-700 hover:underline">
        ← Catalog
      </Link>
      <div className="flex flex-wrap items-baseline gap-3">
        <h1 className="text-2xl font-bold">
          Edit {card.title} <span className="text-base font-normal text-slate-500">({card.key})</span>
        </h1>
        <Link href={`/cards/${card.set}/${card.number}`} className="text-sm text-blue-700 hover:underline">
          View card page
        </Link>
        <Link href={`/admin/audit?card=${encodeURIComponent(card.key)}`} className="text-sm text-blue-700 hover:underline">
          History
        </Link>
      </div>
      <div aria-live="polite">{sp.created && <p className="rounded-md bg-green-50 px-3 py-2 text-sm text-green-800">Card created.</p>}</div>
      <div className="panel">
        <CardForm key={card.key} action={saveCardAction} id={card.id} initial={card} submitLabel="Save changes" imageUpload />
      </div>
      <section className="panel space-y-2" aria-labelledby="danger-heading">
        <h2 id="danger-heading" className="font-semibold">
          Delete
        </h2>
        <p className="text-sm text-slate-600">
          Used in {refs.decks} deck{refs.decks === 1 ? "" : "s"}, {refs.collections} collection{refs.collections === 1 ? "" : "s"} and {refs.packs} pack opening
          {refs.packs === 1 ? "" : "s"}. Cards in use cannot be deleted.
        </p>
        <DeleteCardForm id={card.id} label={`${card.title} (${card.key})`} />
      </section>
    </div>
  );
}
