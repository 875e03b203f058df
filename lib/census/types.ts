import type { CensusFieldName, FieldState } from "@/lib/census/fields";

/** A photo of the evidence: where it is served, or null once an admin removed it. */
export type CensusPhotoDTO = { id: string; url: string | null; removed: boolean };

export type CensusVoteDTO = {
  id: string;
  kind: "confirm" | "dispute";
  /** display name, or "a former member" once that account is deleted */
  by: string;
  mine: boolean;
  /** a dispute's proposed value in words, and as JSON */
  value: string | null;
  rawValue: unknown;
  note: string;
  photo: CensusPhotoDTO | null;
  open: boolean;
  createdAt: string;
};

export type CensusFieldDTO = {
  name: CensusFieldName;
  label: string;
  /** the value in words (an effect reads as its "Reads as" line) */
  display: string;
  value: unknown;
  state: FieldState;
  /** provenance: who proposed the value, from which photo, when */
  proposedBy: string;
  photo: "front" | "back";
  proposedAt: string;
  confirmations: number;
  verifiedByAdmin: boolean;
  answer: string;
  votes: CensusVoteDTO[];
  /** what the viewer may do with this field */
  canVote: boolean;
  isMine: boolean;
  /** a correction: what the catalog card says now, in words, when it differs from the proposed value */
  catalogNow: string | null;
};

export type CensusSubmissionDTO = {
  id: string;
  key: string;
  setCode: string;
  number: number;
  title: string;
  status: "open" | "verified" | "removed";
  source: "form" | "suggestion";
  /** a correction: the catalog card it proposes new values for */
  corrects: { key: string; title: string; href: string; unofficial: boolean } | null;
  submittedBy: string;
  isSubmitter: boolean;
  createdAt: string;
  verifiedAt: string | null;
  front: CensusPhotoDTO | null;
  back: CensusPhotoDTO | null;
  fields: CensusFieldDTO[];
  verifiedFields: number;
  /** the catalog page of the card it became */
  cardHref: string | null;
};

export type CensusQueueItem = {
  id: string;
  key: string;
  title: string;
  status: CensusSubmissionDTO["status"];
  verifiedFields: number;
  fieldCount: number;
  disputed: boolean;
  submittedBy: string;
  createdAt: string;
  frontUrl: string | null;
};

export type CensusQueueFilter = "open" | "disputed" | "verified" | "mine" | "my-collection";

export type CensusAuditDTO = { id: string; key: string | null; field: string | null; action: string; by: string; detail: string; createdAt: string };

export type CensusPhotoReportDTO = { id: string; photoId: string; url: string | null; reason: string; reportedBy: string; createdAt: string; submissionIds: string[] };

/** One number of a set's checklist. */
export type ChecklistEntry = { number: number; state: "verified" | "submitted" | "unknown"; title: string | null; href: string | null; owned: boolean };

export type SetSummaryDTO = { code: string; name: string; unofficial: boolean; verified: number; submitted: number; highest: number; owned: number | null };

export type SetPageDTO = SetSummaryDTO & { entries: ChecklistEntry[] };

/** Per-field evidence shown on a card page. */
/** A card page's census evidence: the printing's verified submission, else the one open for it (a new printing or a correction). */
export type CardEvidenceDTO = {
  submissionId: string;
  status: "verified" | "open";
  correction: boolean;
  fields: { label: string; state: FieldState; proposedBy: string; photo: "front" | "back"; confirmations: number; verifiedByAdmin: boolean }[];
  front: string | null;
  back: string | null;
};

export type PullRateFigure = { rarity: string; packs: number; packsWith: number; rate: number; low: number; high: number; perPack: number };

export type PullRatesDTO =
  | { shown: false; contributors: number; minimum: number }
  | { shown: true; contributors: number; minimum: number; packs: number; cardsPerPack: number; figures: PullRateFigure[] };
