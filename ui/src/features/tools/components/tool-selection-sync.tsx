import { useEffect } from 'react';
import { useParams } from 'react-router-dom';
import { useChatSetup } from '../../../lib/chat-setup/index.js';
import { endpointKind, useEndpointsQuery } from '../../../lib/endpoints/index.js';
import { useAvailablePluginsQuery, useInstalledPlugins } from '../api/plugins-api.js';
import { keepAllowed, readLastSelectedTools, rememberSelectedTools, sameTools, usableToolKeys } from '../utils/selected-tools.js';
import { toolAvailability } from '../utils/tool-availability.js';

/**
 * Keeps the chat's tools to those a turn may use (a tool uninstalled elsewhere, or gone from the
 * server, drops out of the selection and of `lastSelectedTools`), and starts a new chat that has no
 * tools chosen with the last selection, as LibreChat's plugins endpoint does. Renders nothing.
 */
export function ToolSelectionSync() {
  const { conversationId = 'new' } = useParams();
  const { setup, update } = useChatSetup();
  const { data: endpointsConfig } = useEndpointsQuery();
  const { data: plugins } = useAvailablePluginsQuery();
  const installed = useInstalledPlugins();
  const offersTools = toolAvailability(endpointKind(setup.endpoint, endpointsConfig), setup.model) === 'available';

  useEffect(() => {
    if (!plugins || !installed) return;
    const usable = usableToolKeys(plugins, installed);
    const remembered = readLastSelectedTools();
    const stillUsable = keepAllowed(remembered, usable);
    if (!sameTools(remembered, stillUsable)) rememberSelectedTools(stillUsable);
    if (setup.tools) {
      const kept = keepAllowed(setup.tools, usable);
      if (!sameTools(kept, setup.tools)) update({ tools: kept });
    } else if (conversationId === 'new' && offersTools && stillUsable.length > 0) {
      update({ tools: stillUsable });
    }
  }, [plugins, installed, setup.tools, conversationId, offersTools, update]);

  return null;
}
