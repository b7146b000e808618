/**
 * Navigation state for /c/new when the user has just chosen the setup (an endpoint or a preset):
 * the default preset, which otherwise starts every new conversation, must not replace that choice.
 */
export const SETUP_CHOSEN_STATE = { setupChosen: true } as const;

export function isSetupChosen(state: unknown): boolean {
  return Boolean(state && typeof state === 'object' && (state as { setupChosen?: unknown }).setupChosen === true);
}
