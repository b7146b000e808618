import { describe, expect, it } from 'vitest';
import type { Tool } from '../../plugin-api/index.js';
import { parseReactStep, reactInstructions, toolInputFrom } from './react-format.js';

const tool = (name: string, inputSchema: Record<string, unknown>): Tool => ({
  name, description: `The ${name} tool.`, inputSchema, execute: async () => [], manifest: { displayName: name, summary: '', icon: '', credentials: [] },
});
const calculator = tool('calculator', { type: 'object', properties: { input: { type: 'string' } }, required: ['input'] });
const search = tool('search', { type: 'object', properties: { query: { type: 'string' }, count: { type: 'number' } } });

describe('parseReactStep', () => {
  it('reads an action and its input, dropping an observation the model made up', () => {
    expect(parseReactStep('Thought: I need math.\nAction: calculator\nAction Input: 6*7\nObservation: 41\nThought: done\nFinal Answer: 41')).toEqual({
      kind: 'action', tool: 'calculator', input: '6*7', text: 'Thought: I need math.\nAction: calculator\nAction Input: 6*7',
    });
  });

  it('reads a final answer over several lines', () => {
    expect(parseReactStep('Thought: I now know the answer\nFinal Answer: It is 42.\nSix times seven.')).toEqual({ kind: 'final', answer: 'It is 42.\nSix times seven.' });
  });

  it('forgives the usual variations: bold labels, numbered steps, quoted and fenced inputs, bracketed tool names', () => {
    expect(parseReactStep('**Action:** [calculator]\n**Action Input:** "6*7"')).toMatchObject({ kind: 'action', tool: 'calculator', input: '6*7' });
    expect(parseReactStep('Action 1: search\nAction Input 1: ```json\n{"query": "paris"}\n```')).toMatchObject({ kind: 'action', tool: 'search', input: '{"query": "paris"}' });
    expect(parseReactStep('action: calculator()\naction input: 1+1')).toMatchObject({ kind: 'action', tool: 'calculator', input: '1+1' });
  });

  it('takes an action written before a final answer (the observation comes first), and a final answer before an action', () => {
    expect(parseReactStep('Action: calculator\nAction Input: 2+2\nFinal Answer: 4')).toMatchObject({ kind: 'action', tool: 'calculator', input: '2+2' });
    expect(parseReactStep('Final Answer: 4\nAction: calculator')).toEqual({ kind: 'final', answer: '4' });
  });

  it('takes text in neither shape as the answer, so a model that ignores the format still answers', () => {
    expect(parseReactStep('It is simply 42.')).toEqual({ kind: 'final', answer: 'It is simply 42.' });
    expect(parseReactStep('Thought: the user greets me, no tool needed. Hello!')).toEqual({ kind: 'final', answer: 'the user greets me, no tool needed. Hello!' });
    expect(parseReactStep('')).toEqual({ kind: 'final', answer: '' });
  });

  it('takes an Action without Action Input as an action with an empty input', () => {
    expect(parseReactStep('Thought: look\nAction: search')).toEqual({ kind: 'action', tool: 'search', input: '', text: 'Thought: look\nAction: search' });
  });
});

describe('toolInputFrom', () => {
  it('keeps a JSON object as written', () => {
    expect(toolInputFrom(search, '{"query":"paris","count":2}')).toBe('{"query":"paris","count":2}');
  });

  it("puts plain text into a tool's only text property", () => {
    expect(toolInputFrom(calculator, '6*7')).toBe('{"input":"6*7"}');
    expect(toolInputFrom(calculator, '42')).toBe('{"input":"42"}');
  });

  it('passes anything else as written, for the schema check to refuse', () => {
    expect(toolInputFrom(search, 'paris')).toBe('"paris"');
    expect(toolInputFrom(undefined, 'x')).toBe('"x"');
  });
});

describe('reactInstructions', () => {
  it('lists every tool with its description and schema, and the format', () => {
    const text = reactInstructions([calculator, search]);
    expect(text).toContain('calculator: The calculator tool. Input (JSON Schema): {"type":"object"');
    expect(text).toContain('Action: the tool to use, one of [calculator, search]');
    expect(text).toMatch(/Final Answer:/);
  });
});
