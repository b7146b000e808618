#!/usr/bin/env node
// A real MCP server over stdio, built with the official SDK, for chatbox's MCP tests (plain
// JavaScript so `node` runs it as an operator's command would run any server).
// Tools: add, slow (waits, ends early when the client cancels), whoami (its pid and environment
// variable names), crash (exits, to test reconnecting).
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { z } from 'zod';

const server = new McpServer({ name: 'chatbox-test-stdio', version: '1.0.0' });

server.registerTool('add', { title: 'Add', description: 'Adds two numbers', inputSchema: { a: z.number(), b: z.number() } }, async ({ a, b }) => ({
  content: [{ type: 'text', text: String(a + b) }],
}));

server.registerTool('slow', { description: 'Answers after ms milliseconds', inputSchema: { ms: z.number() } }, ({ ms }, extra) =>
  new Promise((resolve) => {
    const timer = setTimeout(() => resolve({ content: [{ type: 'text', text: `waited ${ms} ms` }] }), ms);
    extra.signal.addEventListener('abort', () => clearTimeout(timer), { once: true });
  }),
);

server.registerTool('whoami', { description: 'Says which process answers and the names of its environment variables', inputSchema: {} }, async () => ({
  content: [{ type: 'text', text: JSON.stringify({ pid: process.pid, env: Object.keys(process.env).sort(), greeting: process.env.GREETING ?? null }) }],
}));

server.registerTool('crash', { description: 'Exits the server process', inputSchema: {} }, async () => {
  setTimeout(() => process.exit(3), 10);
  return { content: [{ type: 'text', text: 'bye' }] };
});

server.registerTool('fail', { description: 'Reports a failure of its own', inputSchema: {} }, async () => ({ isError: true, content: [{ type: 'text', text: 'the database is on fire' }] }));

await server.connect(new StdioServerTransport());
