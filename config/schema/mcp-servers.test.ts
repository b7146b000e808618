import { describe, expect, it } from 'vitest';
import { validateConfig } from '../validate.js';

const check = (mcpServers: Record<string, unknown>, env: Record<string, string> = {}) => validateConfig({ version: '1.2.8', mcpServers }, env);

describe('mcpServers', () => {
  it('infers the transport as LibreChat does and fills the timeouts', () => {
    const { config, errors, ignored } = check({
      files: { command: 'npx', args: ['-y', '@modelcontextprotocol/server-filesystem', '/tmp'] },
      everything: { url: 'http://localhost:3001/sse' },
      remote: { type: 'streamable-http', url: 'https://example.com/mcp', headers: { 'X-Key': 'k' }, timeout: 60000, initTimeout: 5000 },
      alias: { type: 'http', url: 'https://example.com/api/' },
    });
    expect(errors).toEqual([]);
    expect(ignored).toEqual([]);
    expect(config?.mcpServers).toEqual({
      files: { type: 'stdio', command: 'npx', args: ['-y', '@modelcontextprotocol/server-filesystem', '/tmp'], env: {}, timeout: 30000, initTimeout: 10000 },
      everything: { type: 'sse', url: 'http://localhost:3001/sse', headers: {}, timeout: 30000, initTimeout: 10000 },
      remote: { type: 'streamable-http', url: 'https://example.com/mcp', headers: { 'X-Key': 'k' }, timeout: 60000, initTimeout: 5000 },
      alias: { type: 'streamable-http', url: 'https://example.com/api/', headers: {}, timeout: 30000, initTimeout: 10000 },
    });
  });

  it('resolves whole ${VAR} values in env, headers and url like the rest of the file', () => {
    const { config, warnings } = check(
      { tools: { command: 'node', env: { API_KEY: '${TOOLS_KEY}' } }, web: { type: 'sse', url: '${MCP_URL}', headers: { Authorization: '${MCP_AUTH}' } } },
      { TOOLS_KEY: 'secret', MCP_URL: 'http://127.0.0.1:9000/sse' },
    );
    expect(config?.mcpServers?.tools).toMatchObject({ env: { API_KEY: 'secret' } });
    expect(config?.mcpServers?.web).toMatchObject({ url: 'http://127.0.0.1:9000/sse', headers: { Authorization: '${MCP_AUTH}' } });
    expect(warnings).toEqual([{ path: 'mcpServers.web.headers.Authorization', message: 'environment variable MCP_AUTH is not set; the literal "${MCP_AUTH}" is kept' }]);
  });

  it('says which field a server lacks, and rejects a wrong timeout', () => {
    expect(check({ a: { type: 'stdio', args: ['x'] } }).errors).toEqual([{ path: 'mcpServers.a.command', message: 'required (the program a stdio server starts)' }]);
    expect(check({ b: { type: 'streamable-http' } }).errors).toEqual([{ path: 'mcpServers.b.url', message: 'required (the address of a streamable-http server)' }]);
    expect(check({ c: { command: 'node', timeout: -5 } }).errors).toEqual([expect.objectContaining({ path: 'mcpServers.c.timeout' })]);
  });

  it("lists LibreChat's options chatbox does not implement (OAuth, per-user variables) and websocket servers as ignored, a typo as a warning", () => {
    const { errors, ignored, warnings } = check({
      composio: { type: 'sse', url: 'https://example.com/sse', requiresOAuth: true, customUserVars: { KEY: { title: 'Key' } }, serverInstructions: true },
      socket: { url: 'ws://localhost:8080/mcp' },
      typo: { command: 'node', argz: [] },
    });
    expect(errors).toEqual([]);
    expect(ignored).toEqual([
      { section: 'mcpServers.composio', keys: ['requiresOAuth', 'customUserVars', 'serverInstructions'] },
      { section: 'mcpServers.type', keys: ['websocket'] },
    ]);
    expect(warnings).toEqual([{ path: 'mcpServers.typo.argz', message: 'unknown key "argz" is ignored' }]);
  });

  it('reads requiresApproval: the whole server (true), some of its tools by name, or none (false)', () => {
    const { config, errors, warnings } = check({
      files: { command: 'node', requiresApproval: true },
      github: { url: 'https://example.com/sse', requiresApproval: ['create_issue', 'merge_pull_request'] },
      quiet: { command: 'node', requiresApproval: false },
    });
    expect(errors).toEqual([]);
    expect(warnings).toEqual([]);
    expect(config?.mcpServers?.files).toMatchObject({ requiresApproval: true });
    expect(config?.mcpServers?.github).toMatchObject({ requiresApproval: ['create_issue', 'merge_pull_request'] });
    expect(config?.mcpServers?.quiet).not.toHaveProperty('requiresApproval');
  });

  it('says what requiresApproval takes when it is wrong', () => {
    expect(check({ a: { command: 'node', requiresApproval: [] } }).errors).toEqual([
      { path: 'mcpServers.a.requiresApproval', message: 'true, or the names of the tools (as the server names them) whose calls need approval' },
    ]);
    expect(check({ b: { command: 'node', requiresApproval: 'yes' } }).errors).toEqual([expect.objectContaining({ path: 'mcpServers.b.requiresApproval' })]);
  });
});
