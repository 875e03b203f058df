import { DomainError } from "@/lib/server/errors";

/** A refusal because too much of one kind of work is already waiting: 503 with Retry-After (lib/server/http-error). */
export class ServiceBusyError extends DomainError {
  constructor(
    public readonly retryAfterSeconds: number,
    what: string,
  ) {
    super("service/busy", `${what} are busy right now. Try again in ${retryAfterSeconds} seconds.`);
    this.name = "ServiceBusyError";
  }
}

/**
 * At most `running` tasks at once; up to `waiting` more queue in order, and
 * beyond that a task is refused at once with ServiceBusyError. For work that
 * is heavy for the database (an uncached search), so a burst of it queues
 * instead of taking every connection and core from the other requests.
 */
export function concurrencyGate(opts: { running: number; waiting: number; what: string; retryAfterSeconds?: number }) {
  let active = 0;
  const queue: (() => void)[] = [];
  return {
    async run<T>(task: () => Promise<T>): Promise<T> {
      if (active >= opts.running) {
        if (queue.length >= opts.waiting) throw new ServiceBusyError(opts.retryAfterSeconds ?? 5, opts.what);
        await new Promise<void>((resolve) => queue.push(resolve));
      } else active++;
      try {
        return await task();
      } finally {
        // hand the slot to the next in line (it keeps `active` as it is), or free it
        const next = queue.shift();
        if (next) next();
        else active--;
      }
    },
    stats: () => ({ running: active, waiting: queue.length }),
  };
}
