/** Plain DTOs of trading (docs/trades.md). No email address is ever part of one: people are named by display name. */

export type TradeListKind = "want" | "have";

/** A card as trades show it. */
export type TradeCardDTO = { cardId: string; key: string; title: string };

/** One line of a want list or trade list. */
export type TradeListLineDTO = TradeCardDTO & { quantity: number };

/** The signed-in user's lists and settings. */
export type MyTradeListsDTO = { listsPublic: boolean; tradeMail: boolean; wants: TradeListLineDTO[]; haves: TradeListLineDTO[] };

/** Another user (by display name and id: never an email). A deleted account is `null`. */
export type TraderDTO = { id: string; displayName: string } | null;

/** A match: what the other user can give me, and what I can give them, and the score they are ranked by. */
export type TradeMatchDTO = { trader: { id: string; displayName: string }; theyGive: TradeListLineDTO[]; iGive: TradeListLineDTO[]; score: number };

export type TradeStatus = "open" | "countered" | "accepted" | "declined" | "withdrawn" | "completed";

/** A proposal as one of its two sides sees it ("mine" = the viewer gives it). */
export type TradeDTO = {
  id: string;
  status: TradeStatus;
  /** whether the viewer sent it */
  sent: boolean;
  other: TraderDTO;
  iGive: TradeListLineDTO[];
  theyGive: TradeListLineDTO[];
  message: string;
  iMarkedDone: boolean;
  theyMarkedDone: boolean;
  counterOfId: string | null;
  createdAt: string;
  updatedAt: string;
  completedAt: string | null;
  /** what the viewer may do now */
  can: { accept: boolean; decline: boolean; counter: boolean; withdraw: boolean; markDone: boolean };
};

/** A line of a proposal as sent: who gives which card, how many. */
export type TradeLineInput = { cardId: string; quantity: number };
