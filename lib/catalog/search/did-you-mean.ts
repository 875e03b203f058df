import type { QueryNode, TermNode } from "./ast";

/**
 * Edit distance (insertions, deletions, substitutions and swaps of two
 * neighbours) between two words, or `max + 1` as soon as it must exceed `max`.
 */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let prev2: number[] = [];
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(prev[j] + 1, row[j - 1] + 1, prev[j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, prev2[j - 2] + 1);
      row.push(d);
      best = Math.min(best, d);
    }
    if (best > max) return max + 1;
    prev2 = prev;
    prev = row;
  }
  return prev[b.length];
}

/** How far a misspelling may be from the word meant: one edit for short words, two from 5 letters. */
function allowedEdits(word: string): number {
  return word.length <= 4 ? 1 : 2;
}

/** The candidate nearest to `word` within its allowed edits (ties: the shorter, then the first alphabetically), or null. */
export function closestWord(word: string, candidates: Iterable<string>): string | null {
  const max = allowedEdits(word);
  let best: { word: string; d: number } | null = null;
  for (const c of candidates) {
    const d = editDistance(word, c, max);
    if (d > max) continue;
    if (!best || d < best.d || (d === best.d && (c.length < best.word.length || (c.length === best.word.length && c < best.word)))) best = { word: c, d };
  }
  return best?.word ?? null;
}

/** What the catalog has: the lower-case words of its titles, and its traits (lower case to as printed). */
export type SearchVocabulary = { titleWords: ReadonlySet<string>; traits: ReadonlyMap<string, string> };

/** A search that found nothing, rewritten with its unknown words replaced by the nearest known ones. */
export type DidYouMean = { query: string; changes: { from: string; to: string }[] };

function terms(node: QueryNode, out: TermNode[] = []): TermNode[] {
  if (node.kind === "term") out.push(node);
  else if (node.kind === "not") terms(node.child, out);
  else for (const c of node.children) terms(c, out);
  return out;
}

/**
 * For a search that found no card: title words that occur in no title, and
 * traits no card has, each replaced by the nearest word the catalog has
 * (`sonc` → `sonic`, `t:robto` → `t:robot`). Null when nothing is unknown or
 * nothing is near enough. Only the words themselves change in the query text.
 */
export function didYouMean(query: string, ast: QueryNode | null, vocab: SearchVocabulary): DidYouMean | null {
  if (!ast) return null;
  const edits: { start: number; end: number; to: string; from: string }[] = [];
  for (const node of terms(ast)) {
    const { term } = node;
    const slice = query.slice(node.start, node.end);
    if (term.field === "title") {
      const words = term.text.toLowerCase().split(/\s+/).filter(Boolean);
      for (const w of words) {
        if (w.length < 3 || [...vocab.titleWords].some((t) => t.includes(w))) continue;
        const to = closestWord(w, vocab.titleWords);
        const at = slice.toLowerCase().indexOf(w);
        if (to && at >= 0) edits.push({ start: node.start + at, end: node.start + at + w.length, from: slice.slice(at, at + w.length), to });
      }
    } else if (term.field === "trait") {
      if (vocab.traits.has(term.text)) continue;
      const to = closestWord(term.text, vocab.traits.keys());
      const at = slice.toLowerCase().lastIndexOf(term.text);
      if (to && at >= 0) edits.push({ start: node.start + at, end: node.start + at + term.text.length, from: slice.slice(at, at + term.text.length), to: vocab.traits.get(to)!.toLowerCase() });
    }
  }
  if (!edits.length) return null;
  let out = query;
  for (const e of [...edits].sort((a, b) => b.start - a.start)) out = out.slice(0, e.start) + e.to + out.slice(e.end);
  return { query: out, changes: edits.map(({ from, to }) => ({ from, to })) };
}
