import type { Metadata } from "next";
import Link from "next/link";
import { requireAdminPage } from "@/lib/server/request-actor";
import { listModerationQueue } from "@/lib/community/data";
import { Markdown } from "@/components/decks/markdown";
import { ModerateComment } from "@/components/community/moderate-comment";
import { listChatReports } from "@/lib/play/data/chat";
import { ModerateChat } from "@/components/play/moderate-chat";

export const metadata: Metadata = { title: "Reported comments" };

const dateFormat = new Intl.DateTimeFormat("en", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });

const DONE: Record<string, string> = {
  hide: "Comment hidden.",
  restore: "Comment restored; its reports are closed.",
  delete: "Comment deleted.",
  "chat-hide": "Chat message hidden.",
  "chat-keep": "Chat message kept; its reports are closed.",
};

export default async function AdminCommentsPage({ searchParams }: { searchParams: Promise<{ done?: string | string[] }> }) {
  const actor = await requireAdminPage("/admin/comments");
  const [queue, chat, sp] = await Promise.all([listModerationQueue(actor), listChatReports(actor), searchParams]);
  const flash = typeof sp.done === "string" ? DONE[sp.done] : undefined;
  const reported = queue.filter((q) => q.openReports > 0);
  const hidden = queue.filter((q) => q.openReports === 0 && q.hidden);
  const sections = [
    { id: "reported", title: `Reported (${reported.length})`, items: reported, empty: "No comment is waiting for review." },
    { id: "hidden", title: `Hidden (${hidden.length})`, items: hidden, empty: "No hidden comments." },
  ];
  return (
    <div className="max-w-4xl space-y-6">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-bold">Reported comments</h1>
        <Link href="/admin" className="text-sm text-blue-700 hover:underline">
          ← Admin
        </Link>
      </div>
      <div aria-live="polite">{flash && <p className="rounded-md bg-green-50 px-3 py-2 text-sm text-green-800">{flash}</p>}</div>
      <p className="text-sm text-slate-600">
        Hide keeps a comment for its author and admins only; Keep closes its reports and leaves it visible; Delete removes it for good. Each choice closes the open reports.
      </p>
      {sections.map((s) => (
        <section key={s.id} aria-labelledby={`${s.id}-heading`} className="space-y-3">
          <h2 id={`${s.id}-heading`} className="text-lg font-semibold">
            {s.title}
          </h2>
          {s.items.length === 0 ? (
            <p className="panel text-slate-600">{s.empty}</p>
          ) : (
            <ul className="space-y-3">
              {s.items.map((item) => (
                <li key={item.id} className="panel space-y-3" data-testid="moderation-item">
                  <p className="text-sm text-slate-600">
                    <Link href={`/authors/${item.authorId}`} className="font-semibold text-blue-800 underline">
                      {item.authorName}
                    </Link>{" "}
                    on{" "}
                    <Link href={`/d/${item.deck.shareSlug}`} className="text-blue-800 underline">
                      {item.deck.name}
                    </Link>{" "}
                    · {dateFormat.format(new Date(item.createdAt))} UTC{item.hidden ? " · hidden" : ""}
                    {item.deck.visibility !== "public" ? ` · the deck is ${item.deck.visibility} now` : ""}
                  </p>
                  <blockquote className="border-l-4 border-slate-300 pl-3">
                    <Markdown text={item.body} />
                  </blockquote>
                  {item.reports.length > 0 && (
                    <div>
                      <h3 className="text-sm font-semibold">Reports</h3>
                      <ul className="mt-1 space-y-1 text-sm">
                        {item.reports.map((r, i) => (
                          <li key={i} className={r.open ? "" : "text-slate-500"}>
                            <span className="font-medium">{r.reporterName}</span> ({dateFormat.format(new Date(r.createdAt))} UTC{r.open ? "" : ", closed"}):{" "}
                            <q data-testid="report-reason">{r.reason}</q>
                          </li>
                        ))}
                      </ul>
                    </div>
                  )}
                  <ModerateComment commentId={item.id} hidden={item.hidden} />
                </li>
              ))}
            </ul>
          )}
        </section>
      ))}
      <section aria-labelledby="chat-heading" className="space-y-3">
        <h2 id="chat-heading" className="text-lg font-semibold">
          Reported game chat ({chat.length})
        </h2>
        {chat.length === 0 ? (
          <p className="panel text-slate-600">No chat message is waiting for review.</p>
        ) : (
          <ul className="space-y-3">
            {chat.map((item) => (
              <li key={item.id} className="panel space-y-3" data-testid="moderation-chat-item">
                <p className="text-sm text-slate-600">
                  <span className="font-semibold">{item.authorName}</span> in the {item.room === "players" ? "players'" : "spectators'"} chat of{" "}
                  {item.gameCode ? (
                    <Link href={`/play/g/${item.gameCode}`} className="text-blue-800 underline">
                      a game
                    </Link>
                  ) : (
                    "a game"
                  )}{" "}
                  · {dateFormat.format(new Date(item.createdAt))} UTC
                </p>
                <blockquote className="border-l-4 border-slate-300 pl-3 break-words">{item.body}</blockquote>
                <ul className="space-y-1 text-sm">
                  {item.reports.map((r, i) => (
                    <li key={i}>
                      <span className="font-medium">{r.reporterName}</span> ({dateFormat.format(new Date(r.createdAt))} UTC): <q data-testid="report-reason">{r.reason}</q>
                    </li>
                  ))}
                </ul>
                <ModerateChat messageId={item.id} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
