// The heat map's colours: viridis, a sequential palette that reads the same to the common colour-vision
// deficiencies and in greyscale (lightness rises with the value), sampled at eleven stops. The value is
// printed in every cell, in black or white, whichever contrasts more with the cell (never below 4.5 : 1
// on this palette: the two are equal, at 4.58 : 1, on a background of relative luminance 0.18).

const VIRIDIS = ["#440154", "#482475", "#414487", "#355f8d", "#2a788e", "#21918c", "#22a884", "#44bf70", "#7ad151", "#bddf26", "#fde725"] as const;

type Rgb = readonly [number, number, number];
const rgbOf = (hex: string): Rgb => [Number.parseInt(hex.slice(1, 3), 16), Number.parseInt(hex.slice(3, 5), 16), Number.parseInt(hex.slice(5, 7), 16)];
const hexOf = (rgb: Rgb): string => `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, "0")).join("")}`;

/** WCAG's relative luminance of an sRGB colour. */
export function luminance(hex: string): number {
  const [r, g, b] = rgbOf(hex).map((c) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG's contrast ratio of two colours. */
export function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** The palette's colour for a rate in [0, 1], interpolated between its stops. */
export function viridis(rate: number): string {
  const at = Math.min(1, Math.max(0, rate)) * (VIRIDIS.length - 1);
  const i = Math.min(VIRIDIS.length - 2, Math.floor(at));
  const [a, b] = [rgbOf(VIRIDIS[i] as string), rgbOf(VIRIDIS[i + 1] as string)];
  const t = at - i;
  return hexOf([a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t]);
}

/** A cell's background and the text colour that reads best on it. */
export function cellColours(rate: number): { background: string; color: string } {
  const background = viridis(rate);
  return { background, color: contrast(background, "#000000") >= contrast(background, "#ffffff") ? "#000000" : "#ffffff" };
}

/** The legend's stops, low to high. */
export const LEGEND_STOPS = [0, 0.25, 0.5, 0.75, 1] as const;
