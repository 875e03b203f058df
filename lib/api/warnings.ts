import { closestWord, type QueryNode, type SearchVocabulary, type TermNode } from "@/lib/catalog/search";

function terms(node: QueryNode, out: TermNode[] = []): TermNode[] {
  if (node.kind === "term") out.push(node);
  else if (node.kind === "not") terms(node.child, out);
  else for (const c of node.children) terms(c, out);
  return out;
}

/**
 * Scryfall-style warnings for a parsed query: the terms that name something
 * the catalog does not have, so they match no card (`t:robto`, `set:XYZ`,
 * a title word in no title), each with the nearest known word when there is
 * one. A query the parser refuses (`c:bleu`, a stray quote) is an error, not
 * a warning: it is answered 400 with the parser's message.
 */
export function queryWarnings(query: string, ast: QueryNode | null, vocab: SearchVocabulary, setCodes: readonly string[]): string[] {
  if (!ast) return [];
  const out: string[] = [];
  const sets = new Set(setCodes.map((s) => s.toUpperCase()));
  for (const node of terms(ast)) {
    const { term } = node;
    const written = query.slice(node.start, node.end);
    if (term.field === "trait" && !vocab.traits.has(term.text)) {
      const near = closestWord(term.text, vocab.traits.keys());
      out.push(`“${written}”: no card has the trait “${term.text}”${near ? `; did you mean “t:${vocab.traits.get(near)!.toLowerCase()}”?` : "."}`);
    } else if (term.field === "set" && !sets.has(term.code.toUpperCase())) {
      const near = closestWord(term.code.toLowerCase(), [...sets].map((s) => s.toLowerCase()));
      out.push(`“${written}”: there is no set “${term.code}”${near ? `; did you mean “set:${near.toUpperCase()}”?` : "."}`);
    } else if (term.field === "title") {
      for (const w of term.text.toLowerCase().split(/\s+/).filter((x) => x.length >= 3)) {
        if ([...vocab.titleWords].some((t) => t.includes(w))) continue;
        const near = closestWord(w, vocab.titleWords);
        out.push(`“${w}” is in no card title${near ? `; did you mean “${near}”?` : "."}`);
      }
    }
  }
  return out;
}
