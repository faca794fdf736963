/**
 * The widths the host page can give the add-on's frame (docs/host-page.md, "Widths"): the whole main
 * area, as a desktop browser shows it, or the width of a tablet, a phone, or any number of pixels.
 * Shared by the host page (host-ui/src/frame-width.ts) and `openHostPage({ width })`.
 */

export type FrameWidth = 'desktop' | 'tablet' | 'phone' | number;

/** The devices' widths in CSS pixels: an iPad in portrait, an iPhone 12 to 15. */
export const DEVICE_WIDTHS = { tablet: 768, phone: 390 } as const;

/** The narrowest and widest custom widths, in CSS pixels. */
export const MIN_FRAME_WIDTH = 240;
export const MAX_FRAME_WIDTH = 3840;

/**
 * A width as written in the host page's address (`?width=phone`, `?width=412`) or storage; null for
 * anything else (a number out of range included).
 */
export function parseFrameWidth(text: string | null | undefined): FrameWidth | null {
  if (text === 'desktop' || text === 'tablet' || text === 'phone') return text;
  if (!text || !/^\d+$/.test(text)) return null;
  const px = Number(text);
  return px >= MIN_FRAME_WIDTH && px <= MAX_FRAME_WIDTH ? px : null;
}

/** The frame's width in CSS pixels; null for `desktop`, where it takes the whole main area. */
export function framePixels(width: FrameWidth): number | null {
  if (width === 'desktop') return null;
  return typeof width === 'number' ? width : DEVICE_WIDTHS[width];
}
