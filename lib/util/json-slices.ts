/**
 * JSON.parse of a large import file (20,000 cards, ~5 MB) held the event loop
 * for one 40-130 ms stretch (npm run bench:http -- --mode import). This parses
 * a document that is an array, or an object with an array member `arrayKey`,
 * item by item: one pass finds where each item of the array starts and ends
 * (outside strings), then each item is parsed on its own, with `pause()` (a
 * time slicer) between pieces of work. Returns the array, or null when the
 * document has another shape or is not valid JSON: the caller then parses it
 * whole with JSON.parse (which also gives the exact error message).
 */
export async function parseJsonArrayInSlices(text: string, arrayKey: string, pause: () => Promise<void> | void): Promise<unknown[] | null> {
  try {
    return await parseItems(text, arrayKey, pause);
  } catch {
    return null;
  }
}

async function parseItems(text: string, arrayKey: string, pause: () => Promise<void> | void): Promise<unknown[] | null> {
  const scan = new Scanner(text, pause);
  let i = await scan.ws(0);
  let spans: [number, number][] | null = null;
  if (text.charCodeAt(i) === LBRACKET) {
    const r = await scan.items(i);
    if (!r) return null;
    spans = r.spans;
    i = r.end;
  } else if (text.charCodeAt(i) === LBRACE) {
    i = await scan.ws(i + 1);
    for (let first = true; text.charCodeAt(i) !== RBRACE; first = false) {
      if (!first) {
        if (text.charCodeAt(i) !== COMMA) return null;
        i = await scan.ws(i + 1);
      }
      const keyEnd = scan.stringEnd(i);
      if (keyEnd < 0) return null;
      const key = JSON.parse(text.slice(i, keyEnd)) as string;
      i = await scan.ws(keyEnd);
      if (text.charCodeAt(i) !== COLON) return null;
      i = await scan.ws(i + 1);
      if (key === arrayKey && text.charCodeAt(i) === LBRACKET) {
        const r = await scan.items(i);
        if (!r) return null;
        spans = r.spans;
        i = r.end;
      } else {
        const end = await scan.valueEnd(i);
        if (end < 0) return null;
        JSON.parse(text.slice(i, end) || "x");
        i = end;
      }
      i = await scan.ws(i);
    }
    i++;
  } else return null;
  if ((await scan.ws(i)) !== text.length || !spans) return null;
  const out: unknown[] = [];
  for (const [s, e] of spans) {
    out.push(JSON.parse(text.slice(s, e)));
    await pause();
  }
  return out;
}

const [LBRACKET, RBRACKET, LBRACE, RBRACE, COMMA, COLON, QUOTE, BACKSLASH] = ["[", "]", "{", "}", ",", ":", '"', "\\"].map((c) => c.charCodeAt(0));
const SLICE = 64 * 1024;

class Scanner {
  private since = 0;
  constructor(
    private text: string,
    private pause: () => Promise<void> | void,
  ) {}

  /** Yields now and then, by characters scanned. */
  private async tick(n: number) {
    this.since += n;
    if (this.since >= SLICE) {
      this.since = 0;
      await this.pause();
    }
  }

  async ws(i: number): Promise<number> {
    const t = this.text;
    const start = i;
    while (i < t.length && (t[i] === " " || t[i] === "\n" || t[i] === "\r" || t[i] === "\t")) i++;
    await this.tick(i - start);
    return i;
  }

  /** The index after the string starting at `i` (a quote), or -1. */
  stringEnd(i: number): number {
    const t = this.text;
    if (t.charCodeAt(i) !== QUOTE) return -1;
    for (let j = i + 1; ; ) {
      const q = t.indexOf('"', j);
      if (q < 0) return -1;
      let slashes = 0;
      for (let k = q - 1; t.charCodeAt(k) === BACKSLASH; k--) slashes++;
      if (slashes % 2 === 0) return q + 1;
      j = q + 1;
    }
  }

  /** The index after the value starting at `i` (its brackets balanced, strings skipped), or -1. */
  async valueEnd(i: number): Promise<number> {
    const t = this.text;
    let depth = 0;
    const start = i;
    for (; i < t.length; i++) {
      const c = t.charCodeAt(i);
      if (c === QUOTE) {
        const e = this.stringEnd(i);
        if (e < 0) return -1;
        i = e - 1;
        if (depth === 0) return e;
      } else if (c === LBRACKET || c === LBRACE) depth++;
      else if (c === RBRACKET || c === RBRACE) {
        if (depth === 0) return i;
        if (--depth === 0) return i + 1;
      } else if (depth === 0 && c === COMMA) return i;
      if (i - start >= SLICE) await this.tick(SLICE);
    }
    return depth === 0 ? i : -1;
  }

  /** The spans of the items of the array starting at `i` and the index after it, or null. */
  async items(i: number): Promise<{ spans: [number, number][]; end: number } | null> {
    const spans: [number, number][] = [];
    i = await this.ws(i + 1);
    if (this.text.charCodeAt(i) === RBRACKET) return { spans, end: i + 1 };
    for (;;) {
      const end = await this.valueEnd(i);
      if (end < 0 || end === i) return null;
      spans.push([i, end]);
      await this.tick(end - i);
      i = await this.ws(end);
      const c = this.text.charCodeAt(i);
      if (c === RBRACKET) return { spans, end: i + 1 };
      if (c !== COMMA) return null;
      i = await this.ws(i + 1);
    }
  }
}
