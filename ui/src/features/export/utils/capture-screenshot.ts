import type { ResolvedTheme } from '../../../lib/theme/index.js';

/** Spec 001 §9: the screenshot's background by theme. */
export const screenshotBackground = (theme: ResolvedTheme) => (theme === 'dark' ? '#171717' : 'white');

/**
 * A PNG of the element, drawn in the browser by html-to-image (an SVG foreignObject turned into a
 * canvas: no eval, images only from data: and blob: URLs, which the CSP allows). Loaded on first use:
 * nobody else needs it.
 */
export async function captureScreenshot(element: HTMLElement, theme: ResolvedTheme): Promise<Blob> {
  const { toBlob } = await import('html-to-image');
  const blob = await toBlob(element, { backgroundColor: screenshotBackground(theme), pixelRatio: 1 });
  if (!blob) throw new Error('The screenshot could not be drawn');
  return blob;
}
