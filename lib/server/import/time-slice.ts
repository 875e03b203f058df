/**
 * Cooperative time slicing for long loops on the server's event loop: call the
 * returned function once per item; it resolves at once until `budgetMs` has
 * passed since the last pause, then pauses (a macrotask, so timers and I/O,
 * i.e. other requests, run) and starts a new slice.
 */
export function timeSlicer(budgetMs = 15): () => Promise<void> | void {
  let sliceStart = performance.now();
  return () => {
    if (performance.now() - sliceStart < budgetMs) return;
    return new Promise<void>((resolve) =>
      setTimeout(() => {
        sliceStart = performance.now();
        resolve();
      }, 0),
    );
  };
}
