import type { Metadata } from "next";
import Link from "next/link";
import { requireUserOrRedirect } from "@/lib/server/request-actor";
import { cardPrefillFromParams } from "@/lib/catalog/prefill";
import { SubmitPrintingForm } from "@/components/census/submit-form";

export const metadata: Metadata = { title: "Submit a printing" };

export default async function NewSubmissionPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  // a printing may come prefilled (set, number, title) from booster entry or a set checklist
  const prefill = cardPrefillFromParams(await searchParams);
  await requireUserOrRedirect(`/census/new${prefill.query}`);
  return (
    <div className="max-w-3xl space-y-4">
      <Link href="/census" className="text-sm text-blue-700 hover:underline dark:text-blue-300">
        ← Census queue
      </Link>
      <h1 className="text-2xl font-bold">Submit a printing</h1>
      <p className="text-slate-700">
        Type what the card says, exactly as printed, and add a photo of its front (the back is optional). Others then confirm each field against your photo. The
        structured effect is optional: it is checked against the rules engine and shown in words before anyone confirms it.
      </p>
      <div className="panel">
        <SubmitPrintingForm initial={prefill.values} />
      </div>
    </div>
  );
}
