import { EndpointMenu } from '../features/endpoints/index.js';
import { EndpointSettingsForm, ParametersPopover } from '../features/parameters/index.js';
import { PresetsMenu } from '../features/presets/index.js';

/**
 * The chat header's setup controls, wired together here because features never import each
 * other: the endpoint picker, the settings popover, and the presets menu, whose edit dialog reuses
 * the settings form. Render it in the chat header.
 */
export function ChatHeaderControls() {
  return (
    <div className="flex min-w-0 items-center gap-0.5">
      <EndpointMenu />
      <ParametersPopover />
      <PresetsMenu SettingsForm={EndpointSettingsForm} />
    </div>
  );
}
