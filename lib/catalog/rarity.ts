/** Rarities known to the catalog, from most to least common. */
export const RARITIES = ["common", "uncommon", "rare", "super rare", "promo"] as const;

/** Five base traits named by the rulebook; cards may carry others too. */
export const BASE_TRAITS = ["Animal", "Human", "Place", "Robot", "Thing"] as const;
