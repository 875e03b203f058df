import type { Metadata } from "next";
import { readFileSync } from "node:fs";
import path from "node:path";
import Link from "next/link";
import ReactMarkdown from "react-markdown";
import { parseRulesDoc } from "@/lib/rules-doc/sections";
import { RulesDiagram } from "@/components/rules/rules-diagram";

export const metadata: Metadata = { title: "How to play", description: "The rules of the Sonic X Trading Card Game as Ringbinder plays them, with diagrams." };

// The same source as docs/rules.md, read when the page is built.
export const dynamic = "force-static";

function load() {
  return parseRulesDoc(readFileSync(path.join(process.cwd(), "docs", "rules.md"), "utf8"));
}

const prose =
  "space-y-3 leading-relaxed text-slate-800 [&_a]:text-blue-700 [&_a]:underline [&_code]:rounded [&_code]:bg-slate-100 [&_code]:px-1 [&_li]:ml-6 [&_ol]:list-decimal [&_ol]:space-y-1 [&_ul]:list-disc [&_ul]:space-y-1";

export default function RulesPage() {
  const blocks = load();
  const toc = blocks.flatMap((b) => (b.kind === "heading" && b.level > 1 && b.id.startsWith("s") ? [b] : []));
  return (
    <div className="mx-auto grid max-w-6xl gap-8 lg:grid-cols-[14rem_1fr]">
      <nav aria-label="Rules sections" className="text-sm lg:sticky lg:top-4 lg:self-start">
        <p className="mb-2 font-semibold">Sections</p>
        <ol className="space-y-1">
          {toc.map((h) => (
            <li key={h.id} className={h.level === 3 ? "ml-4" : ""}>
              <a href={`#${h.id}`} className="text-blue-700 hover:underline">
                {h.text}
              </a>
            </li>
          ))}
        </ol>
        <p className="mt-4 text-slate-600">
          Ready? Try the <Link href="/learn" className="font-semibold text-blue-700 underline">guided first game</Link>, or{" "}
          <Link href="/playtest" className="font-semibold text-blue-700 underline">play against the AI</Link>.
        </p>
      </nav>
      <article className="min-w-0 max-w-3xl">
        <h1 className="text-3xl font-extrabold">Rules of the Sonic X Trading Card Game</h1>
        <p className="mt-1 text-sm text-slate-600">As Ringbinder plays them. Links to a section (for example from an error on the board) jump straight to it.</p>
        {blocks.map((b, i) => {
          if (b.kind === "heading") {
            const H = b.level === 1 ? "h1" : b.level === 2 ? "h2" : "h3";
            const size = b.level === 1 ? "text-3xl font-extrabold" : b.level === 2 ? "mt-8 text-2xl font-bold" : "mt-6 text-xl font-bold";
            return (
              <H key={i} id={b.id} className={`${size} scroll-mt-4`}>
                {b.level > 1 ? (
                  <a href={`#${b.id}`} className="hover:underline">
                    {b.text}
                  </a>
                ) : (
                  b.text
                )}
              </H>
            );
          }
          if (b.kind === "diagram") return <RulesDiagram key={i} name={b.name} fallback={b.fallback} />;
          return (
            <div key={i} className={`mt-3 ${prose}`}>
              <ReactMarkdown skipHtml components={{ img: () => null }}>
                {b.text}
              </ReactMarkdown>
            </div>
          );
        })}
      </article>
    </div>
  );
}
