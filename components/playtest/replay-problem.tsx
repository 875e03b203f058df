import Link from "next/link";

export function ReplayProblem({ message }: { message: string }) {
  return (
    <div className="panel max-w-2xl space-y-3">
      <h1 className="text-xl font-bold">This replay cannot be shown</h1>
      <p role="alert" className="text-red-800" data-testid="replay-error">
        {message}
      </p>
      <Link href="/playtest" className="btn-primary">
        Start a new playtest
      </Link>
    </div>
  );
}
