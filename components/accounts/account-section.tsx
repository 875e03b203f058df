/** One section of the account page: a titled panel. New account features add a section, nothing else. */
export function AccountSection({ id, title, description, children }: { id: string; title: string; description?: string; children: React.ReactNode }) {
  return (
    <section className="panel space-y-3" aria-labelledby={`${id}-h`} data-testid={`account-${id}`}>
      <div>
        <h2 id={`${id}-h`} className="text-lg font-semibold">
          {title}
        </h2>
        {description && <p className="text-sm text-slate-600">{description}</p>}
      </div>
      {children}
    </section>
  );
}
