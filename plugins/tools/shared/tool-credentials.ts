import type { ToolContext } from '../../../core/plugin-api/index.js';

/**
 * Checks that every credential a call needs is there and answers a reader of them; a missing one
 * is an Error naming all that are missing (the agent loop hands it to the model as the tool's
 * result, and the user sees it in the tool block).
 */
export function requireCredentials<const Name extends string>(context: ToolContext, displayName: string, names: readonly Name[]): (name: Name) => string {
  const valueOf = (name: Name) => context.credentials[name]?.trim() ?? '';
  const missing = names.filter((name) => valueOf(name) === '');
  if (missing.length > 0) {
    const them = missing.length === 1 ? 'it' : 'them';
    throw new Error(
      `${displayName} is not set up: ${missing.join(', ')} ${missing.length === 1 ? 'is' : 'are'} missing. ` +
        `Install the tool with ${them}, or ask the operator to set ${them} in the environment.`,
    );
  }
  return valueOf;
}
