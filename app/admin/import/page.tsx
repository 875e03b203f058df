import type { Metadata } from "next";
import Link from "next/link";
import { requireAdminPage } from "@/lib/server/request-actor";
import { CATALOG_COLUMNS, MAX_IMPORT_BYTES, MAX_IMPORT_ROWS } from "@/lib/catalog/io";
import { ImportForm } from "@/components/catalog/import-form";

export const metadata: Metadata = { title: "Import and export" };

export default async function ImportPage() {
  await requireAdminPage("/admin/import");
  return (
    <div className="max-w-4xl space-y-6">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-bold">Import and export</h1>
        <Link href="/admin" className="text-sm text-blue-700 hover:underline">
          ← Admin
        </Link>
      </div>
      <section className="panel space-y-2" aria-labelledby="export-heading">
        <h2 id="export-heading" className="font-semibold">
          Export the catalog
        </h2>
        <div className="flex gap-2">
          <a href="/api/catalog/export?format=json" className="btn-secondary" download>
            Download JSON
          </a>
          <a href="/api/catalog/export?format=csv" className="btn-secondary" download>
            Download CSV
          </a>
        </div>
      </section>
      <section className="space-y-3" aria-labelledby="import-heading">
        <h2 id="import-heading" className="font-semibold">
          Import cards
        </h2>
        <p className="text-sm text-slate-700">
          Columns: <code>{CATALOG_COLUMNS.join(", ")}</code> (and optionally <code>imageUrl</code>). In CSV, separate traits and colors with “;” and write
          the effect as JSON. Cards are matched by set + number: new ones are created, existing ones updated. At most{" "}
          {MAX_IMPORT_BYTES / 1024 / 1024} MB and {MAX_IMPORT_ROWS.toLocaleString("en")} rows. The same format works from the command line:{" "}
          <code>npm run catalog -- import FILE --dry-run</code>. Full description in <code>docs/catalog-import.md</code>.
        </p>
        <ImportForm maxMb={MAX_IMPORT_BYTES / 1024 / 1024} />
      </section>
    </div>
  );
}
