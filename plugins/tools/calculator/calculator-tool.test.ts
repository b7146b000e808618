import { describe, expect, it } from 'vitest';
import { evaluateExpression, formatResult, MAX_EXPRESSION_LENGTH } from './evaluate-expression.js';
import { calculatorToolPlugin } from './plugin.js';

const context = { signal: new AbortController().signal, userId: 'u', credentials: {}, fetch: globalThis.fetch, log: { debug() {}, info() {}, warn() {}, error() {} } };

describe('the calculator expression evaluator', () => {
  it.each([
    ['1 + 2 * 3', 7],
    ['(1 + 2) * 3', 9],
    ['2 ^ 3 ^ 2', 512],
    ['2 ** 10', 1024],
    ['-2 ^ 2', -4],
    ['(-2) ^ 2', 4],
    ['--3', 3],
    ['+4 - -1', 5],
    ['10 % 4', 2],
    ['7 / 2', 3.5],
    ['sqrt(16) + abs(-3)', 7],
    ['max(1, 5, 3) - min(4, 2)', 3],
    ['pow(2, 8)', 256],
    ['log(e)', 1],
    ['log10(1000)', 3],
    ['1.5e3 + .5', 1500.5],
    ['PI', Math.PI],
    ['cos(0) + sin(0)', 1],
  ])('evaluates %s', (expression, expected) => {
    expect(evaluateExpression(expression)).toBeCloseTo(expected, 12);
  });

  it('reads 0.1 + 0.2 as 0.3', () => {
    expect(formatResult(evaluateExpression('0.1 + 0.2'))).toBe('0.3');
  });

  it.each([
    ['', /empty/],
    ['1 +', /ends too early/],
    ['(1 + 2', /expected "\)"/],
    ['1 2', /unexpected "2"/],
    ['2 * )', /unexpected "\)"/],
    ['x + 1', /unknown name "x"/],
    ['foo(1)', /unknown function "foo"/],
    ['sqrt(1, 2)', /sqrt takes 1 argument, not 2/],
    ['1 / 0', /infinite/],
    ['sqrt(-1)', /not a number/],
    ['2 ^ 99999', /infinite/],
  ])('refuses %j with a reason', (expression, reason) => {
    expect(() => evaluateExpression(expression)).toThrow(reason);
  });

  it.each([
    'constructor',
    '__proto__',
    'toString()',
    'constructor.constructor("return process")()',
    'process.exit(1)',
    'require("fs")',
    'this',
    '`1`',
    '1; 2',
    'a = 1',
    '[1, 2]',
    '"1" + 1',
  ])('never runs hostile input as code: %j', (expression) => {
    expect(() => evaluateExpression(expression)).toThrow();
  });

  it('bounds input length and nesting without exhausting the stack', () => {
    expect(() => evaluateExpression('1+'.repeat(MAX_EXPRESSION_LENGTH))).toThrow(/longer than/);
    expect(() => evaluateExpression(`${'('.repeat(400)}1${')'.repeat(400)}`)).toThrow(/nests deeper/);
    expect(() => evaluateExpression('-'.repeat(400) + '1')).toThrow(/nests deeper/);
    expect(evaluateExpression(`${'('.repeat(40)}1${')'.repeat(40)}`)).toBe(1);
  });
});

describe('the calculator tool plugin', () => {
  it('is LibreChat\'s `calculator` with an `input` string, answering the result as text', async () => {
    const tool = await calculatorToolPlugin.setup({ settings: {}, log: context.log });
    expect(tool.name).toBe('calculator');
    expect(tool.inputSchema).toEqual({
      type: 'object',
      properties: { input: { type: 'string', description: 'The expression to evaluate, for example "sqrt(2) * (3 + 4)^2"', maxLength: MAX_EXPRESSION_LENGTH } },
      required: ['input'],
    });
    expect(await tool.execute({ input: '(3 + 4) * 6' }, context)).toEqual([{ type: 'text', text: '42' }]);
  });

  it('throws a message the model can act on for a bad expression', async () => {
    const tool = await calculatorToolPlugin.setup({ settings: {}, log: context.log });
    await expect(tool.execute({ input: '2 +* 3' }, context)).rejects.toThrow('cannot evaluate "2 +* 3": unexpected "*" at position 4');
  });
});
