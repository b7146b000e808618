import { Command } from 'commander';
import { formatIgnored, formatIssue, validateConfigFile } from '../../config/index.js';
import { customEndpointProviderNames } from '../../core/endpoints/custom-endpoint-providers.js';
import { builtInPlugins } from '../../plugins/index.js';
import { toolApprovalReport } from './shared/tool-approval-lines.js';

/** `chatbox config …`: inspect librechat.yaml without starting the server. */
export function configCommand(): Command {
  const command = new Command('config').description('inspect the librechat.yaml configuration');

  command
    .command('validate')
    .alias('check')
    .description('check a librechat.yaml (file path or http(s) URL): every error and warning with its yaml path, and the LibreChat settings chatbox ignores')
    .argument('[file]', 'configuration to check (default: $CONFIG_PATH, else ./librechat.yaml)')
    .action(async (file: string | undefined) => {
      const target = file ?? (process.env.CONFIG_PATH?.trim() || 'librechat.yaml');
      const { config, errors, warnings: fileWarnings, ignored } = await validateConfigFile(target, process.env, { customEndpointProviders: customEndpointProviderNames(builtInPlugins) });
      const approval = config ? toolApprovalReport(config, builtInPlugins.filter((plugin) => plugin.kind === 'tool').map((plugin) => plugin.name)) : { warnings: [], line: null };
      const warnings = [...fileWarnings, ...approval.warnings];
      for (const error of errors) console.error(`error    ${formatIssue(error)}`);
      for (const warning of warnings) console.warn(`warning  ${formatIssue(warning)}`);
      // The same line `chatbox serve` logs at start.
      const ignoredLine = formatIgnored(ignored);
      if (ignoredLine !== null) console.log(ignoredLine);
      if (approval.line !== null) console.log(approval.line);
      const counts = `${plural(errors.length, 'error')}, ${plural(warnings.length, 'warning')}`;
      if (errors.length > 0) {
        console.error(`${target}: configuration is invalid (${counts})`);
        // exitCode, not exit(): pending output is flushed and callers (tests) keep running.
        process.exitCode = 1;
        return;
      }
      console.log(`${target}: configuration is valid (${counts})`);
    });

  return command;
}

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}
