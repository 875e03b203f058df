import type { CompareOp, QueryError, QueryErrorCode } from "./ast";
import { MAX_QUERY_LENGTH } from "./limits";

/** A lexical token of the query language with its character range. */
export type Token =
  | { kind: "lparen" | "rparen" | "or" | "and" | "not" | "eof"; start: number; end: number }
  | {
      kind: "word";
      start: number;
      end: number;
      /** `!` before a word or quoted string: exact title match */
      exact: boolean;
      /** keyword before the operator (`c` in `c>=rb`), lower-cased */
      key: string | null;
      /** position of the keyword's operator (for errors) */
      opStart: number;
      op: CompareOp | ":" | null;
      value: string;
      /** position where the value starts (for errors) */
      valueStart: number;
      quoted: boolean;
    };

/** The one error the query parser throws internally; parseQuery turns it into `{ ok: false, error }`. */
export class QuerySyntaxError extends Error {
  public readonly detail: QueryError;
  constructor(detail: Omit<QueryError, "code"> & { code?: QueryErrorCode }) {
    super(detail.message);
    this.detail = { code: detail.code ?? "query/syntax", message: detail.message, position: detail.position, expected: detail.expected };
  }
}

/**
 * Control characters (other than tab and line breaks, which count as spaces)
 * and unpaired UTF-16 surrogates: neither can be typed into a search box,
 * and PostgreSQL refuses NUL in text.
 */
const BAD_CHARACTER = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Refuses a query over the length limit or with a character no search can contain. */
function checkText(q: string): void {
  if (q.length > MAX_QUERY_LENGTH) {
    throw new QuerySyntaxError({
      code: "query/too-long",
      message: `The search is too long: at most ${MAX_QUERY_LENGTH.toLocaleString("en")} characters (this one has ${q.length.toLocaleString("en")}).`,
      position: MAX_QUERY_LENGTH,
      expected: `a shorter search (the limit is ${MAX_QUERY_LENGTH.toLocaleString("en")} characters)`,
    });
  }
  const bad = BAD_CHARACTER.exec(q);
  if (bad) {
    const code = bad[0].charCodeAt(0).toString(16).toUpperCase().padStart(4, "0");
    throw new QuerySyntaxError({
      code: "query/bad-character",
      message: `The search contains a character that cannot be searched for (U+${code}).`,
      position: bad.index,
      expected: "letters, digits, spaces and punctuation",
    });
  }
}

const KEY_OP = /^([A-Za-z]+)(!=|<=|>=|:|=|<|>)/;
const isSpace = (ch: string) => /\s/.test(ch);

function readQuoted(q: string, start: number): { value: string; end: number } {
  // q[start] is the opening quote
  let i = start + 1;
  let value = "";
  while (i < q.length) {
    const ch = q[i];
    if (ch === "\\" && (q[i + 1] === '"' || q[i + 1] === "\\")) {
      value += q[i + 1];
      i += 2;
      continue;
    }
    if (ch === '"') return { value, end: i + 1 };
    value += ch;
    i++;
  }
  throw new QuerySyntaxError({ message: `Unclosed quote: the quote at position ${start + 1} has no closing quote.`, position: start, expected: 'a closing "' });
}

function readBare(q: string, start: number): number {
  let i = start;
  while (i < q.length && !isSpace(q[i]) && q[i] !== "(" && q[i] !== ")" && q[i] !== '"') i++;
  return i;
}

/**
 * Splits a query into tokens: parentheses, `or`/`and`, `-` (negation), and
 * words (bare, quoted, `!exact`, or `key op value`). Throws QuerySyntaxError
 * for a query over the length limit, a character no search can contain, an
 * unclosed quote or a keyword without a value.
 */
export function tokenize(q: string): Token[] {
  checkText(q);
  const tokens: Token[] = [];
  let i = 0;
  while (i < q.length) {
    const ch = q[i];
    if (isSpace(ch)) {
      i++;
      continue;
    }
    if (ch === "(" || ch === ")") {
      tokens.push({ kind: ch === "(" ? "lparen" : "rparen", start: i, end: i + 1 });
      i++;
      continue;
    }
    if (ch === "-") {
      const nextCh = q[i + 1];
      if (nextCh === undefined || isSpace(nextCh) || nextCh === ")") {
        throw new QuerySyntaxError({ message: "“-” must be followed directly by a term to exclude.", position: i + 1, expected: "a search term right after “-”, e.g. -c:gray" });
      }
      tokens.push({ kind: "not", start: i, end: i + 1 });
      i++;
      continue;
    }
    const start = i;
    let exact = false;
    if (ch === "!") {
      exact = true;
      i++;
      if (i >= q.length || isSpace(q[i]) || q[i] === "(" || q[i] === ")") {
        throw new QuerySyntaxError({ message: "“!” must be followed by a title.", position: i, expected: 'a title after !, e.g. !"Dr. Eggman"' });
      }
    }
    if (q[i] === '"') {
      const { value, end } = readQuoted(q, i);
      tokens.push({ kind: "word", start, end, exact, key: null, opStart: i, op: null, value, valueStart: i, quoted: true });
      i = end;
      continue;
    }
    const m = exact ? null : KEY_OP.exec(q.slice(i));
    if (m) {
      const key = m[1].toLowerCase();
      const op = m[2] as CompareOp | ":";
      const opStart = i + m[1].length;
      const valueStart = i + m[0].length;
      if (q[valueStart] === '"') {
        const { value, end } = readQuoted(q, valueStart);
        tokens.push({ kind: "word", start, end, exact, key, opStart, op, value, valueStart, quoted: true });
        i = end;
        continue;
      }
      const end = readBare(q, valueStart);
      if (end === valueStart) {
        throw new QuerySyntaxError({ message: `“${m[0]}” needs a value after it.`, position: valueStart, expected: `a value after ${m[0]}` });
      }
      tokens.push({ kind: "word", start, end, exact, key, opStart, op, value: q.slice(valueStart, end), valueStart, quoted: false });
      i = end;
      continue;
    }
    const end = readBare(q, i);
    const value = q.slice(i, end);
    if (!exact && /^or$/i.test(value)) tokens.push({ kind: "or", start, end });
    else if (!exact && /^and$/i.test(value)) tokens.push({ kind: "and", start, end });
    else tokens.push({ kind: "word", start, end, exact, key: null, opStart: i, op: null, value, valueStart: i, quoted: false });
    i = end;
  }
  tokens.push({ kind: "eof", start: q.length, end: q.length });
  return tokens;
}
