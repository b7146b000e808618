/** The pixel size of an image file, read by the browser before the upload (LibreChat sends it along). */
export function readImageSize(url: string): Promise<{ width: number; height: number } | null> {
  return new Promise((resolve) => {
    const image = new Image();
    image.onload = () => resolve({ width: image.naturalWidth, height: image.naturalHeight });
    // An image the browser cannot decode is still uploaded; the server sniffs and judges it.
    image.onerror = () => resolve(null);
    image.src = url;
  });
}
