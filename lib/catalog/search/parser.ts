import { COLOR_LETTERS, COLORS, colorMask, type Color } from "@/lib/catalog/colors";
import { RARITIES } from "@/lib/catalog/rarity";
import type { CompareOp, IsValue, NumberTest, ParseResult, QueryErrorCode, QueryNode, Term } from "./ast";
import { MAX_QUERY_DEPTH, MAX_QUERY_NUMBER, MAX_QUERY_TERMS } from "./limits";
import { QuerySyntaxError, tokenize, type Token } from "./tokenizer";

type WordToken = Extract<Token, { kind: "word" }>;

/** Keywords and the field each one searches. */
export const KEYWORDS: Record<string, Exclude<Term["field"], "title" | "exact">> = {
  c: "color",
  color: "color",
  colour: "color",
  t: "trait",
  trait: "trait",
  r: "rings",
  rings: "rings",
  rar: "rarity",
  rarity: "rarity",
  s: "set",
  set: "set",
  e: "set",
  n: "number",
  number: "number",
  cn: "number",
  o: "text",
  text: "text",
  is: "is",
};

const KEYWORD_LIST = "c, t, r (rings), rar, set, n, o, is";

const RARITY_ALIASES: Record<string, string> = {
  c: "common",
  common: "common",
  u: "uncommon",
  uncommon: "uncommon",
  r: "rare",
  rare: "rare",
  s: "super rare",
  sr: "super rare",
  superrare: "super rare",
  "super rare": "super rare",
  "super-rare": "super rare",
  p: "promo",
  promo: "promo",
};

const IS_VALUES: Record<string, IsValue> = {
  multicolor: "multicolor",
  multicolour: "multicolor",
  multi: "multicolor",
  m: "multicolor",
  automated: "automated",
  effect: "automated",
  vanilla: "vanilla",
};

const COLOR_NAMES: Record<string, Color> = { grey: "gray", ...Object.fromEntries(COLORS.map((c) => [c, c])) };

function err(message: string, position: number, expected: string, code: QueryErrorCode = "query/syntax"): never {
  throw new QuerySyntaxError({ code, message, position, expected });
}

function parseColorValue(tok: WordToken): number {
  const v = tok.value.trim().toLowerCase();
  const colors: Color[] = [];
  for (const part of v.split(/[,/+]/)) {
    if (!part) continue;
    if (COLOR_NAMES[part]) colors.push(COLOR_NAMES[part]);
    else if (/^[bryg]+$/.test(part)) for (const l of part) colors.push(COLOR_LETTERS[l]);
    else
      err(
        `Unknown color “${tok.value}”.`,
        tok.valueStart,
        "a color: blue, red, yellow, gray, or letters b r y g combined (c:br)",
      );
  }
  if (colors.length === 0) err(`Unknown color “${tok.value}”.`, tok.valueStart, "a color: blue, red, yellow, gray");
  return colorMask(colors);
}

/** A whole number from 0 to MAX_QUERY_NUMBER (the digits are checked before they become a number). */
function boundedNumber(digits: string, position: number): number {
  const n = Number(digits);
  if (digits.replace(/^0+(?=\d)/, "").length > String(MAX_QUERY_NUMBER).length || n > MAX_QUERY_NUMBER) {
    err(
      `The number “${digits.length > 12 ? `${digits.slice(0, 12)}…` : digits}” is too large: numbers in a search go up to ${MAX_QUERY_NUMBER}.`,
      position,
      `a number from 0 to ${MAX_QUERY_NUMBER}`,
      "query/number-too-large",
    );
  }
  return n;
}

function parseInteger(text: string, position: number, what: string): number {
  if (!/^\d+$/.test(text)) err(`“${text}” is not a whole number.`, position, `a whole number for ${what}`);
  return boundedNumber(text, position);
}

function parseNumberTest(tok: WordToken, what: string): NumberTest {
  const op = tok.op === ":" ? "=" : (tok.op as CompareOp);
  const range = /^(\d*)\.\.(\d*)$/.exec(tok.value);
  if (range) {
    if (op !== "=") err(`A range like ${tok.value} only works with “:” or “=”.`, tok.opStart, `“:” before a range (${tok.key}:${tok.value})`);
    if (range[1] === "" || range[2] === "") err(`The range “${tok.value}” needs both ends.`, tok.valueStart, "a range like 3..6");
    const min = boundedNumber(range[1], tok.valueStart);
    const max = boundedNumber(range[2], tok.valueStart + range[1].length + 2);
    if (min > max) err(`The range “${tok.value}” is backwards.`, tok.valueStart, `a range whose first number is not larger than the second (${max}..${min})`);
    return { op: "..", min, max };
  }
  return { op, value: parseInteger(tok.value, tok.valueStart, what) };
}

function textOnly(tok: WordToken, what: string): void {
  if (tok.op !== ":" && tok.op !== "=") err(`${what} only supports “:”.`, tok.opStart, `“:” after ${tok.key}`);
}

function termFromWord(tok: WordToken): Term {
  if (tok.exact) {
    if (!tok.value.trim()) err("An exact title cannot be empty.", tok.valueStart, "a title inside the quotes");
    return { field: "exact", text: tok.value };
  }
  if (tok.key === null) {
    if (!tok.value.trim()) err("Empty quotes match nothing.", tok.start, "words inside the quotes");
    return { field: "title", text: tok.value, quoted: tok.quoted };
  }
  const field = KEYWORDS[tok.key];
  if (!field) err(`Unknown keyword “${tok.key}”.`, tok.start, `one of the keywords ${KEYWORD_LIST}, or quote the word to search titles`);
  const value = tok.value;
  switch (field) {
    case "color": {
      const op = tok.op === ":" ? ">=" : (tok.op as CompareOp);
      const v = value.toLowerCase();
      if (v === "m" || v === "multi" || v === "multicolor") {
        if (tok.op !== ":") err("c:m (multi-color) only supports “:”.", tok.opStart, "c:m");
        return { field: "is", what: "multicolor" };
      }
      return { field: "color", op, mask: parseColorValue(tok) };
    }
    case "trait":
      textOnly(tok, "A trait search");
      if (!value.trim()) err("A trait cannot be empty.", tok.valueStart, "a trait, e.g. t:robot");
      return { field: "trait", text: value.trim().toLowerCase() };
    case "rings":
      return { field: "rings", test: parseNumberTest(tok, "rings") };
    case "number":
      return { field: "number", test: parseNumberTest(tok, "the card number") };
    case "rarity": {
      const name = RARITY_ALIASES[value.trim().toLowerCase()];
      if (!name) err(`Unknown rarity “${value}”.`, tok.valueStart, `a rarity: ${RARITIES.join(", ")} (or c, u, r, sr, p)`);
      const op = tok.op === ":" ? "=" : (tok.op as CompareOp);
      return { field: "rarity", op, rank: RARITIES.indexOf(name as (typeof RARITIES)[number]) };
    }
    case "set":
      textOnly(tok, "A set search");
      if (!/^[A-Za-z0-9][A-Za-z0-9-]*$/.test(value)) err(`“${value}” is not a set code.`, tok.valueStart, "a set code, e.g. set:DEMO");
      return { field: "set", code: value.toUpperCase() };
    case "text":
      textOnly(tok, "A text search");
      if (!value.trim()) err("A text search cannot be empty.", tok.valueStart, 'words to find in the card text, e.g. o:discard or o:"opposing blue"');
      return { field: "text", text: value };
    case "is": {
      textOnly(tok, "is:");
      const what = IS_VALUES[value.toLowerCase()];
      if (!what) err(`Unknown “is:${value}”.`, tok.valueStart, "is:multicolor, is:automated or is:vanilla");
      return { field: "is", what };
    }
  }
}

class Parser {
  private i = 0;
  /** parentheses and negations enclosing the current token */
  private depth = 0;
  private terms = 0;
  constructor(private readonly tokens: Token[]) {}

  /** Enters a “(” or “-”, refusing nesting deeper than MAX_QUERY_DEPTH at that token. */
  private enter(t: Token): void {
    this.depth++;
    if (this.depth > MAX_QUERY_DEPTH) {
      err(
        `The search is nested too deeply: at most ${MAX_QUERY_DEPTH} levels of parentheses and “-”.`,
        t.start,
        `fewer nested parentheses or “-” (the limit is ${MAX_QUERY_DEPTH})`,
        "query/too-deep",
      );
    }
  }

  private peek(): Token {
    return this.tokens[this.i];
  }

  private next(): Token {
    return this.tokens[this.i++];
  }

  parseQuery(): QueryNode | null {
    if (this.peek().kind === "eof") return null;
    const node = this.parseOr();
    const t = this.peek();
    if (t.kind === "rparen") err("Unexpected “)”: there is no “(” to close.", t.start, "a search term or the end of the query");
    if (t.kind !== "eof") err("Unexpected input.", t.start, "the end of the query");
    return node;
  }

  private parseOr(): QueryNode {
    const first = this.parseAnd();
    const children = [first];
    while (this.peek().kind === "or") {
      const orTok = this.next();
      const t = this.peek();
      if (t.kind === "eof" || t.kind === "rparen" || t.kind === "or")
        err("“or” needs a search term on both sides.", t.start, `a search term after “or” (position ${orTok.start + 1})`);
      children.push(this.parseAnd());
    }
    if (children.length === 1) return first;
    return { kind: "or", children, start: first.start, end: children[children.length - 1].end };
  }

  private parseAnd(): QueryNode {
    const children: QueryNode[] = [];
    for (;;) {
      const t = this.peek();
      if (t.kind === "eof" || t.kind === "rparen" || t.kind === "or") break;
      if (t.kind === "and") {
        this.next();
        const after = this.peek();
        if (children.length === 0 || after.kind === "eof" || after.kind === "rparen" || after.kind === "or" || after.kind === "and")
          err("“and” needs a search term on both sides.", children.length === 0 ? t.start : after.start, "a search term");
        continue;
      }
      children.push(this.parseUnary());
    }
    if (children.length === 0) {
      const t = this.peek();
      if (t.kind === "or") err("“or” needs a search term on both sides.", t.start, "a search term before “or”");
      err(t.kind === "rparen" ? "Unexpected “)”." : "Expected a search term.", t.start, "a search term");
    }
    if (children.length === 1) return children[0];
    return { kind: "and", children, start: children[0].start, end: children[children.length - 1].end };
  }

  private parseUnary(): QueryNode {
    const t = this.peek();
    if (t.kind === "not") {
      this.next();
      const after = this.peek();
      if (after.kind !== "word" && after.kind !== "lparen" && after.kind !== "not")
        err("“-” must be followed by a term to exclude.", after.start, "a search term right after “-”, e.g. -c:gray");
      this.enter(t);
      const child = this.parseUnary();
      this.depth--;
      return { kind: "not", child, start: t.start, end: child.end };
    }
    if (t.kind === "lparen") {
      this.next();
      if (this.peek().kind === "rparen") err("Empty parentheses.", this.peek().start, "a search term inside the parentheses");
      this.enter(t);
      const inner = this.parseOr();
      const close = this.peek();
      if (close.kind !== "rparen") err(`The “(” at position ${t.start + 1} is never closed.`, close.start, "“)”");
      this.next();
      this.depth--;
      // Keep the parentheses in the node's range so source slices stay valid queries.
      return { ...inner, start: t.start, end: close.end };
    }
    if (t.kind === "word") {
      this.next();
      if (++this.terms > MAX_QUERY_TERMS) {
        err(
          `The search has too many terms: at most ${MAX_QUERY_TERMS}.`,
          t.start,
          `fewer search terms (the limit is ${MAX_QUERY_TERMS})`,
          "query/too-many-terms",
        );
      }
      return { kind: "term", term: termFromWord(t), start: t.start, end: t.end };
    }
    err("Expected a search term.", t.start, "a search term");
  }
}

/**
 * Parses a card query (Scryfall-style: `c:br t:robot r>=5 -rar:common "chaos emerald"`)
 * into a syntax tree. An empty query parses to `null` (matches every card).
 * Never throws: a bad query returns `{ ok: false, error }` with its code, the
 * position and what was expected. Queries over a limit (lib/catalog/search/limits.ts:
 * length, nesting depth, number of terms, size of a number) are refused the
 * same way, with the limit named in the message.
 */
export function parseQuery(q: string): ParseResult {
  try {
    const tokens = tokenize(q);
    return { ok: true, ast: new Parser(tokens).parseQuery() };
  } catch (e) {
    if (e instanceof QuerySyntaxError) return { ok: false, error: e.detail };
    throw e;
  }
}
