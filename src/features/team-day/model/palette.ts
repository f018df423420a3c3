/**
 * Each driver's look on the map (pure): a colour from Okabe and Ito's palette, chosen to stay
 * distinguishable with the common colour-vision deficiencies (its yellow left out: it vanishes
 * on light map tiles), a line pattern that tells drivers apart when colours repeat (more than
 * seven drivers) or cannot be told apart, and the marker text colour that reads on the colour.
 * Colour is never the only sign: every marker and list also carries the driver's number.
 */

/** Okabe & Ito (2008), "Color Universal Design", without the yellow. */
export const DRIVER_COLOURS = [
  '#0072B2', // blue
  '#E69F00', // orange
  '#009E73', // bluish green
  '#D55E00', // vermillion
  '#CC79A7', // reddish purple
  '#56B4E9', // sky blue
  '#000000', // black
] as const;

/** Solid, dashed, dotted: SVG stroke-dasharray values. */
export const LINE_PATTERNS = ['', '12 8', '2 8'] as const;

export interface DriverStyle {
  colour: string;
  /** The line's stroke-dasharray ('' solid). */
  dash: string;
  /** Text on the colour: black or white, whichever contrasts more. */
  text: '#000000' | '#ffffff';
}

/** sRGB relative luminance (WCAG 2.1). */
export function luminance(hex: string): number {
  const channels = [1, 3, 5].map((start) => parseInt(hex.slice(start, start + 2), 16) / 255);
  const [r, g, b] = channels.map((c) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio of two colours. */
export function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light + 0.05) / (dark + 0.05);
}

/** The style of driver `number` (1-based). */
export function driverStyle(number: number): DriverStyle {
  const index = Math.max(0, number - 1);
  const colour = DRIVER_COLOURS[index % DRIVER_COLOURS.length];
  const dash = LINE_PATTERNS[Math.floor(index / DRIVER_COLOURS.length) % LINE_PATTERNS.length];
  const text = contrast(colour, '#000000') >= contrast(colour, '#ffffff') ? '#000000' : '#ffffff';
  return { colour, dash, text };
}
