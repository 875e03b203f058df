/**
 * The players' rules (the first part of docs/rules.md) cut into what the
 * `/rules` page renders: headings with stable anchors, markdown between them,
 * and the fenced `diagram` blocks the page draws as pictures. Pure: the page
 * reads the file, this module only parses the text.
 */

/** Where the players' part of docs/rules.md starts and ends. */
export const RULES_PAGE_START = "<!-- rules-page:start -->";
export const RULES_PAGE_END = "<!-- rules-page:end -->";

/** A piece of the rules page, in document order. */
export type RulesBlock = { kind: "heading"; level: 1 | 2 | 3; id: string; text: string } | { kind: "markdown"; text: string } | { kind: "diagram"; name: string; fallback: string };

/**
 * The stable anchor of a heading: numbered sections follow the rules'
 * numbering ("4.2 Rush step" → `s4-2`, "1. Your deck" → `s1`), so references
 * such as "§4.2" link to them; other headings get a slug of their words.
 */
export function headingId(text: string): string {
  const num = /^§?(\d+(?:\.\d+)*)\.?\s/.exec(text.trim());
  if (num) return `s${num[1].replace(/\./g, "-")}`;
  return (
    text
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-|-$/g, "") || "section"
  );
}

/** The anchor a rule reference points to ("4.3" → `s4-3`). */
export function ruleAnchor(section: string): string {
  return `s${section.replace(/\./g, "-")}`;
}

/** The players' part of the rules source, cut into blocks. Throws when the end marker is missing (a broken source must fail the build, not show half a page). */
export function parseRulesDoc(source: string): RulesBlock[] {
  const end = source.indexOf(RULES_PAGE_END);
  if (end < 0) throw new Error(`docs/rules.md lacks the ${RULES_PAGE_END} marker`);
  const start = source.indexOf(RULES_PAGE_START);
  const lines = source.slice(start >= 0 && start < end ? start + RULES_PAGE_START.length : 0, end).split("\n");
  const blocks: RulesBlock[] = [];
  let md: string[] = [];
  const flush = () => {
    const text = md.join("\n").trim();
    if (text) blocks.push({ kind: "markdown", text });
    md = [];
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    const heading = /^(#{1,3})\s+(.+?)\s*$/.exec(line);
    const fence = /^```diagram\s+([a-z][a-z0-9-]*)\s*$/.exec(line);
    if (heading) {
      flush();
      const text = heading[2];
      blocks.push({ kind: "heading", level: heading[1].length as 1 | 2 | 3, id: headingId(text), text });
    } else if (fence) {
      flush();
      const body: string[] = [];
      i++;
      while (i < lines.length && !/^```\s*$/.test(lines[i])) body.push(lines[i++]);
      blocks.push({ kind: "diagram", name: fence[1], fallback: body.join("\n") });
    } else if (/^```/.test(line)) {
      // any other fence stays markdown, kept whole
      md.push(line);
      i++;
      while (i < lines.length && !/^```\s*$/.test(lines[i])) md.push(lines[i++]);
      if (i < lines.length) md.push(lines[i]);
    } else md.push(line);
  }
  flush();
  return blocks;
}

/** A piece of a message: text, or a reference to a rules section. */
export type RefPart = { kind: "text"; text: string } | { kind: "ref"; section: string; text: string };

/**
 * Cuts a message ("… (RULES.md §4.3 step 4, §6).") into text and rule
 * references, each reference to link to its section on the rules page. "RULES.md"
 * (a file players cannot open) reads as "rules"; "docs/rules.md" as "rules page".
 */
export function ruleRefParts(message: string): RefPart[] {
  const text = message.replace(/docs\/rules\.md/g, "rules page").replace(/RULES\.md\s*/g, "rules ");
  const parts: RefPart[] = [];
  const re = /§(\d+(?:\.\d+)?)/g;
  let last = 0;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    if (m.index > last) parts.push({ kind: "text", text: text.slice(last, m.index) });
    parts.push({ kind: "ref", section: m[1], text: m[0] });
    last = m.index + m[0].length;
  }
  if (last < text.length) parts.push({ kind: "text", text: text.slice(last) });
  return parts;
}
