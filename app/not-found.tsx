import Link from "next/link";

export default function NotFound() {
  return (
    <div className="mx-auto max-w-lg py-16 text-center">
      <p className="text-6xl font-black text-blue-700" aria-hidden>
        404
      </p>
      <h1 className="mt-4 text-2xl font-bold">This page ran off too fast</h1>
      <p className="mt-2 text-slate-600">We could not find what you asked for. It may have been deleted, made private, or never existed.</p>
      <div className="mt-6 flex justify-center gap-3">
        <Link href="/" className="btn-primary">
          Home
        </Link>
        <Link href="/cards" className="btn-secondary">
          Browse cards
        </Link>
      </div>
    </div>
  );
}
