/**
 * The card query language's syntax tree. Every node carries the character
 * range [start, end) of the query text it was parsed from, so editors can
 * rewrite a query term by term and errors can point at a position.
 */

/** Comparison operators as written in the query (`:` is normalized per field). */
export type CompareOp = "=" | "!=" | "<" | "<=" | ">" | ">=";

/** A numeric test: a comparison or an inclusive range (`rings:3..6`). */
export type NumberTest = { op: CompareOp; value: number } | { op: ".."; min: number; max: number };

export type Span = { start: number; end: number };

/** A single search term (a leaf). */
export type Term =
  | { field: "title"; text: string; quoted: boolean }
  | { field: "exact"; text: string }
  | { field: "color"; op: CompareOp; mask: number }
  | { field: "trait"; text: string }
  | { field: "rings"; test: NumberTest }
  | { field: "number"; test: NumberTest }
  | { field: "rarity"; op: CompareOp; rank: number }
  | { field: "set"; code: string }
  | { field: "text"; text: string }
  | { field: "is"; what: IsValue };

export type IsValue = "multicolor" | "automated" | "vanilla";

export type Field = Term["field"];

export type QueryNode =
  | ({ kind: "and"; children: QueryNode[] } & Span)
  | ({ kind: "or"; children: QueryNode[] } & Span)
  | ({ kind: "not"; child: QueryNode } & Span)
  | ({ kind: "term"; term: Term } & Span);

export type TermNode = Extract<QueryNode, { kind: "term" }>;

/**
 * Why a query was refused: a syntax error, or one of the parser's limits
 * (length, nesting depth, number of terms, size of a number).
 */
export type QueryErrorCode =
  | "query/syntax"
  | "query/bad-character"
  | "query/too-long"
  | "query/too-deep"
  | "query/too-many-terms"
  | "query/number-too-large";

/** A parse error: its code, what went wrong, the 0-based character position, and what the parser expected there. */
export type QueryError = { code: QueryErrorCode; message: string; position: number; expected: string };

export type ParseResult = { ok: true; ast: QueryNode | null } | { ok: false; error: QueryError };
