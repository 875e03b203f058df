import type { CensusPhotoDTO } from "@/lib/census/types";

/** A census photo with its caption, or a note that it was removed. */
export function PhotoFrame({ photo, caption, children }: { photo: CensusPhotoDTO | null; caption: string; children?: React.ReactNode }) {
  return (
    <figure className="space-y-1">
      {photo?.url ? (
        // eslint-disable-next-line @next/next/no-img-element -- a stored, re-encoded photo served from this site
        <img src={photo.url} alt={caption} className="aspect-[5/7] w-full rounded-md border border-slate-300 bg-slate-100 object-contain" />
      ) : (
        <div className="flex aspect-[5/7] w-full items-center justify-center rounded-md border border-dashed border-slate-400 p-2 text-center text-xs text-slate-600">
          {photo?.removed ? "Photo removed by an admin" : "No photo"}
        </div>
      )}
      <figcaption className="text-xs text-slate-600">{caption}</figcaption>
      {children}
    </figure>
  );
}
