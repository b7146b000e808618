import { gzipSync } from 'node:zlib';
import type { Page, Response } from 'playwright-core';

export interface LoadedAsset {
  url: string;
  kind: 'js' | 'css';
  bytes: number;
  gzipBytes: number;
}

/**
 * Records every script and stylesheet the page loads from the server while `load` runs: index.html's
 * own and the lazy chunks the route pulls in. Sizes are of the bodies as served; gzip at zlib's
 * default level, what a reverse proxy typically applies.
 */
export async function recordAssets(page: Page, origin: string, load: () => Promise<void>): Promise<LoadedAsset[]> {
  const responses: Response[] = [];
  const onResponse = (response: Response) => {
    const type = response.request().resourceType();
    if ((type === 'script' || type === 'stylesheet') && response.url().startsWith(origin)) responses.push(response);
  };
  page.on('response', onResponse);
  try {
    await load();
  } finally {
    page.off('response', onResponse);
  }
  const assets: LoadedAsset[] = [];
  for (const response of responses) {
    const body = await response.body();
    const kind = response.request().resourceType() === 'script' ? 'js' : 'css';
    assets.push({ url: response.url().slice(origin.length), kind, bytes: body.length, gzipBytes: gzipSync(body).length });
  }
  return assets;
}

export function totals(assets: LoadedAsset[], kind: 'js' | 'css') {
  const chosen = assets.filter((asset) => asset.kind === kind);
  return {
    files: chosen.length,
    kb: chosen.reduce((sum, asset) => sum + asset.bytes, 0) / 1024,
    gzipKb: chosen.reduce((sum, asset) => sum + asset.gzipBytes, 0) / 1024,
  };
}
