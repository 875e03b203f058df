import type { Metadata } from "next";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { notFound } from "next/navigation";
import ReactMarkdown from "react-markdown";
import { helpTopic } from "@/lib/rules-doc/help-topics";

// Rendered per request (the proxy's nonce policy), from the same files as the repository's docs/.
export const dynamic = "force-dynamic";

type Params = Promise<{ topic: string }>;

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const topic = helpTopic((await params).topic);
  return { title: topic ? topic.title : "Help" };
}

const prose =
  "max-w-3xl space-y-3 leading-relaxed text-slate-800 [&_a]:text-blue-700 [&_a]:underline [&_code]:rounded [&_code]:bg-slate-100 [&_code]:px-1 [&_h1]:text-2xl [&_h1]:font-bold [&_h2]:mt-6 [&_h2]:text-xl [&_h2]:font-semibold [&_h3]:mt-4 [&_h3]:font-semibold [&_li]:ml-6 [&_ol]:list-decimal [&_pre]:whitespace-pre-wrap [&_pre]:break-words [&_pre]:rounded [&_pre]:bg-slate-100 [&_pre]:p-3 [&_table]:block [&_table]:overflow-x-auto [&_td]:border [&_td]:border-slate-200 [&_td]:px-2 [&_th]:border [&_th]:border-slate-200 [&_th]:px-2 [&_ul]:list-disc";

/** In-app help for what forms refer to (import formats, the effect language), from docs/. */
export default async function HelpPage({ params }: { params: Params }) {
  const topic = helpTopic((await params).topic);
  if (!topic) notFound();
  const text = await readFile(path.join(process.cwd(), "docs", topic.file), "utf8");
  return (
    <article className={prose}>
      <ReactMarkdown>{text}</ReactMarkdown>
    </article>
  );
}
