import { Command, Option } from 'commander';
import { loadConfig } from '../../config/index.js';
import { ConfigError } from '../../core/errors/index.js';
import { buildServer } from '../../core/server/build-server.js';
import { stopGracefully } from '../../core/server/graceful-stop.js';
import { builtInPlugins } from '../../plugins/index.js';
import { configOption, dataDirOption } from './shared/common-options.js';
import { loggerOptions } from './shared/logger-options.js';

interface ServeOptions {
  port: string;
  host: string;
  config?: string;
  dataDir: string;
  trustProxy: boolean;
}

export function serveCommand(): Command {
  return new Command('serve')
    .description('start the chat server and web UI')
    .addOption(new Option('-p, --port <port>', 'port to listen on').env('PORT').default('3080'))
    .addOption(new Option('-H, --host <host>', 'address to listen on (0.0.0.0 for every interface)').env('HOST').default('localhost'))
    .addOption(configOption())
    .addOption(dataDirOption())
    .addOption(
      new Option('--trust-proxy [yes]', 'trust X-Forwarded-* headers from a reverse proxy')
        .env('TRUST_PROXY')
        .default(false)
        .argParser((value: string) => /^(1|true|yes|on)$/i.test(value)),
    )
    .action(serve);
}

async function serve(options: ServeOptions): Promise<void> {
  const port = Number(options.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    console.error(`error: --port must be a number from 0 to 65535, got "${options.port}"`);
    process.exitCode = 1;
    return;
  }
  let config;
  try {
    config = await loadConfig({ configPath: options.config, dataDir: options.dataDir, env: process.env });
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exitCode = 1;
    return;
  }

  const app = await buildServer(config, { plugins: builtInPlugins, logger: loggerOptions(), trustProxy: options.trustProxy });
  for (const warning of config.warnings) app.log.warn(warning);
  if (!config.env.EMAIL_SERVICE && !config.env.EMAIL_HOST) {
    app.log.warn('EMAIL_* is not set: password reset links are shown to whoever requests them. Set EMAIL_HOST to mail them instead.');
  }

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) process.exit(1); // a second signal: stop waiting
    closing = true;
    app.log.info(`${signal} received, closing`);
    const inTime = await stopGracefully(app, { graceMs: config.env.SHUTDOWN_TIMEOUT_MS });
    if (!inTime) app.log.error(`the server did not close within SHUTDOWN_TIMEOUT_MS (${config.env.SHUTDOWN_TIMEOUT_MS} ms)`);
    process.exit(inTime ? 0 : 1);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port, host: options.host });
  const address = app.server.address();
  const actualPort = typeof address === 'object' && address ? address.port : port;
  app.log.info(`chatbox is ready at http://${options.host === '0.0.0.0' ? 'localhost' : options.host}:${actualPort} (data in ${config.dataDir})`);
}
