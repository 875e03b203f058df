// A coverage reporter for `npm run test:unit`: line coverage per top-level
// folder (app/, components/, lib/) and per second-level folder under each,
// beside the thresholds vitest.config.ts enforces. Vitest hands it to
// istanbul-reports (a custom reporter is a module path); CommonJS because
// istanbul-reports loads it with require().
/** Sums of covered and total lines. */
function add(map, key, lines) {
  const t = map.get(key) ?? { covered: 0, total: 0, files: 0 };
  t.covered += lines.covered;
  t.total += lines.total;
  t.files += 1;
  map.set(key, t);
}

function pct(t) {
  return t.total === 0 ? "  -  " : `${((100 * t.covered) / t.total).toFixed(1).padStart(5)}%`;
}

class FolderLines {
  constructor(opts) {
    this.root = opts.projectRoot ?? process.cwd();
    /** { "components/**": 70, ... }: shown beside the folder they apply to */
    this.thresholds = opts.thresholds ?? {};
  }

  execute(context) {
    const top = new Map();
    const second = new Map();
    const all = { covered: 0, total: 0, files: 0 };
    context.getTree("flat").visit({
      onDetail: (node) => {
        const fc = node.getFileCoverage();
        const file = fc.path.replaceAll("\\", "/");
        const root = this.root.replaceAll("\\", "/").replace(/\/?$/, "/");
        const rel = (file.startsWith(root) ? file.slice(root.length) : file).split("/");
        const lines = fc.toSummary().lines;
        add(top, rel[0], lines);
        if (rel.length > 2) add(second, `${rel[0]}/${rel[1]}`, lines);
        all.covered += lines.covered;
        all.total += lines.total;
        all.files += 1;
      },
    });
    const out = ["", "Line coverage by folder (covered / total lines, files)"];
    const row = (name, t, indent) => {
      const floor = this.thresholds[`${name}/**`];
      out.push(`${indent}${name.padEnd(28 - indent.length)} ${pct(t)}  ${String(t.covered).padStart(6)} / ${String(t.total).padEnd(6)} ${String(t.files).padStart(4)} files${floor !== undefined ? `   (threshold ${floor}%)` : ""}`);
    };
    for (const name of [...top.keys()].sort()) {
      row(name, top.get(name), "");
      for (const sub of [...second.keys()].filter((k) => k.startsWith(`${name}/`)).sort()) row(sub, second.get(sub), "  ");
    }
    row("all", all, "");
    out.push("");
    process.stdout.write(out.join("\n") + "\n");
  }
}

module.exports = FolderLines;
