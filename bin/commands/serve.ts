import { lookup } from 'node:dns/promises';
import { resolve } from 'node:path';
import { Command, Option } from 'commander';
import type { FastifyInstance } from 'fastify';
import { loadConfig } from '../../config/index.js';
import { passwordResetWarning } from '../../core/auth/password-reset.js';
import { systemErrorCode } from '../../config/system-error-code.js';
import { customEndpointProviderNames } from '../../core/endpoints/custom-endpoint-providers.js';
import { buildServer } from '../../core/server/build-server.js';
import { stopGracefully } from '../../core/server/graceful-stop.js';
import { prepareDataDir } from '../../config/data-dir.js';
import { builtInPlugins } from '../../plugins/index.js';
import { CliError } from './shared/cli-error.js';
import { configOption, dataDirOption } from './shared/common-options.js';
import { lockDataDir, type DataDirLock } from './shared/data-dir-lock.js';
import { loggerOptions } from './shared/logger-options.js';
import { runAction } from './shared/run-action.js';

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
    .action(runAction(serve));
}

async function serve(options: ServeOptions): Promise<void> {
  const port = Number(options.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new CliError(`--port must be a number from 0 to 65535, got "${options.port}"`);
  await assertHostResolves(options.host);
  const dataDir = resolve(options.dataDir);
  prepareDataDir(options.dataDir);
  // MongoDB keeps the records elsewhere and is made for several servers; SQLite wants one owner.
  const lock = process.env.MONGO_URI?.trim() ? undefined : lockDataDir(dataDir, options.dataDir);
  let app: FastifyInstance | undefined;
  try {
    const config = await loadConfig({ configPath: options.config, dataDir, env: process.env, customEndpointProviders: customEndpointProviderNames(builtInPlugins) });
    app = await buildServer(config, { plugins: builtInPlugins, logger: loggerOptions(), trustProxy: options.trustProxy });
    for (const warning of config.warnings) app.log.warn(warning);
    const resetWarning = passwordResetWarning(config.env);
    if (resetWarning) app.log.warn(resetWarning);
    await listen(app, port, options.host);
  } catch (error) {
    await app?.close();
    lock?.release();
    throw error;
  }
  stopOnSignals(app, lock);
  const address = app.server.address();
  const actualPort = typeof address === 'object' && address ? address.port : port;
  app.log.info(`chatbox is ready at http://${options.host === '0.0.0.0' ? 'localhost' : options.host}:${actualPort} (data in ${dataDir})`);
}

/** Checked before anything is created or logged, so a typo in --host ends with its one line. */
async function assertHostResolves(host: string): Promise<void> {
  try {
    await lookup(host);
  } catch (error) {
    throw new CliError(`--host ${host} does not resolve to an address (${systemErrorCode(error) ?? String(error)})`);
  }
}

/** Listens, turning the operator's usual mistakes into one line each. */
async function listen(app: FastifyInstance, port: number, host: string): Promise<void> {
  try {
    await app.listen({ port, host });
  } catch (error) {
    const code = systemErrorCode(error);
    if (code === 'EADDRINUSE') throw new CliError(`port ${port} on ${host} is already in use; stop what uses it or choose another --port`);
    if (code === 'EADDRNOTAVAIL') throw new CliError(`--host ${host} is not an address of this machine`);
    if (code === 'EACCES') throw new CliError(`not allowed to listen on port ${port} (below 1024 needs root or CAP_NET_BIND_SERVICE)`);
    throw error;
  }
}

function stopOnSignals(app: FastifyInstance, lock: DataDirLock | undefined): void {
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) process.exit(1); // a second signal: stop waiting
    closing = true;
    app.log.info(`${signal} received, closing`);
    const graceMs = app.config.env.SHUTDOWN_TIMEOUT_MS;
    const inTime = await stopGracefully(app, { graceMs });
    if (!inTime) app.log.error(`the server did not close within SHUTDOWN_TIMEOUT_MS (${graceMs} ms)`);
    lock?.release();
    process.exit(inTime ? 0 : 1);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}
