// The `glicko2` package ships no types; only what the arena uses is declared.
declare module "glicko2" {
  export interface Glicko2Player {
    getRating(): number;
    getRd(): number;
    getVol(): number;
  }
  export class Glicko2 {
    constructor(settings: { tau?: number; rating?: number; rd?: number; vol?: number });
    makePlayer(rating?: number, rd?: number, vol?: number): Glicko2Player;
    updateRatings(matches: [Glicko2Player, Glicko2Player, number][]): void;
  }
}
