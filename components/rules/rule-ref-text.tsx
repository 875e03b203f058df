import Link from "next/link";
import { ruleAnchor, ruleRefParts } from "@/lib/rules-doc/sections";

/** A message whose rule references ("RULES.md §4.2") become links to that section of the rules page. */
export function RuleRefText({ text }: { text: string }) {
  return (
    <>
      {ruleRefParts(text).map((p, i) =>
        p.kind === "text" ? (
          <span key={i}>{p.text}</span>
        ) : (
          <Link key={i} href={`/rules#${ruleAnchor(p.section)}`} className="font-semibold underline" target="_blank" rel="noopener" aria-label={`rules section ${p.section} (opens in a new tab)`}>
            {p.text}
          </Link>
        ),
      )}
    </>
  );
}
