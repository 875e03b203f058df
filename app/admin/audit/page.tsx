import { parsePageNumber } from "@/lib/util/page-number";
import type { Metadata } from "next";
import Link from "next/link";
import { requireAdminPage } from "@/lib/server/request-actor";
import { listAudits } from "@/lib/catalog/data/catalog-admin";
import { diffSnapshots } from "@/lib/catalog/snapshot-diff";
import { Pagination } from "@/components/ui/pagination";

export const metadata: Metadata = { title: "Audit log" };

const ACTION_STYLE: Record<string, string> = {
  create: "bg-green-100 text-green-800",
  update: "bg-blue-100 text-blue-800",
  delete: "bg-red-100 text-red-800",
  import: "bg-purple-100 text-purple-800",
  suggestion: "bg-amber-100 text-amber-900",
};

export default async function AuditPage({ searchParams }: { searchParams: Promise<{ page?: string; card?: string }> }) {
  const actor = await requireAdminPage("/admin/audit");
  const sp = await searchParams;
  const page = parsePageNumber(sp.page);
  const cardKey = sp.card && /^[A-Z0-9-]{1,30}$/.test(sp.card) ? sp.card : undefined;
  const log = await listAudits(actor, { page, cardKey });
  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-bold">Audit log{cardKey && ` · ${cardKey}`}</h1>
        <Link href="/admin" className="text-sm text-blue-700 hover:underline">
          ← Admin
        </Link>
        {cardKey && (
          <Link href="/admin/audit" className="text-sm text-blue-700 hover:underline">
            Show all cards
          </Link>
        )}
      </div>
      {log.entries.length === 0 ? (
        <p className="panel text-slate-600">No catalog changes recorded yet.</p>
      ) : (
        <ol className="space-y-3" aria-label="Catalog changes">
          {log.entries.map((e) => {
            const changes = diffSnapshots(e.before, e.after);
            return (
              <li key={e.id} className="panel" data-testid="audit-entry">
                <div className="flex flex-wrap items-baseline gap-2 text-sm">
                  <span className={`rounded px-2 py-0.5 text-xs font-bold uppercase ${ACTION_STYLE[e.action] ?? "bg-slate-100"}`}>{e.action}</span>
                  {e.cardId && e.after ? (
                    <Link href={`/admin/cards/${e.cardId}`} className="font-semibold text-blue-700 hover:underline">
                      {e.cardKey}
                    </Link>
                  ) : (
                    <span className="font-semibold">{e.cardKey}</span>
                  )}
                  <span className="text-slate-600">by {e.user}</span>
                  <time dateTime={e.createdAt} className="ml-auto text-xs text-slate-500">
                    {e.createdAt.replace("T", " ").slice(0, 19)} UTC
                  </time>
                </div>
                {e.note && <p className="mt-1 text-sm italic text-slate-600">{e.note}</p>}
                {changes.length > 0 && (
                  <table className="mt-2 w-full text-left text-sm">
                    <thead className="text-xs uppercase text-slate-500">
                      <tr>
                        <th scope="col" className="w-24 py-1">Field</th>
                        <th scope="col" className="py-1">Before</th>
                        <th scope="col" className="py-1">After</th>
                      </tr>
                    </thead>
                    <tbody>
                      {changes.map((c) => (
                        <tr key={c.field} className="border-t border-slate-100 align-top">
                          <th scope="row" className="py-1 font-medium">{c.field}</th>
                          <td className="py-1">
                            <del className="break-all bg-red-50 text-red-800 no-underline">{c.before}</del>
                          </td>
                          <td className="py-1">
                            <ins className="break-all bg-green-50 text-green-800 no-underline">{c.after}</ins>
                          </td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                )}
              </li>
            );
          })}
        </ol>
      )}
      <Pagination
        page={log.page}
        pageCount={Math.ceil(log.total / log.pageSize)}
        hrefFor={(p) => `/admin/audit?${new URLSearchParams({ ...(cardKey ? { card: cardKey } : {}), page: String(p) }).toString()}`}
      />
    </div>
  );
}
