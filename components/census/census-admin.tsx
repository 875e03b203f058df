import Link from "next/link";
import type { CensusAuditDTO, CensusPhotoReportDTO } from "@/lib/census/types";
import { moderatePhotoAction } from "@/lib/census/actions";
import { ActionForm } from "./action-form";

/** Admin: reported census photos (remove or keep) and the census audit log. */
export function CensusAdmin({ reports, audit }: { reports: CensusPhotoReportDTO[]; audit: CensusAuditDTO[] }) {
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold">Census moderation</h1>
      <section aria-labelledby="reports-heading" className="space-y-3">
        <h2 id="reports-heading" className="text-lg font-semibold">
          Reported photos
        </h2>
        {reports.length === 0 ? (
          <p className="panel">No open reports.</p>
        ) : (
          <ul className="grid gap-3 sm:grid-cols-2">
            {reports.map((r) => (
              <li key={r.id} className="panel space-y-2">
                {r.url && (
                  // eslint-disable-next-line @next/next/no-img-element -- a stored, re-encoded photo served from this site
                  <img src={r.url} alt="The reported photo" className="h-40 rounded border object-contain" />
                )}
                <p className="text-sm">
                  “{r.reason}” — {r.reportedBy}, {r.createdAt.slice(0, 10)}
                </p>
                <p className="text-xs">
                  Used by{" "}
                  {r.submissionIds.map((id) => (
                    <Link key={id} href={`/census/${id}`} className="mr-2 text-blue-700 underline">
                      {id.slice(0, 8)}
                    </Link>
                  ))}
                </p>
                <div className="flex flex-wrap gap-2">
                  <ActionForm action={moderatePhotoAction} hidden={{ photo: r.photoId, decision: "remove", reason: r.reason }} submit="Remove photo" buttonClass="btn-primary" />
                  <ActionForm action={moderatePhotoAction} hidden={{ photo: r.photoId, decision: "keep" }} submit="Keep photo" />
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="audit-heading" className="space-y-3">
        <h2 id="audit-heading" className="text-lg font-semibold">
          Audit log
        </h2>
        {/* a region that scrolls sideways on a phone once the log has rows: focusable, so the keyboard can scroll it */}
        <div className="overflow-x-auto" role="region" aria-labelledby="audit-heading" tabIndex={0}>
          <table className="w-full text-sm">
            <thead>
              <tr className="text-left">
                <th scope="col">When</th>
                <th scope="col">Printing</th>
                <th scope="col">Field</th>
                <th scope="col">Decision</th>
                <th scope="col">By</th>
                <th scope="col">Detail</th>
              </tr>
            </thead>
            <tbody>
              {audit.map((a) => (
                <tr key={a.id}>
                  <td className="whitespace-nowrap">{a.createdAt.slice(0, 16).replace("T", " ")}</td>
                  <td>{a.key ?? "—"}</td>
                  <td>{a.field ?? "—"}</td>
                  <td>{a.action}</td>
                  <td>{a.by}</td>
                  <td>{a.detail}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
    </div>
  );
}
