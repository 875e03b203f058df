import { COLORS, colorsFromMask, type Color } from "@/lib/catalog/colors";
import { RARITIES } from "@/lib/catalog/rarity";
import type { NumberTest, QueryNode, Term } from "./ast";
import { parseQuery } from "./parser";

/** One top-level (ANDed) part of a query, with its source text. */
export type QueryPart = { node: QueryNode; text: string };

/**
 * Splits a query into its top-level ANDed parts (each keeps its exact source
 * text). Returns null for an invalid query. A top-level `or` is one part.
 */
export function splitQuery(q: string): QueryPart[] | null {
  const r = parseQuery(q);
  if (!r.ok) return null;
  if (!r.ast) return [];
  const nodes = r.ast.kind === "and" ? r.ast.children : [r.ast];
  return nodes.map((node) => ({ node, text: q.slice(node.start, node.end) }));
}

/** Joins parts back into a query, parenthesising a bare `or` so the meaning is kept. */
export function joinParts(parts: readonly QueryPart[]): string {
  return parts
    .map((p) => (p.node.kind === "or" && !p.text.startsWith("(") ? `(${p.text})` : p.text))
    .join(" ");
}

/** Quotes a value for the query language when it has spaces, quotes or parentheses. */
export function quoteValue(v: string): string {
  return /^[^\s"()]+$/.test(v) ? v : `"${v.replace(/\\/g, "\\\\").replace(/"/g, '\\"')}"`;
}

const LETTER: Record<Color, string> = { blue: "b", red: "r", yellow: "y", gray: "g" };

export type ColorMode = "any" | "all" | "exactly";

/** The state of the filter controls, as read from a query's top-level parts. */
export type FilterState = {
  colors: Color[];
  /** null when the query does not say (e.g. a single color) */
  colorMode: ColorMode | null;
  multicolor: boolean;
  trait: string;
  ringsMin: number | null;
  ringsMax: number | null;
  rarity: string;
  set: string;
  text: string;
};

export type FilterKind = "color" | "multicolor" | "trait" | "rings" | "rarity" | "set" | "text";

function term(node: QueryNode): Term | null {
  return node.kind === "term" ? node.term : null;
}

function singleBit(mask: number): boolean {
  return mask !== 0 && (mask & (mask - 1)) === 0;
}

/** Which filter control (if any) owns a top-level part. Anything else stays a free-standing chip. */
export function filterKindOf(node: QueryNode): FilterKind | null {
  if (node.kind === "or") {
    const allColors = node.children.every((c) => {
      const t = term(c);
      return t?.field === "color" && t.op === ">=" && singleBit(t.mask);
    });
    return allColors ? "color" : null;
  }
  const t = term(node);
  if (!t) return null;
  switch (t.field) {
    case "color":
      return t.op === ">=" || t.op === "=" ? "color" : null;
    case "is":
      return t.what === "multicolor" ? "multicolor" : null;
    case "trait":
      return "trait";
    case "rings":
      return t.test.op === "!=" ? null : "rings";
    case "rarity":
      return t.op === "=" ? "rarity" : null;
    case "set":
      return "set";
    case "text":
      return "text";
    default:
      return null;
  }
}

function applyRings(state: FilterState, test: NumberTest) {
  if (test.op === "..") {
    state.ringsMin = test.min;
    state.ringsMax = test.max;
    return;
  }
  switch (test.op) {
    case "=":
      state.ringsMin = test.value;
      state.ringsMax = test.value;
      break;
    case ">=":
      state.ringsMin = test.value;
      break;
    case ">":
      state.ringsMin = test.value + 1;
      break;
    case "<=":
      state.ringsMax = test.value;
      break;
    case "<":
      state.ringsMax = Math.max(0, test.value - 1);
      break;
  }
}

export const EMPTY_FILTERS: FilterState = {
  colors: [],
  colorMode: null,
  multicolor: false,
  trait: "",
  ringsMin: null,
  ringsMax: null,
  rarity: "",
  set: "",
  text: "",
};

/** Reads the filter controls' state from a query (invalid queries read as no filters). */
export function readFilters(q: string): FilterState {
  const state: FilterState = { ...EMPTY_FILTERS, colors: [] };
  for (const { node } of splitQuery(q) ?? []) {
    const kind = filterKindOf(node);
    if (kind === "color") {
      if (node.kind === "or") {
        let mask = 0;
        for (const c of node.children) {
          const t = term(c);
          if (t?.field === "color") mask |= t.mask;
        }
        state.colors = colorsFromMask(mask);
        state.colorMode = state.colors.length > 1 ? "any" : null;
      } else {
        const t = term(node);
        if (t?.field !== "color") continue;
        state.colors = colorsFromMask(t.mask);
        state.colorMode = t.op === "=" ? "exactly" : state.colors.length > 1 ? "all" : null;
      }
      continue;
    }
    const t = term(node);
    if (!t) continue;
    if (kind === "multicolor") state.multicolor = true;
    else if (kind === "trait" && t.field === "trait") state.trait = t.text;
    else if (kind === "rings" && t.field === "rings") applyRings(state, t.test);
    else if (kind === "rarity" && t.field === "rarity") state.rarity = RARITIES[t.rank] ?? "";
    else if (kind === "set" && t.field === "set") state.set = t.code;
    else if (kind === "text" && t.field === "text") state.text = t.text;
  }
  return state;
}

/** The query text for one filter control's state ("" when the control is cleared). */
export function filterTerm(kind: FilterKind, state: FilterState): string {
  switch (kind) {
    case "color": {
      const colors = COLORS.filter((c) => state.colors.includes(c));
      if (colors.length === 0) return "";
      const mode = state.colorMode ?? "all";
      const letters = colors.map((c) => LETTER[c]).join("");
      if (mode === "exactly") return `c=${colors.length === 1 ? colors[0] : letters}`;
      if (colors.length === 1) return `c:${colors[0]}`;
      if (mode === "any") return `(${colors.map((c) => `c:${c}`).join(" or ")})`;
      return `c:${letters}`;
    }
    case "multicolor":
      return state.multicolor ? "is:multicolor" : "";
    case "trait":
      return state.trait ? `t:${quoteValue(state.trait.toLowerCase())}` : "";
    case "rings": {
      const { ringsMin: min, ringsMax: max } = state;
      if (min !== null && max !== null) return min === max ? `r=${min}` : `rings:${Math.min(min, max)}..${Math.max(min, max)}`;
      if (min !== null) return `r>=${min}`;
      if (max !== null) return `r<=${max}`;
      return "";
    }
    case "rarity":
      return state.rarity ? `rar:${quoteValue(state.rarity)}` : "";
    case "set":
      return state.set ? `set:${quoteValue(state.set)}` : "";
    case "text":
      return state.text.trim() ? `o:${quoteValue(state.text.trim())}` : "";
  }
}

/**
 * Writes one filter control into a query: removes the parts that control owns
 * and appends its new term, keeping every other part verbatim. An invalid
 * query is kept as typed and the term is appended after it.
 */
export function setFilter(q: string, kind: FilterKind, state: FilterState): string {
  const next = filterTerm(kind, state);
  const parts = splitQuery(q);
  if (parts === null) return [q.trim(), next].filter(Boolean).join(" ");
  const kept = parts.filter((p) => filterKindOf(p.node) !== kind);
  const joined = joinParts(kept);
  return [joined, next].filter(Boolean).join(" ");
}

/** Removes the top-level part at `index` (a chip's × button). */
export function removePart(q: string, index: number): string {
  const parts = splitQuery(q);
  if (parts === null) return q;
  return joinParts(parts.filter((_, i) => i !== index));
}

const OP_WORDS: Record<string, string> = { "=": "is", "!=": "is not", "<": "less than", "<=": "at most", ">": "more than", ">=": "at least" };

function describeNumber(what: string, test: NumberTest): string {
  if (test.op === "..") return `${what} ${test.min}–${test.max}`;
  return `${what} ${OP_WORDS[test.op]} ${test.value}`;
}

function describeTerm(t: Term): string {
  switch (t.field) {
    case "title":
      return `Title has “${t.text}”`;
    case "exact":
      return `Title is “${t.text}”`;
    case "color": {
      const names = colorsFromMask(t.mask).join(" + ");
      const words: Record<string, string> = { ">=": "includes", "=": "exactly", "<=": "only from", ">": "more than", "<": "fewer than", "!=": "not exactly" };
      return `Color ${words[t.op]} ${names}`;
    }
    case "trait":
      return `Trait ${t.text}`;
    case "rings":
      return describeNumber("Rings", t.test);
    case "number":
      return describeNumber("Number", t.test);
    case "rarity":
      return `Rarity ${OP_WORDS[t.op]} ${RARITIES[t.rank]}`;
    case "set":
      return `Set ${t.code}`;
    case "text":
      return `Text has “${t.text}”`;
    case "is":
      return t.what === "multicolor" ? "Multi-color" : t.what === "automated" ? "Effect automated" : "Effect not automated";
  }
}

/** A short human description of a query node (chips, screen readers). */
export function describeNode(node: QueryNode): string {
  switch (node.kind) {
    case "term":
      return describeTerm(node.term);
    case "not":
      return `Not: ${describeNode(node.child)}`;
    case "or":
      return node.children.map(describeNode).join(" or ");
    case "and":
      return `(${node.children.map(describeNode).join(" and ")})`;
  }
}
