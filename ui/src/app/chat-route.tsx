import { ChatView } from '../features/chat/components/chat-view.js';
import { EndpointMenu } from '../features/endpoints/index.js';
import { FilesProvider } from '../features/files/index.js';
import { EndpointSettingsForm, ParametersPopover } from '../features/parameters/index.js';
import { PresetsMenu } from '../features/presets/index.js';

/**
 * The chat screen with the header controls and the file attachments other features provide
 * (features never import each other).
 */
export function ChatRoute() {
  return (
    <FilesProvider>
      <ChatView
        header={
          <>
            <EndpointMenu />
            <ParametersPopover />
            <PresetsMenu SettingsForm={EndpointSettingsForm} />
          </>
        }
      />
    </FilesProvider>
  );
}
