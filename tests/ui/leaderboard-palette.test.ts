import { describe, expect, it } from "vitest";
import { cellColours, contrast, luminance, viridis } from "../../src/ui/leaderboard/palette.ts";

const rates = Array.from({ length: 101 }, (_, i) => i / 100);

describe("the heat map's palette", () => {
  it("every value's text contrasts with its cell at 4.5 : 1 at least", () => {
    for (const rate of rates) {
      const { background, color } = cellColours(rate);
      expect(contrast(background, color)).toBeGreaterThanOrEqual(4.5);
    }
  });

  it("is sequential: lighter as the rate rises, so it reads in greyscale too", () => {
    const lightness = rates.map((r) => luminance(viridis(r)));
    for (let i = 1; i < lightness.length; i++) expect(lightness[i]).toBeGreaterThanOrEqual(lightness[i - 1] as number);
    expect(viridis(0)).toBe("#440154");
    expect(viridis(1)).toBe("#fde725");
  });
});
