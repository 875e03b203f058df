import { PHASE_LABELS, throttleProgress, type OnImportProgress } from "@/lib/server/import/progress";

/**
 * A one-line progress bar on stderr for imports run from the command line
 * (redrawn in place on a terminal, a line per phase otherwise). Stdout stays
 * free for the report.
 */
export function progressBar(stream: NodeJS.WriteStream = process.stderr): OnImportProgress {
  let lastPhase = "";
  return throttleProgress((p) => {
    const known = p.total > 0;
    const width = 30;
    const filled = known ? Math.round((p.done / p.total) * width) : 0;
    const bar = known ? `[${"#".repeat(filled)}${".".repeat(width - filled)}] ${p.done}/${p.total}` : "[working…]";
    const text = `${PHASE_LABELS[p.phase].padEnd(30)} ${bar}`;
    if (stream.isTTY) {
      stream.write(`\r${text.padEnd(80)}`);
      if (p.phase === "done") stream.write("\n");
    } else if (p.phase !== lastPhase || p.phase === "done") stream.write(`${text}\n`);
    lastPhase = p.phase;
  });
}
