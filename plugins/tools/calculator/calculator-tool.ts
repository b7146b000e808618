import { z } from 'zod';
import type { Tool } from '../../../core/plugin-api/index.js';
import { defineZodTool } from '../shared/zod-tool-input.js';
import { evaluateExpression, ExpressionError, formatResult, MAX_EXPRESSION_LENGTH } from './evaluate-expression.js';

/**
 * LibreChat's `calculator` (pluginKey and function name alike, manifest entry "Calculator", no
 * credentials). LangChain's calculator takes one string, `input`; so does this one, so a model
 * prompted for LibreChat's tool calls it the same way.
 */
export function createCalculatorTool(): Tool {
  return defineZodTool({
    name: 'calculator',
    manifest: { displayName: 'Calculator', summary: 'Perform simple and complex mathematical calculations.', icon: '/assets/tools/calculator.svg', credentials: [] },
    description:
      'Useful for getting the result of a math expression. The input is a single valid mathematical expression: numbers, + - * / % ^, parentheses, ' +
      'functions (sqrt, cbrt, abs, sin, cos, tan, asin, acos, atan, atan2, sinh, cosh, tanh, log (natural), ln, log10, log2, exp, floor, ceil, round, pow, hypot, min, max) ' +
      'and the constants pi and e. Angles are in radians.',
    input: z.object({ input: z.string().max(MAX_EXPRESSION_LENGTH).describe('The expression to evaluate, for example "sqrt(2) * (3 + 4)^2"') }),
    async execute({ input: expression }) {
      try {
        return [{ type: 'text', text: formatResult(evaluateExpression(expression)) }];
      } catch (error) {
        // The model's mistake, not the tool's failure: said in words it can correct its input from.
        if (error instanceof ExpressionError) throw new Error(`cannot evaluate "${expression}": ${error.message}`);
        throw error;
      }
    },
  });
}
