/**
 * The pictures of the rules page: small boards drawn with the same colors as
 * the playtest board. Each is a figure with a caption and a text alternative;
 * the rules source holds a text version of each (its `diagram` block).
 */

type Cell = { t: "down" } | { t: "empty" } | { t: "slot"; label: string } | { t: "up"; color: "blue" | "red" | "yellow" | "gray"; rings: number | string; mark?: "flipped" | "hit" | "safe" | "pick" };
type Row = { who: string; row: string; cells: Cell[] };

/**
 * A face-up card's colours. Cards are printed matter: the same in both themes
 * (fixed values, which the dark theme's remapping of the palette classes does
 * not touch), as on the card faces and the board.
 */
const COLOR: Record<string, string> = {
  blue: "border-[#1d4ed8] bg-[#dbeafe] text-[#172554]",
  red: "border-[#b91c1c] bg-[#fee2e2] text-[#450a0a]",
  yellow: "border-[#ca8a04] bg-[#fef9c3] text-[#422006]",
  gray: "border-[#475569] bg-[#e2e8f0] text-[#020617]",
};

const down: Cell = { t: "down" };
const empty: Cell = { t: "empty" };
const up = (color: "blue" | "red" | "yellow" | "gray", rings: number | string, mark?: "flipped" | "hit" | "safe" | "pick"): Cell => ({ t: "up", color, rings, mark });
const slot = (label: string): Cell => ({ t: "slot", label });

function CellView({ c, highlight }: { c: Cell; highlight: boolean }) {
  const ring = highlight ? "ring-4 ring-amber-400" : "";
  if (c.t === "empty") return <div className={`h-14 w-11 rounded border border-dashed border-slate-300 ${ring}`} />;
  if (c.t === "slot") return <div className={`grid h-14 w-11 place-items-center rounded border border-slate-400 bg-white text-xs font-semibold text-slate-600 ${ring}`}>{c.label}</div>;
  if (c.t === "down") return <div className={`h-14 w-11 rounded border-2 border-blue-900 bg-[repeating-linear-gradient(45deg,#1e3a8a_0_6px,#1d4ed8_6px_12px)] ${ring}`} />;
  const mark = c.mark === "hit" ? "line-through decoration-2 opacity-70" : "";
  return (
    <div className={`relative grid h-14 w-11 place-items-center rounded border-2 text-center ${COLOR[c.color]} ${c.mark === "flipped" ? "ring-4 ring-amber-400" : ring}`}>
      <span className={`text-lg font-extrabold leading-none ${mark}`}>{c.rings}</span>
      <span className="absolute bottom-0.5 text-[9px] uppercase">{c.color}</span>
      {c.mark === "hit" && <span className="absolute -right-2 -top-2 rounded-full bg-red-700 px-1 text-[10px] font-bold text-white">out</span>}
      {c.mark === "safe" && <span className="absolute -right-2 -top-2 rounded-full bg-green-700 px-1 text-[10px] font-bold text-white">stays</span>}
    </div>
  );
}

function Board({ rows, highlightColumns = [], columnNumbers = true }: { rows: Row[]; highlightColumns?: number[]; columnNumbers?: boolean }) {
  return (
    <div className="inline-grid gap-1" style={{ gridTemplateColumns: "auto repeat(5, 2.75rem)" }}>
      {columnNumbers && (
        <>
          <span />
          {[1, 2, 3, 4, 5].map((n) => (
            <span key={n} className={`text-center text-xs font-semibold ${highlightColumns.includes(n) ? "text-amber-800" : "text-slate-500"}`}>
              {n}
            </span>
          ))}
        </>
      )}
      {rows.map((r, i) => (
        <div key={i} className="contents">
          <span className="self-center pr-2 text-right text-xs leading-tight text-slate-700">
            <span className="font-semibold">{r.who}</span>
            <br />
            {r.row}
          </span>
          {r.cells.map((c, j) => (
            <CellView key={j} c={c} highlight={highlightColumns.includes(j + 1) && c.t === "down"} />
          ))}
        </div>
      ))}
    </div>
  );
}

const DIAGRAMS: Record<string, { caption: string; alt: string; body: React.ReactNode }> = {
  field: {
    caption: "The field: two rows each, five columns facing each other. Column 3 of yours faces column 3 of the opponent's.",
    alt: "Four rows of five slots: the opponent's chaos row at the top, their spare row, then your spare row and your chaos row at the bottom.",
    body: (
      <Board
        rows={[
          { who: "Opponent", row: "chaos row", cells: [1, 2, 3, 4, 5].map(() => slot("C")) },
          { who: "Opponent", row: "spare row", cells: [1, 2, 3, 4, 5].map(() => slot("S")) },
          { who: "You", row: "spare row", cells: [1, 2, 3, 4, 5].map(() => slot("S")) },
          { who: "You", row: "chaos row", cells: [1, 2, 3, 4, 5].map(() => slot("C")) },
        ]}
      />
    ),
  },
  play: {
    caption: "Play step: your five cards go face down into your chaos row, against the opponent's face-up spare row from last turn.",
    alt: "The opponent's spare row shows a red 5 in column 1, a blue 3 in column 3 and a yellow 4 in column 5. Your chaos row holds five face-down cards.",
    body: (
      <Board
        rows={[
          { who: "Opponent", row: "spare row", cells: [up("red", 5), empty, up("blue", 3), empty, up("yellow", 4)] },
          { who: "You", row: "chaos row", cells: [down, down, down, down, down] },
        ]}
      />
    ),
  },
  "column-rule": {
    caption: "Priority column rule: columns 2 and 5 are face down on both sides, so your next flip must be in column 2 or 5.",
    alt: "Opponent's chaos row: face up in columns 1 and 4, face down in 2, 3 and 5. Your chaos row: face up in columns 1 and 3, face down in 2, 4 and 5. Columns 2 and 5 are highlighted.",
    body: (
      <Board
        highlightColumns={[2, 5]}
        rows={[
          { who: "Opponent", row: "chaos row", cells: [up("red", 4), down, down, up("gray", 2), down] },
          { who: "You", row: "chaos row", cells: [up("blue", 3), down, up("yellow", 5), down, down] },
        ]}
      />
    ),
  },
  battle: {
    caption: "Battle: you flip a blue 4 in column 3. Of the opponent's blue cards in that column, you pick the blue 6: it has more rings, so it is discarded. The blue 2 has fewer rings and would stay.",
    alt: "Column 3: the opponent's spare row holds a blue 6 marked out, their chaos row a blue 2 marked stays, and your chaos row the blue 4 you just flipped.",
    body: (
      <Board
        rows={[
          { who: "Opponent", row: "spare row", cells: [empty, empty, up("blue", 6, "hit"), empty, empty] },
          { who: "Opponent", row: "chaos row", cells: [down, down, up("blue", 2, "safe"), down, down] },
          { who: "You", row: "chaos row", cells: [down, down, up("blue", 4, "flipped"), down, down] },
        ]}
      />
    ),
  },
  recharge: {
    caption: "Recharge: the spare row is discarded, then what is left in the chaos row moves down into the spare slot of the same column, still face up.",
    alt: "Before: spare row A, empty, B, empty, C; chaos row D, E, empty, F, G. After: spare row D, E, empty, F, G; A, B and C are discarded.",
    body: (
      <div className="flex flex-wrap items-center gap-6">
        <div>
          <p className="mb-1 text-xs font-semibold text-slate-600">Before</p>
          <Board
            rows={[
              { who: "You", row: "spare row", cells: [up("red", "A"), empty, up("gray", "B"), empty, up("blue", "C")] },
              { who: "You", row: "chaos row", cells: [up("blue", "D"), up("yellow", "E"), empty, up("red", "F"), up("gray", "G")] },
            ]}
          />
        </div>
        <span aria-hidden className="text-2xl text-slate-500">
          →
        </span>
        <div>
          <p className="mb-1 text-xs font-semibold text-slate-600">After</p>
          <Board
            rows={[
              { who: "You", row: "spare row", cells: [up("blue", "D"), up("yellow", "E"), empty, up("red", "F"), up("gray", "G")] },
              { who: "You", row: "chaos row", cells: [empty, empty, empty, empty, empty] },
            ]}
          />
        </div>
      </div>
    ),
  },
};

/** One diagram of the rules page; an unknown name shows its text version. */
export function RulesDiagram({ name, fallback }: { name: string; fallback: string }) {
  const d = DIAGRAMS[name];
  if (!d) return <pre className="overflow-x-auto rounded bg-slate-100 p-3 text-xs">{fallback}</pre>;
  return (
    <figure className="my-4 overflow-x-auto rounded-lg border border-slate-200 bg-slate-50 p-4" data-testid={`diagram-${name}`}>
      <div role="img" aria-label={d.alt}>
        {d.body}
      </div>
      <figcaption className="mt-3 max-w-prose text-sm text-slate-700">{d.caption}</figcaption>
    </figure>
  );
}
