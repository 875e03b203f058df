/** Types for the npm package `glicko2` (mmai/glicko2js, MIT), which ships none: the part the ladder uses. */
declare module "glicko2" {
  /** A player inside one Glicko2 instance (ratings on the Glicko scale: 1500 = the default). */
  export interface Glicko2Player {
    getRating(): number;
    getRd(): number;
    getVol(): number;
    setRating(rating: number): void;
    setRd(rd: number): void;
    setVol(vol: number): void;
  }

  /** A match of one rating period: [player, opponent, score of the first (1 win, 0.5 draw, 0 loss)]. */
  export type Glicko2Match = [Glicko2Player, Glicko2Player, number];

  export interface Glicko2Settings {
    /** the system constant: how much the volatility may change (0.3 to 1.2) */
    tau?: number;
    rating?: number;
    rd?: number;
    vol?: number;
    volatility_algorithm?: "newprocedure" | "oldprocedure" | "newprocedure_mod";
  }

  export class Glicko2 {
    constructor(settings?: Glicko2Settings);
    makePlayer(rating?: number, rd?: number, vol?: number): Glicko2Player;
    /** Runs one rating period over the matches: every player of the instance is updated (an idle one's deviation grows). */
    updateRatings(matches?: Glicko2Match[]): void;
    /** The first player's expected score against the second. */
    predict(a: Glicko2Player, b: Glicko2Player): number;
  }
}
