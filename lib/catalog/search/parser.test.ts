import { describe, expect, it } from "vitest";
import { parseQuery } from "./parser";
import type { QueryNode } from "./ast";
import { MAX_QUERY_DEPTH, MAX_QUERY_LENGTH, MAX_QUERY_NUMBER, MAX_QUERY_TERMS } from "./limits";

function ast(q: string): QueryNode | null {
  const r = parseQuery(q);
  if (!r.ok) throw new Error(`unexpected error: ${r.error.message} at ${r.error.position}`);
  return r.ast;
}

/** A compact rendering of the tree: (and ...), (or ...), (not ...), field:op:value. */
function show(node: QueryNode | null): string {
  if (!node) return "ALL";
  switch (node.kind) {
    case "and":
      return `(and ${node.children.map(show).join(" ")})`;
    case "or":
      return `(or ${node.children.map(show).join(" ")})`;
    case "not":
      return `(not ${show(node.child)})`;
    case "term": {
      const t = node.term;
      switch (t.field) {
        case "title":
          return `title~${t.text}`;
        case "exact":
          return `title=${t.text}`;
        case "color":
          return `color${t.op}${t.mask}`;
        case "trait":
          return `trait=${t.text}`;
        case "rings":
        case "number":
          return t.test.op === ".." ? `${t.field}:${t.test.min}..${t.test.max}` : `${t.field}${t.test.op}${t.test.value}`;
        case "rarity":
          return `rarity${t.op}${t.rank}`;
        case "set":
          return `set=${t.code}`;
        case "text":
          return `text~${t.text}`;
        case "is":
          return `is:${t.what}`;
      }
    }
  }
}

function error(q: string) {
  const r = parseQuery(q);
  if (r.ok) throw new Error(`expected an error for ${q}`);
  return r.error;
}

describe("parseQuery: terms", () => {
  it("parses the empty query as match-all", () => {
    expect(ast("")).toBeNull();
    expect(ast("   ")).toBeNull();
  });

  it("parses colors by name and by letters, with every operator", () => {
    expect(show(ast("c:blue"))).toBe("color>=1");
    expect(show(ast("color:GREY"))).toBe("color>=8");
    expect(show(ast("c:br"))).toBe("color>=3");
    expect(show(ast("c>=rb"))).toBe("color>=3");
    expect(show(ast("c=br"))).toBe("color=3");
    expect(show(ast("c<=yg"))).toBe("color<=12");
    expect(show(ast("c<b"))).toBe("color<1");
    expect(show(ast("c>y"))).toBe("color>4");
    expect(show(ast("c!=gray"))).toBe("color!=8");
    expect(show(ast("c:blue,red"))).toBe("color>=3");
    expect(show(ast("c:m"))).toBe("is:multicolor");
  });

  it("parses traits, rings, rarity, set, number, text and is:", () => {
    expect(show(ast("t:Robot"))).toBe("trait=robot");
    expect(show(ast("trait:animal"))).toBe("trait=animal");
    expect(show(ast("r>=5"))).toBe("rings>=5");
    expect(show(ast("r=0"))).toBe("rings=0");
    expect(show(ast("r:7"))).toBe("rings=7");
    expect(show(ast("r<2"))).toBe("rings<2");
    expect(show(ast("r>8"))).toBe("rings>8");
    expect(show(ast("r<=3"))).toBe("rings<=3");
    expect(show(ast("r!=3"))).toBe("rings!=3");
    expect(show(ast("rings:3..6"))).toBe("rings:3..6");
    expect(show(ast("rar:rare"))).toBe("rarity=2");
    expect(show(ast('rar:"super rare"'))).toBe("rarity=3");
    expect(show(ast("rarity>=u"))).toBe("rarity>=1");
    expect(show(ast("rar:sr"))).toBe("rarity=3");
    expect(show(ast("set:demo"))).toBe("set=DEMO");
    expect(show(ast("s:DEMO"))).toBe("set=DEMO");
    expect(show(ast("n:12"))).toBe("number=12");
    expect(show(ast("n>=60"))).toBe("number>=60");
    expect(show(ast("n:10..20"))).toBe("number:10..20");
    expect(show(ast("o:discard"))).toBe("text~discard");
    expect(show(ast('o:"opposing blue"'))).toBe("text~opposing blue");
    expect(show(ast("is:automated"))).toBe("is:automated");
    expect(show(ast("is:vanilla"))).toBe("is:vanilla");
    expect(show(ast("is:multi"))).toBe("is:multicolor");
  });

  it("parses bare words and quoted words as title searches, and !exact titles", () => {
    expect(show(ast("sonic"))).toBe("title~sonic");
    expect(show(ast('"chaos emerald"'))).toBe("title~chaos emerald");
    expect(show(ast('!"Dr. Eggman"'))).toBe("title=Dr. Eggman");
    expect(show(ast("!Tails"))).toBe("title=Tails");
    expect(show(ast("E-102"))).toBe("title~E-102");
    expect(show(ast('"say \\"hi\\""'))).toBe('title~say "hi"');
  });

  it("keeps keywords case-insensitive", () => {
    expect(show(ast("C:B T:ROBOT"))).toBe("(and color>=1 trait=robot)");
  });
});

describe("parseQuery: operators and precedence", () => {
  it("ANDs juxtaposed terms and accepts an explicit and", () => {
    expect(show(ast("c:blue t:robot"))).toBe("(and color>=1 trait=robot)");
    expect(show(ast("c:blue and t:robot"))).toBe("(and color>=1 trait=robot)");
    expect(show(ast("c:blue AND t:robot r>=5"))).toBe("(and color>=1 trait=robot rings>=5)");
  });

  it("parses or, case-insensitively", () => {
    expect(show(ast("c:blue or c:red"))).toBe("(or color>=1 color>=2)");
    expect(show(ast("c:blue OR c:red Or c:gray"))).toBe("(or color>=1 color>=2 color>=8)");
  });

  it("binds and tighter than or", () => {
    expect(show(ast("a b or c"))).toBe("(or (and title~a title~b) title~c)");
    expect(show(ast("a or b c"))).toBe("(or title~a (and title~b title~c))");
    expect(show(ast("a and b or c and d"))).toBe("(or (and title~a title~b) (and title~c title~d))");
  });

  it("groups with parentheses", () => {
    expect(show(ast("(a or b) c"))).toBe("(and (or title~a title~b) title~c)");
    expect(show(ast("a (b or (c d))"))).toBe("(and title~a (or title~b (and title~c title~d)))");
    expect(show(ast("((a))"))).toBe("title~a");
  });

  it("negates any term or group with -", () => {
    expect(show(ast("-c:gray"))).toBe("(not color>=8)");
    expect(show(ast("-t:robot r>=5"))).toBe("(and (not trait=robot) rings>=5)");
    expect(show(ast("-(c:blue or c:red)"))).toBe("(not (or color>=1 color>=2))");
    expect(show(ast('-"chaos"'))).toBe("(not title~chaos)");
    expect(show(ast('-!"Ring"'))).toBe("(not title=Ring)");
    expect(show(ast("--a"))).toBe("(not (not title~a))");
    expect(show(ast("a -b or c"))).toBe("(or (and title~a (not title~b)) title~c)");
  });

  it("records source positions that slice back to the term text", () => {
    const q = 'c:br  -t:robot (r>=5 or "chaos emerald")';
    const node = ast(q);
    if (!node || node.kind !== "and") throw new Error("expected and");
    expect(node.children.map((c) => q.slice(c.start, c.end))).toEqual(["c:br", "-t:robot", '(r>=5 or "chaos emerald")']);
  });
});

describe("parseQuery: errors point at the position and say what was expected", () => {
  it("reports an unclosed quote", () => {
    const e = error('sonic "chaos');
    expect(e.position).toBe(6);
    expect(e.expected).toMatch(/closing "/);
  });

  it("reports an unclosed parenthesis", () => {
    const e = error("(c:blue or c:red");
    expect(e.position).toBe(16);
    expect(e.expected).toBe("“)”");
    expect(e.message).toMatch(/position 1/);
  });

  it("reports a stray closing parenthesis", () => {
    const e = error("c:blue)");
    expect(e.position).toBe(6);
    expect(e.message).toMatch(/Unexpected “\)”/);
  });

  it("reports empty parentheses", () => {
    expect(error("a ()").position).toBe(3);
  });

  it("reports a dangling or / and / -", () => {
    expect(error("c:blue or").position).toBe(9);
    expect(error("or c:blue").position).toBe(0);
    expect(error("c:blue or or c:red").position).toBe(10);
    expect(error("a and").expected).toBe("a search term");
    expect(error("a -").position).toBe(3);
    expect(error("a - b").position).toBe(3);
  });

  it("reports an unknown keyword", () => {
    const e = error("foo:bar");
    expect(e.position).toBe(0);
    expect(e.message).toMatch(/Unknown keyword “foo”/);
  });

  it("reports a missing value", () => {
    const e = error("r>= 5");
    expect(e.position).toBe(3);
    expect(e.expected).toMatch(/value after r>=/);
  });

  it("reports bad colors, numbers, ranges and rarities at the value", () => {
    const c = error("t:robot c:purple");
    expect(c.position).toBe(10);
    expect(c.expected).toMatch(/blue, red, yellow, gray/);
    expect(error("r>=five").position).toBe(3);
    expect(error("r:-1").position).toBe(2);
    expect(error("rings:6..3").message).toMatch(/backwards/);
    expect(error("rings>=3..6").position).toBe(5);
    expect(error("rings:3..").message).toMatch(/both ends/);
    expect(error("rar:mythic").expected).toMatch(/common, uncommon, rare, super rare, promo/);
    expect(error("is:foo").position).toBe(3);
    expect(error("c>m").position).toBe(1);
  });

  it("rejects ordering operators on text fields", () => {
    expect(error("t>robot").position).toBe(1);
    expect(error("o<x").position).toBe(1);
    expect(error("set>=DEMO").position).toBe(3);
  });

  it("rejects empty quotes and a lone !", () => {
    expect(error('""').position).toBe(0);
    expect(error("! a").position).toBe(1);
    expect(error('!""').message).toMatch(/empty/);
  });

  it("never throws on arbitrary input", () => {
    for (const q of ['(((', ')))', '"', "-", "!", "c:", ":::", "a or (b", "- - -", "(-)", "\\", "c:b)(", "and or and"]) {
      const r = parseQuery(q);
      expect(typeof r.ok).toBe("boolean");
      if (!r.ok) {
        expect(r.error.position).toBeGreaterThanOrEqual(0);
        expect(r.error.position).toBeLessThanOrEqual(q.length);
        expect(r.error.expected.length).toBeGreaterThan(0);
      }
    }
  });
});

describe("parseQuery: limits say which one was hit, and where", () => {
  it("refuses a query over the length limit at the first character past it", () => {
    expect(parseQuery("a".repeat(MAX_QUERY_LENGTH)).ok).toBe(true);
    const e = error("a".repeat(MAX_QUERY_LENGTH + 1));
    expect(e).toMatchObject({ code: "query/too-long", position: MAX_QUERY_LENGTH });
    expect(e.message).toMatch(/at most 1,000 characters/);
  });

  it("refuses nesting deeper than the limit at the “(” or “-” that crosses it", () => {
    const ok = "(".repeat(MAX_QUERY_DEPTH) + "a" + ")".repeat(MAX_QUERY_DEPTH);
    expect(parseQuery(ok).ok).toBe(true);
    const e = error("(".repeat(MAX_QUERY_DEPTH + 1) + "a" + ")".repeat(MAX_QUERY_DEPTH + 1));
    expect(e).toMatchObject({ code: "query/too-deep", position: MAX_QUERY_DEPTH });
    expect(e.message).toMatch(new RegExp(`at most ${MAX_QUERY_DEPTH} levels`));
    // the inputs that used to reach the database: 101 nested -( and 40 nested (x or (… y))
    const negated = error("-(".repeat(101) + "a" + ")".repeat(101));
    expect(negated).toMatchObject({ code: "query/too-deep", position: MAX_QUERY_DEPTH });
    const ors = "x " + "(x or ".repeat(40) + "y" + ")".repeat(40);
    expect(error(ors)).toMatchObject({ code: "query/too-deep", position: ors.indexOf("(") + "(x or ".length * MAX_QUERY_DEPTH });
    expect(error("-".repeat(MAX_QUERY_DEPTH + 1) + "a")).toMatchObject({ code: "query/too-deep", position: MAX_QUERY_DEPTH });
  });

  it("refuses more terms than the limit at the first term past it", () => {
    const terms = (n: number) => Array.from({ length: n }, () => "ab").join(" ");
    expect(parseQuery(terms(MAX_QUERY_TERMS)).ok).toBe(true);
    expect(error(terms(MAX_QUERY_TERMS + 1))).toMatchObject({ code: "query/too-many-terms", position: MAX_QUERY_TERMS * 3 });
  });

  it("bounds numbers when it reads them", () => {
    expect(show(ast(`n<=${MAX_QUERY_NUMBER}`))).toBe(`number<=${MAX_QUERY_NUMBER}`);
    expect(show(ast("r:0000007"))).toBe("rings=7");
    const e = error("n>9223372036854775807");
    expect(e).toMatchObject({ code: "query/number-too-large", position: 2 });
    expect(e.message).toMatch(/numbers in a search go up to 99999/);
    expect(error(`r>=${MAX_QUERY_NUMBER + 1}`)).toMatchObject({ code: "query/number-too-large", position: 3 });
    expect(error("n:1..100000")).toMatchObject({ code: "query/number-too-large", position: 5 });
    expect(error("n:1" + "0".repeat(400) + "..2")).toMatchObject({ code: "query/number-too-large", position: 2 });
  });

  it("refuses control characters and unpaired surrogates", () => {
    expect(error("sonic\u0000")).toMatchObject({ code: "query/bad-character", position: 5 });
    expect(error("o:\uD800x")).toMatchObject({ code: "query/bad-character", position: 2 });
    expect(parseQuery("sonic\tring\nchaos 😀").ok).toBe(true);
  });

  it("marks plain syntax errors as such", () => {
    expect(error("c:purple").code).toBe("query/syntax");
  });
});
