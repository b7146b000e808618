import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_MCP_ICON, mcpIcon } from './mcp-icon.js';
import { toOutputParts } from './mcp-tool.js';
import { mcpToolKey } from './mcp-tool-name.js';

const providerName = /^[A-Za-z_][A-Za-z0-9_-]{0,63}$/;

describe('mcpToolKey', () => {
  it("names a tool <tool>_mcp_<server> as LibreChat does", () => {
    expect(mcpToolKey('read_file', 'filesystem')).toBe('read_file_mcp_filesystem');
    expect(mcpToolKey('get-weather', 'my-server')).toBe('get-weather_mcp_my-server');
  });

  it('replaces what a provider refuses and starts with a letter or underscore (Gemini)', () => {
    expect(mcpToolKey('files.read', 'Büro Server')).toBe('files_read_mcp_B_ro_Server');
    expect(mcpToolKey('3d-render', 'x')).toBe('_3d-render_mcp_x');
    expect(mcpToolKey('', '')).toMatch(providerName);
  });

  it('keeps long names within 64 characters, still apart from each other', () => {
    const long = 'a'.repeat(80);
    const first = mcpToolKey(`${long}_one`, 'server');
    const second = mcpToolKey(`${long}_two`, 'server');
    expect(first).toMatch(providerName);
    expect(first).toHaveLength(64);
    expect(first.endsWith('_mcp_server')).toBe(true);
    expect(first).not.toBe(second);
    expect(mcpToolKey('tool', 's'.repeat(100))).toMatch(providerName);
  });
});

describe('toOutputParts', () => {
  it('keeps text and images, describes resources and links, reads structured-only results as JSON', () => {
    expect(
      toOutputParts([
        { type: 'text', text: 'hello' },
        { type: 'image', data: 'iVBORw0KGgo=', mimeType: 'image/png' },
        { type: 'resource', resource: { uri: 'file:///a.txt', text: 'inside a' } },
        { type: 'resource', resource: { uri: 'file:///b.bin', blob: 'AAAA', mimeType: 'application/octet-stream' } },
        { type: 'resource_link', uri: 'https://example.com/doc', name: 'doc' },
        { type: 'audio', data: 'AAAA', mimeType: 'audio/wav' },
      ]),
    ).toEqual([
      { type: 'text', text: 'hello' },
      { type: 'image', url: 'data:image/png;base64,iVBORw0KGgo=' },
      { type: 'text', text: 'inside a' },
      { type: 'text', text: '[resource file:///b.bin (application/octet-stream)]' },
      { type: 'text', text: '[doc](https://example.com/doc)' },
      { type: 'text', text: '[audio content is not shown to the model]' },
    ]);
    expect(toOutputParts([], { temperature: 21 })).toEqual([{ type: 'text', text: '{"temperature":21}' }]);
  });
});

describe('mcpIcon', () => {
  const dir = mkdtempSync(join(tmpdir(), 'chatbox-mcp-icon-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('uses URLs and served paths as written, inlines an image file, and falls back to the wrench with a reason', () => {
    expect(mcpIcon(undefined)).toEqual({ icon: DEFAULT_MCP_ICON });
    expect(mcpIcon('https://example.com/i.png')).toEqual({ icon: 'https://example.com/i.png' });
    expect(mcpIcon('/assets/tools/x.svg')).toEqual({ icon: '/assets/tools/x.svg' });
    const svg = join(dir, 'logo.svg');
    writeFileSync(svg, '<svg xmlns="http://www.w3.org/2000/svg"/>');
    expect(mcpIcon(svg)).toEqual({ icon: `data:image/svg+xml;base64,${Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>').toString('base64')}` });
    expect(mcpIcon(join(dir, 'missing.png'))).toEqual({ icon: DEFAULT_MCP_ICON, problem: expect.stringContaining('cannot be read') });
    expect(mcpIcon('/etc/passwd')).toEqual({ icon: DEFAULT_MCP_ICON, problem: expect.stringContaining('is not an image file') });
  });
});
