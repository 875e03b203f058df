import type { Metadata } from "next";
import { requireUserOrRedirect } from "@/lib/server/request-actor";
import { collectionCompletion } from "@/lib/collection/data";
import { PLAYSET } from "@/lib/collection/schemas";
import { CompletionTable } from "@/components/collection/completion-table";

export const metadata: Metadata = { title: "Completion" };

export default async function CompletionPage() {
  const actor = await requireUserOrRedirect("/collection/completion");
  const c = await collectionCompletion(actor);
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold">Completion</h1>
        <p className="text-sm text-slate-600">
          Distinct cards owned out of each group, and playsets: titles of which you own {PLAYSET} copies or more (any printing counts toward its
          title, as in a deck). A multi-color card counts toward each of its colors.
        </p>
      </div>
      <CompletionTable title="Overall" rows={[c.overall]} testId="completion-overall" />
      <div className="grid gap-6 lg:grid-cols-3">
        <CompletionTable title="By set" rows={c.sets} testId="completion-sets" />
        <CompletionTable title="By color" rows={c.colors} testId="completion-colors" capitalize />
        <CompletionTable title="By rarity" rows={c.rarities} testId="completion-rarities" capitalize />
      </div>
      <div className="grid gap-6 lg:grid-cols-2">
        <CompletionTable title="By binder" rows={c.binders} testId="completion-binders" />
        {c.conditions.length > 0 && <CompletionTable title="By condition" rows={c.conditions} testId="completion-conditions" />}
      </div>
    </div>
  );
}
