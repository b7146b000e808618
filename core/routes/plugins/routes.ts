import type { FastifyInstance } from 'fastify';
import { NotFoundError } from '../../errors/index.js';
import { toPluginDto } from '../../presenters/plugin-dto.js';
import { pluginInstallRequestSchema, type PluginDto } from '../../protocol/plugins.js';
import { installTool, uninstallTool } from '../../tools/tool-installs.js';
import { parseInput } from '../parse.js';

/**
 * The plugin store (LibreChat §4.1, §4.3): GET /api/plugins lists the tools of the catalogue (built-in
 * tool plugins, then whatever the catalogue was given, such as MCP tools); POST /api/user/plugins
 * installs and uninstalls them for the signed-in user. No answer ever carries a credential value.
 */
export async function pluginsRoutes(app: FastifyInstance): Promise<void> {
  const authenticate = { preHandler: app.auth.authenticate };
  const services = () => ({ store: app.store, pluginAuths: app.chat.pluginAuths, env: app.config.rawEnv });

  app.get('/api/plugins', authenticate, async (): Promise<PluginDto[]> => app.chat.tools.list().map(toPluginDto));

  app.post('/api/user/plugins', authenticate, async (request, reply) => {
    const { pluginKey, action, auth, isAssistantTool } = parseInput(pluginInstallRequestSchema, request.body);
    const userId = request.user!.id;
    if (action === 'install') {
      const tool = app.chat.tools.find(pluginKey);
      if (!tool) throw new NotFoundError(`There is no tool "${pluginKey}" on this server`);
      await installTool(services(), userId, tool, { auth, isAssistantTool });
    } else {
      await uninstallTool(services(), userId, pluginKey, { isAssistantTool });
    }
    // LibreChat answers 200 with an empty body; its client then refetches /api/user.
    return reply.status(200).send();
  });
}
