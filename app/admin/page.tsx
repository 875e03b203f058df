import type { Metadata } from "next";
import Link from "next/link";
import { requireAdminPage } from "@/lib/server/request-actor";
import { adminOverview } from "@/lib/catalog/data/catalog-admin";
import { listCensusQueue } from "@/lib/census/data/submissions";
import { countOpenReports } from "@/lib/community/data";
import { countOpenChatReports } from "@/lib/play/data/chat";

export const metadata: Metadata = { title: "Admin" };

export default async function AdminPage() {
  const actor = await requireAdminPage("/admin");
  const [stats, reportedComments, reportedChat, open, disputed] = await Promise.all([
    adminOverview(actor),
    countOpenReports(actor),
    countOpenChatReports(actor),
    listCensusQueue(actor, "open"),
    listCensusQueue(actor, "disputed"),
  ]);
  const links = [
    { href: "/admin/cards", title: "Catalog", body: `${stats.cards} cards: create, edit and delete.` },
    {
      href: "/census",
      title: "Card census",
      body: `${open.total} open ${open.total === 1 ? "submission" : "submissions"} (new printings and corrections), ${disputed.total} with a dispute to settle: an admin's confirmation verifies a field.`,
    },
    { href: "/census/admin", title: "Census moderation", body: "Reported census photos and the census audit log." },
    { href: "/admin/comments", title: "Reported comments", body: `${reportedComments} ${reportedComments === 1 ? "comment" : "comments"} reported on public decks, ${reportedChat} game chat ${reportedChat === 1 ? "message" : "messages"}: hide, keep or delete.` },
    { href: "/admin/import", title: "Import and export", body: "Bulk JSON or CSV with a dry run, then an all-or-nothing apply." },
    { href: "/admin/audit", title: "Audit log", body: `${stats.audits} catalog changes recorded: who changed what and when.` },
  ];
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold">Admin</h1>
      <ul className="grid gap-4 sm:grid-cols-2">
        {links.map((l) => (
          <li key={l.href}>
            <Link href={l.href} className="panel block hover:border-blue-400">
              <h2 className="font-semibold text-blue-800">{l.title}</h2>
              <p className="mt-1 text-sm text-slate-600">{l.body}</p>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
