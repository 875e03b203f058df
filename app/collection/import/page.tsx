import Link from "next/link";
import { helpHref } from "@/lib/rules-doc/help-topics";
import type { Metadata } from "next";
import { requireUserOrRedirect } from "@/lib/server/request-actor";
import { ImportForm } from "@/components/collection/import-form";

export const metadata: Metadata = { title: "Import and export" };

export default async function ImportPage() {
  await requireUserOrRedirect("/collection/import");
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
      <div>
        <h1 className="text-2xl font-bold">Import</h1>
        <p className="mb-4 text-sm text-slate-600">
          CSV with the columns <code>set,number,quantity</code> (a <code>title</code> column is optional and checked against the catalog), or the
          JSON an export gives. Check first: the dry run lists every problem by row and changes nothing. Applying is all or nothing.
        </p>
        <ImportForm />
      </div>
      <aside className="space-y-3">
        <section className="panel" aria-labelledby="export-h">
          <h2 id="export-h" className="text-lg font-bold">
            Export
          </h2>
          <p className="mb-3 text-sm text-slate-600">Your whole collection, in the same formats: importing an export in replace mode gives back the same collection.</p>
          <div className="flex flex-wrap gap-2">
            <a href="/api/collection/export?format=csv" className="btn-secondary" download>
              Download CSV
            </a>
            <a href="/api/collection/export?format=json" className="btn-secondary" download>
              Download JSON
            </a>
          </div>
          <h3 className="mt-4 font-semibold">Trade binder</h3>
          <p className="mb-2 text-sm text-slate-600">Only your copies beyond 5 of each title (no deck can use them), in the same CSV format.</p>
          <a href="/api/collection/export?format=csv&binder=trade" className="btn-secondary" download>
            Download trade binder (CSV)
          </a>
        </section>
        <section className="panel text-sm text-slate-600">
          <h2 className="mb-1 font-bold text-slate-800">Modes</h2>
          <p>
            <strong>Add to</strong> adds each row&apos;s quantity to what you own. <strong>Replace</strong> makes your collection exactly the file:
            cards not in it drop to none. Rows naming the same card are summed. The{" "}
            <Link href={helpHref("collection-import")} className="text-blue-700 underline">
              import formats
            </Link>{" "}
            are described in the help.
          </p>
        </section>
      </aside>
    </div>
  );
}
