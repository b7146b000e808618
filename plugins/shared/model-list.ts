/** The loaded model list when it is usable, the fallback when loading fails or finds nothing. */
export async function modelsWithFallback(load: () => Promise<string[]>, fallback: string[], onError?: (error: unknown) => void): Promise<string[]> {
  try {
    const models = await load();
    return models.length > 0 ? models : fallback;
  } catch (error) {
    onError?.(error);
    return fallback;
  }
}
