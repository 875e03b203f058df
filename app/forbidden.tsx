import Link from "next/link";

export default function Forbidden() {
  return (
    <div className="panel mx-auto max-w-lg text-center">
      <h1 className="text-xl font-bold">403 · Not allowed</h1>
      <p className="mt-2 text-slate-600">This page is for catalog admins only.</p>
      <Link href="/" className="btn-secondary mt-4">
        Back to the start page
      </Link>
    </div>
  );
}
