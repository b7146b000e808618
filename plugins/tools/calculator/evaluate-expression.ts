/**
 * A safe arithmetic evaluator for the calculator tool: a tokenizer and a recursive-descent parser
 * over numbers, + - * / % ^, parentheses, unary signs, named functions and constants. Nothing the
 * model writes is ever run as code (no eval, no Function), names are looked up in Maps (so
 * `constructor` or `__proto__` are just unknown names), and input length and nesting are bounded.
 */

/** Longest expression accepted: a calculator input, not a program. */
export const MAX_EXPRESSION_LENGTH = 1_000;
/** Deepest nesting of parentheses, signs and powers: bounds the parser's recursion. */
const MAX_DEPTH = 100;

/** A problem with the expression, worded for the model so it can correct its input. */
export class ExpressionError extends Error {}

const constants = new Map<string, number>([
  ['pi', Math.PI],
  ['e', Math.E],
  ['tau', 2 * Math.PI],
]);

/** Functions by name with how many arguments they take (`variadic` takes one or more). */
const functions = new Map<string, { arity: number | 'variadic'; apply: (...values: number[]) => number }>([
  ['sqrt', { arity: 1, apply: Math.sqrt }],
  ['cbrt', { arity: 1, apply: Math.cbrt }],
  ['abs', { arity: 1, apply: Math.abs }],
  ['sin', { arity: 1, apply: Math.sin }],
  ['cos', { arity: 1, apply: Math.cos }],
  ['tan', { arity: 1, apply: Math.tan }],
  ['asin', { arity: 1, apply: Math.asin }],
  ['acos', { arity: 1, apply: Math.acos }],
  ['atan', { arity: 1, apply: Math.atan }],
  ['atan2', { arity: 2, apply: Math.atan2 }],
  ['sinh', { arity: 1, apply: Math.sinh }],
  ['cosh', { arity: 1, apply: Math.cosh }],
  ['tanh', { arity: 1, apply: Math.tanh }],
  // log is the natural logarithm, as in mathjs and expr-eval (LangChain's calculator).
  ['log', { arity: 1, apply: Math.log }],
  ['ln', { arity: 1, apply: Math.log }],
  ['log10', { arity: 1, apply: Math.log10 }],
  ['log2', { arity: 1, apply: Math.log2 }],
  ['exp', { arity: 1, apply: Math.exp }],
  ['floor', { arity: 1, apply: Math.floor }],
  ['ceil', { arity: 1, apply: Math.ceil }],
  ['round', { arity: 1, apply: Math.round }],
  ['pow', { arity: 2, apply: Math.pow }],
  ['hypot', { arity: 'variadic', apply: Math.hypot }],
  ['min', { arity: 'variadic', apply: Math.min }],
  ['max', { arity: 'variadic', apply: Math.max }],
]);

type Token = { kind: 'number'; value: number; at: number } | { kind: 'name'; value: string; at: number } | { kind: 'symbol'; value: string; at: number };

const symbols = new Set(['+', '-', '*', '/', '%', '^', '(', ')', ',']);

function tokenize(source: string): Token[] {
  const tokens: Token[] = [];
  let at = 0;
  while (at < source.length) {
    const rest = source.slice(at);
    const space = /^\s+/.exec(rest);
    if (space) {
      at += space[0].length;
      continue;
    }
    const number = /^(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?/.exec(rest);
    if (number) {
      tokens.push({ kind: 'number', value: Number(number[0]), at });
      at += number[0].length;
      continue;
    }
    const name = /^[A-Za-z_][A-Za-z0-9_]*/.exec(rest);
    if (name) {
      tokens.push({ kind: 'name', value: name[0].toLowerCase(), at });
      at += name[0].length;
      continue;
    }
    // `**` is a common spelling of the power operator.
    if (rest.startsWith('**')) {
      tokens.push({ kind: 'symbol', value: '^', at });
      at += 2;
      continue;
    }
    if (symbols.has(rest[0]!)) {
      tokens.push({ kind: 'symbol', value: rest[0]!, at });
      at += 1;
      continue;
    }
    throw new ExpressionError(`unexpected character "${rest[0]}" at position ${at + 1}`);
  }
  return tokens;
}

/** Evaluates an arithmetic expression; throws ExpressionError with a reason the model can act on. */
export function evaluateExpression(source: string): number {
  if (source.length > MAX_EXPRESSION_LENGTH) throw new ExpressionError(`the expression is longer than ${MAX_EXPRESSION_LENGTH} characters`);
  const tokens = tokenize(source);
  if (tokens.length === 0) throw new ExpressionError('the expression is empty');
  let position = 0;
  let depth = 0;

  const peek = () => tokens[position];
  const isSymbol = (value: string) => {
    const token = peek();
    return token?.kind === 'symbol' && token.value === value;
  };
  const expect = (value: string) => {
    if (!isSymbol(value)) throw new ExpressionError(`expected "${value}" ${where()}`);
    position += 1;
  };
  const where = () => {
    const token = peek();
    return token ? `at position ${token.at + 1}` : 'at the end';
  };
  const nested = <T>(parse: () => T): T => {
    depth += 1;
    if (depth > MAX_DEPTH) throw new ExpressionError(`the expression nests deeper than ${MAX_DEPTH} levels`);
    try {
      return parse();
    } finally {
      depth -= 1;
    }
  };

  // expression := term (('+' | '-') term)*
  const expression = (): number =>
    nested(() => {
      let value = term();
      for (let token = peek(); token?.kind === 'symbol' && (token.value === '+' || token.value === '-'); token = peek()) {
        position += 1;
        value = token.value === '+' ? value + term() : value - term();
      }
      return value;
    });

  // term := unary (('*' | '/' | '%') unary)*
  const term = (): number => {
    let value = unary();
    for (let token = peek(); token?.kind === 'symbol' && (token.value === '*' || token.value === '/' || token.value === '%'); token = peek()) {
      position += 1;
      const right = unary();
      value = token.value === '*' ? value * right : token.value === '/' ? value / right : value % right;
    }
    return value;
  };

  // unary := ('-' | '+') unary | power — so -2^2 is -(2^2), as in mathematics.
  const unary = (): number =>
    nested(() => {
      if (isSymbol('-')) {
        position += 1;
        return -unary();
      }
      if (isSymbol('+')) {
        position += 1;
        return unary();
      }
      return power();
    });

  // power := primary ('^' unary)? — right-associative: 2^3^2 is 2^(3^2).
  const power = (): number => {
    const base = primary();
    if (!isSymbol('^')) return base;
    position += 1;
    return base ** unary();
  };

  const primary = (): number => {
    const token = peek();
    if (!token) throw new ExpressionError('the expression ends too early');
    position += 1;
    if (token.kind === 'number') return token.value;
    if (token.kind === 'symbol') {
      if (token.value !== '(') throw new ExpressionError(`unexpected "${token.value}" at position ${token.at + 1}`);
      const value = expression();
      expect(')');
      return value;
    }
    if (isSymbol('(')) return call(token.value, token.at);
    const constant = constants.get(token.value);
    if (constant === undefined) throw new ExpressionError(`unknown name "${token.value}" (constants: ${[...constants.keys()].join(', ')})`);
    return constant;
  };

  const call = (name: string, at: number): number => {
    const fn = functions.get(name);
    if (!fn) throw new ExpressionError(`unknown function "${name}" at position ${at + 1} (functions: ${[...functions.keys()].join(', ')})`);
    expect('(');
    const values: number[] = [];
    if (!isSymbol(')')) {
      values.push(expression());
      while (isSymbol(',')) {
        position += 1;
        values.push(expression());
      }
    }
    expect(')');
    const fits = fn.arity === 'variadic' ? values.length > 0 : values.length === fn.arity;
    if (!fits) throw new ExpressionError(`${name} takes ${fn.arity === 'variadic' ? 'one or more arguments' : `${fn.arity} argument${fn.arity === 1 ? '' : 's'}`}, not ${values.length}`);
    return fn.apply(...values);
  };

  const value = expression();
  if (position < tokens.length) throw new ExpressionError(`unexpected "${String(tokens[position]!.value)}" at position ${tokens[position]!.at + 1}`);
  if (Number.isNaN(value)) throw new ExpressionError('the result is not a number (for example the square root or logarithm of a negative number)');
  if (!Number.isFinite(value)) throw new ExpressionError('the result is infinite (for example a division by zero)');
  return value;
}

/** The result as the model reads it: 15 significant digits, so 0.1 + 0.2 reads 0.3. */
export function formatResult(value: number): string {
  return String(Number(value.toPrecision(15)));
}
