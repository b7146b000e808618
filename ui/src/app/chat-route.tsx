import { AssistantSelect } from '../features/assistants/index.js';
import { ChatView } from '../features/chat/components/chat-view.js';
import { EndpointMenu } from '../features/endpoints/index.js';
import { EndpointSettingsForm, ParametersPopover } from '../features/parameters/index.js';
import { PresetsMenu } from '../features/presets/index.js';
import { ToolPicker, ToolSelectionSync } from '../features/tools/index.js';

/** The chat screen with the header controls other features provide (features never import each other); its file attachments come from the shell's content frame (shell-route.tsx). */
export function ChatRoute() {
  return (
    <ChatView
      header={
        <>
          <EndpointMenu />
          <AssistantSelect />
          <ParametersPopover ToolPicker={ToolPicker} />
          <ToolSelectionSync />
          <PresetsMenu SettingsForm={EndpointSettingsForm} />
        </>
      }
    />
  );
}
