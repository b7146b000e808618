import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { isAbsolute, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

const unitPath = new URL('../../docs/chatbox.service', import.meta.url);
const readmePath = new URL('../../README.md', import.meta.url);
const unitText = readFileSync(unitPath, 'utf8');

/** Every `Key=value` line of the unit (comments and section headers left out), in order. */
function directives(text: string): Array<[string, string]> {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#') && !line.startsWith(';') && !line.startsWith('['))
    .map((line) => {
      const equals = line.indexOf('=');
      return [line.slice(0, equals).trim(), line.slice(equals + 1).trim()];
    });
}

const valuesOf = (key: string) => directives(unitText).filter(([name]) => name === key).map(([, value]) => value);
const only = (key: string) => {
  const values = valuesOf(key);
  expect(values, `${key}= once in docs/chatbox.service`).toHaveLength(1);
  return values[0];
};

/**
 * Runs `systemd-analyze verify` on the unit with ExecStart's binary swapped for an executable in
 * a temporary folder: verify refuses a unit whose binary is missing, and this machine has no
 * /opt/chatbox. Returns the exit code and what verify said about the unit. verify only warns
 * ("ignoring") about an unknown key or a value it cannot parse, and still exits 0, so those
 * warnings are what a typo shows up as.
 */
function verify(text: string, folder: string): { code: number | null; complaints: string[] } {
  const binary = join(folder, 'chatbox');
  writeFileSync(binary, '#!/bin/sh\nexit 0\n');
  chmodSync(binary, 0o755);
  const installedBinary = only('ExecStart').split(/\s+/)[0];
  const file = join(folder, 'chatbox.service');
  writeFileSync(file, text.replaceAll(installedBinary, binary));
  const result = spawnSync('systemd-analyze', ['verify', '--man=no', file], { encoding: 'utf8' });
  if (result.error) {
    throw new Error(`systemd-analyze cannot run (${result.error.message}): install it with 'apt-get install -y systemd' (.ci/run does)`);
  }
  const said = `${result.stdout}\n${result.stderr}`;
  return { code: result.status, complaints: said.split('\n').filter((line) => line.includes('chatbox.service')) };
}

describe('docs/chatbox.service', () => {
  let folder: string;
  beforeEach(() => {
    folder = mkdtempSync(join(tmpdir(), 'chatbox-unit-'));
  });
  afterEach(() => rmSync(folder, { recursive: true, force: true }));

  it('passes systemd-analyze verify without a warning', () => {
    expect(verify(unitText, folder)).toEqual({ code: 0, complaints: [] });
  });

  it('would fail verify with a mistyped key, a bad value or a missing binary', () => {
    const mistypedKey = verify(unitText.replace('ProtectHome=true', 'ProtectHome=true\nProtectHomme=true'), folder);
    expect(mistypedKey.complaints.join('\n')).toContain("Unknown key 'ProtectHomme'");

    const badValue = verify(unitText.replace('Restart=on-failure', 'Restart=on-failur'), folder);
    expect(badValue.complaints.join('\n')).toContain('on-failur');

    const file = join(folder, 'chatbox.service');
    writeFileSync(file, unitText.replace(only('ExecStart').split(/\s+/)[0], join(folder, 'not-there')));
    const missingBinary = spawnSync('systemd-analyze', ['verify', '--man=no', file], { encoding: 'utf8' });
    expect(missingBinary.status).not.toBe(0);
    expect(missingBinary.stderr).toContain('is not executable');
  });

  it('runs the installed binary by its absolute path as a dedicated user, with its own state directory', () => {
    const [binary, command, ...args] = only('ExecStart').split(/\s+/);
    expect(isAbsolute(binary)).toBe(true);
    expect(binary).toMatch(/\/chatbox$/);
    expect(binary).not.toMatch(/npx|npm/);
    expect(command).toBe('serve');

    expect(only('User')).toBe('chatbox');
    expect(valuesOf('DynamicUser')).toEqual([]);
    expect(only('StateDirectory')).toBe('chatbox');
    // The data directory chatbox is told to use is the one systemd creates and makes writable.
    expect(args.slice(args.indexOf('--data-dir'), args.indexOf('--data-dir') + 2)).toEqual(['--data-dir', '/var/lib/chatbox']);
    expect(only('WorkingDirectory')).toBe(`/etc/${only('ConfigurationDirectory')}`);
    expect(only('Restart')).toBe('on-failure');
    expect(only('KillSignal')).toBe('SIGTERM');
    expect(only('ProtectSystem')).toBe('strict');
    expect(only('NoNewPrivileges')).toBe('true');
    // V8 compiles code at run time: this hardening option would stop Node.js at its first function.
    expect(valuesOf('MemoryDenyWriteExecute')).toEqual([]);
  });

  it('is shown in the README as it is, with how to create its user', () => {
    const readme = readFileSync(readmePath, 'utf8');
    const shown = readme.match(/```ini\n([\s\S]*?)```/)?.[1];
    expect(shown).toBe(unitText.slice(unitText.indexOf('[Unit]')));
    expect(readme).toContain('useradd --system --home /var/lib/chatbox --shell /usr/sbin/nologin chatbox');
    expect(readme).toContain(only('ExecStart').split(/\s+/)[0]);
  });
});
