import type { ChildProcess } from "node:child_process";

/**
 * Cleanup for command-line tools that start servers, child processes or
 * scratch databases (the benchmarks): whatever they registered is undone once,
 * in reverse order, whether the run ends normally, through `fail()`, by an
 * exception, or by Ctrl-C / SIGTERM / SIGHUP.
 */
type Cleanup = () => void | Promise<void>;

const cleanups: Cleanup[] = [];
let running: Promise<void> | null = null;

/** Registers something to undo at the end of the run (the last registered is undone first). */
export function onCleanup(fn: Cleanup): void {
  cleanups.push(fn);
}

/** Runs every registered cleanup once (later calls wait for the first); a failing one is reported and the others still run. */
export function runCleanups(): Promise<void> {
  running ??= (async () => {
    while (cleanups.length) {
      const fn = cleanups.pop()!;
      try {
        await fn();
      } catch (e) {
        console.error(`\u2716 cleanup failed: ${e instanceof Error ? e.message : String(e)}`);
      }
    }
  })();
  return running;
}

/**
 * Ends a child process: SIGTERM to it (and its process group when it leads
 * one), then SIGKILL if it has not exited after `graceMs`. Resolves once it exited.
 */
export async function stopChild(child: ChildProcess, graceMs = 5_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null || !child.pid) return;
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const signal = (sig: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, sig);
    } catch {
      child.kill(sig);
    }
  };
  signal("SIGTERM");
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<"late">((resolve) => (timer = setTimeout(() => resolve("late"), graceMs)));
  if ((await Promise.race([exited, late])) === "late") {
    signal("SIGKILL");
    await exited;
  }
  clearTimeout(timer);
}

/** Starts a child process that is stopped at the end of the run, whatever ends it (SIGKILL `graceMs` after SIGTERM). */
export function tracked<T extends ChildProcess>(child: T, graceMs?: number): T {
  onCleanup(() => stopChild(child, graceMs));
  return child;
}

/** A failure the tool reports in one line (no stack): thrown by `fail()` once the run has started. */
export class ToolFailure extends Error {}

/**
 * Runs `main` with cleanup on every way out: the exit code is 0 on success,
 * 2 for a ToolFailure (its message printed), 1 for anything else (its stack
 * printed; an uncaught exception or unhandled rejection too), and 128 + the
 * signal's number after Ctrl-C, SIGTERM or SIGHUP.
 */
export function runTool(main: () => Promise<void>): void {
  const signals: Record<string, number> = { SIGINT: 2, SIGTERM: 15, SIGHUP: 1 };
  for (const [sig, n] of Object.entries(signals)) {
    process.once(sig, () => {
      console.error(`\n\u2716 ${sig}: stopping and cleaning up…`);
      void runCleanups().finally(() => process.exit(128 + n));
    });
  }
  // an error nothing awaited (a callback, a promise left running) still stops what the run started
  for (const event of ["uncaughtException", "unhandledRejection"] as const) {
    process.once(event, (e: unknown) => {
      console.error(e);
      void runCleanups().finally(() => process.exit(1));
    });
  }
  main().then(
    () => runCleanups().then(() => process.exit(0)),
    (e) => {
      if (e instanceof ToolFailure) console.error(`\u2716 ${e.message}`);
      else console.error(e);
      void runCleanups().finally(() => process.exit(e instanceof ToolFailure ? 2 : 1));
    },
  );
}
