/**
 * The /developers page's body: the OpenAPI document of /api/v1 rendered as
 * a reference (one section per endpoint: parameters, answers, a curl example
 * and a link that opens the live answer), with the published limits. A
 * server component: the document is plain data passed from the page.
 */

export type DocParameter = { name: string; in: "query" | "path"; required?: boolean; description?: string; schema?: { type?: string; enum?: string[]; default?: unknown } };
export type DocOperation = { operationId: string; summary: string; parameters?: DocParameter[]; responses: Record<string, { description: string }> };
export type ApiReference = { description: string; paths: Record<string, { get: DocOperation }> };

/** A live example per operation (a path with its query), where the path alone would not show much. */
export type Examples = Record<string, string>;

export function DeveloperDocs({ doc, base, examples }: { doc: ApiReference; base: string; examples: Examples }) {
  const ops = Object.entries(doc.paths).map(([path, { get }]) => ({ path, op: get, example: examples[get.operationId] ?? path }));
  return (
    <div className="space-y-6">
      <nav aria-label="Endpoints" className="panel">
        <h2 className="text-lg font-semibold">Endpoints</h2>
        <ul className="mt-2 grid gap-1 text-sm sm:grid-cols-2">
          {ops.map(({ path, op }) => (
            <li key={path}>
              <a href={`#${op.operationId}`} className="font-mono text-blue-700 underline dark:text-blue-300">
                GET {path}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      {ops.map(({ path, op, example }) => (
        <Operation key={path} path={path} op={op} url={`${base}${example}`} />
      ))}
    </div>
  );
}

function Operation({ path, op, url }: { path: string; op: DocOperation; url: string }) {
  const params = op.parameters ?? [];
  return (
    <section id={op.operationId} aria-labelledby={`${op.operationId}-h`} className="panel scroll-mt-20 space-y-3">
      <h2 id={`${op.operationId}-h`} className="font-mono text-base font-semibold">
        <span className="mr-2 rounded bg-emerald-100 px-1.5 py-0.5 text-emerald-900 dark:bg-emerald-900 dark:text-emerald-50">GET</span>{" "}
        {path}
      </h2>
      <p className="text-sm">{op.summary}.</p>
      {params.length > 0 && (
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Parameters of {path}</caption>
          <thead>
            <tr className="border-b border-slate-200 dark:border-slate-700">
              <th scope="col" className="py-1 pr-2">Parameter</th>
              <th scope="col" className="py-1 pr-2">In</th>
              <th scope="col" className="py-1">What</th>
            </tr>
          </thead>
          <tbody>
            {params.map((p) => (
              <tr key={`${p.in}-${p.name}`} className="border-b border-slate-100 align-top dark:border-slate-800">
                <td className="py-1 pr-2 font-mono">
                  {p.name}
                  {p.required ? <span className="sr-only"> (required)</span> : null}
                  {p.required ? <span aria-hidden="true">*</span> : null}
                </td>
                <td className="py-1 pr-2">{p.in}</td>
                <td className="py-1">
                  {p.description}
                  {p.schema?.enum ? <span className="block text-xs text-slate-600 dark:text-slate-300">One of: {p.schema.enum.join(", ")}</span> : null}
                  {p.schema?.default !== undefined && p.schema.default !== "" ? <span className="block text-xs text-slate-600 dark:text-slate-300">Default: {String(p.schema.default)}</span> : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <dl className="grid grid-cols-[max-content_1fr] gap-x-3 gap-y-1 text-sm">
        {Object.entries(op.responses).map(([status, r]) => (
          <div key={status} className="contents">
            <dt className="font-mono font-semibold">{status}</dt>
            <dd>{r.description}</dd>
          </div>
        ))}
      </dl>
      <div>
        <p className="text-xs font-semibold uppercase tracking-wide text-slate-600 dark:text-slate-300">Example</p>
        <pre className="mt-1 overflow-x-auto rounded bg-slate-900 p-2 text-xs text-slate-50">
          <code>curl -s &quot;{url}&quot;</code>
        </pre>
        {url.includes("{") ? (
          <p className="mt-1 text-xs text-slate-600 dark:text-slate-300">Put a value in place of each {"{parameter}"}.</p>
        ) : (
          <a href={url} className="mt-1 inline-block text-sm text-blue-700 underline dark:text-blue-300" target="_blank" rel="noreferrer">
            Open the live answer<span className="sr-only"> of {path} (opens in a new tab)</span>
          </a>
        )}
      </div>
    </section>
  );
}
