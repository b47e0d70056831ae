import { describe, expect, it } from "vitest";
import { glicko2Update, rateMatch } from "./glicko2";

describe("Glicko-2", () => {
  it("gives the worked example of Glickman's paper", () => {
    const after = glicko2Update({ rating: 1500, deviation: 200, volatility: 0.06 }, [
      { opponent: { rating: 1400, deviation: 30, volatility: 0.06 }, score: 1 },
      { opponent: { rating: 1550, deviation: 100, volatility: 0.06 }, score: 0 },
      { opponent: { rating: 1700, deviation: 300, volatility: 0.06 }, score: 0 },
    ]);
    // The paper rounds its intermediate steps (1464.06, 151.52, 0.05999); exact arithmetic lands within 0.01.
    expect(Math.abs(after.rating - 1464.06)).toBeLessThan(0.01);
    expect(Math.abs(after.deviation - 151.52)).toBeLessThan(0.01);
    expect(Math.abs(after.volatility - 0.05999)).toBeLessThan(0.00001);
  });

  it("moves a match's winner up and its loser down by the same amount when they stood alike", () => {
    const start = { rating: 1500, deviation: 350, volatility: 0.06 };
    const { a, b } = rateMatch(start, start, 1);
    expect(a.rating).toBeGreaterThan(1500);
    expect(b.rating).toBeLessThan(1500);
    expect(a.rating - 1500).toBeCloseTo(1500 - b.rating, 6);
    expect(a.deviation).toBeLessThan(350);
    const draw = rateMatch(start, start, 0.5);
    expect(draw.a.rating).toBeCloseTo(1500, 6);
  });
});
