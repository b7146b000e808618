import { MeiliError } from './meili-error.js';

/**
 * Meilisearch's filter language, enough of it for an application to be tested against: comparisons
 * (= != > >= < <=), IN [...], NOT IN, TO ranges, EXISTS, IS NULL, IS EMPTY, AND / OR / NOT with
 * parentheses, quoted strings with backslash escapes, and the array form ([a, [b, c]] = a AND (b OR c)).
 * Only filterable attributes may be named, as in the real server.
 */
export type Filter = string | Array<string | string[]>;
type Predicate = (document: Record<string, unknown>) => boolean;

interface Lexeme {
  kind: 'word' | 'string' | 'symbol';
  text: string;
}

const symbols = ['!=', '>=', '<=', '=', '>', '<', '(', ')', '[', ']', ','];

function lex(source: string, fail: (message: string) => never): Lexeme[] {
  const lexemes: Lexeme[] = [];
  let index = 0;
  while (index < source.length) {
    const char = source[index];
    if (/\s/.test(char)) {
      index++;
      continue;
    }
    const symbol = symbols.find((candidate) => source.startsWith(candidate, index));
    if (symbol) {
      lexemes.push({ kind: 'symbol', text: symbol });
      index += symbol.length;
      continue;
    }
    if (char === '"' || char === "'") {
      let text = '';
      index++;
      while (index < source.length && source[index] !== char) {
        if (source[index] === '\\' && index + 1 < source.length) index++;
        text += source[index++];
      }
      if (index >= source.length) fail(`unterminated string starting with ${char}`);
      index++;
      lexemes.push({ kind: 'string', text });
      continue;
    }
    const word = /^[^\s()[\],=!<>'"]+/.exec(source.slice(index))![0];
    lexemes.push({ kind: 'word', text: word });
    index += word.length;
  }
  return lexemes;
}

const keyword = (lexeme: Lexeme | undefined, word: string) => lexeme?.kind === 'word' && lexeme.text.toUpperCase() === word;

function equalValues(left: unknown, right: string): boolean {
  if (typeof left === 'number') return left === Number(right);
  if (typeof left === 'boolean') return String(left) === right.toLowerCase();
  return typeof left === 'string' && left.toLowerCase() === right.toLowerCase();
}

function compareValues(left: unknown, operator: string, right: string): boolean {
  const a = Number(left);
  const b = Number(right);
  if (!Number.isFinite(a) || !Number.isFinite(b)) return false;
  return operator === '>' ? a > b : operator === '>=' ? a >= b : operator === '<' ? a < b : a <= b;
}

const isEmpty = (value: unknown): boolean =>
  value === '' || (Array.isArray(value) && value.length === 0) || (typeof value === 'object' && value !== null && Object.keys(value).length === 0);

/** Any value of the field (arrays match when one element does). */
const anyValue = (value: unknown, test: (value: unknown) => boolean): boolean =>
  Array.isArray(value) ? value.some((item) => anyValue(item, test)) : value !== undefined && value !== null && test(value);

function parseString(source: string, filterable: readonly string[], code: string): Predicate {
  const fail = (message: string): never => {
    throw new MeiliError(400, code, `Invalid filter \`${source}\`: ${message}`);
  };
  const lexemes = lex(source, fail);
  let cursor = 0;
  const peek = () => lexemes[cursor];
  const next = () => lexemes[cursor++] ?? fail('unexpected end of the filter');
  const expect = (text: string) => {
    const lexeme = next();
    if (lexeme.kind !== 'symbol' || lexeme.text !== text) fail(`expected \`${text}\`, found \`${lexeme.text}\``);
  };
  const value = (): string => {
    const lexeme = next();
    if (lexeme.kind === 'symbol') fail(`expected a value, found \`${lexeme.text}\``);
    return lexeme.text;
  };
  const values = (): string[] => {
    expect('[');
    const list: string[] = [];
    while (!(peek()?.kind === 'symbol' && peek().text === ']')) {
      list.push(value());
      if (peek()?.kind === 'symbol' && peek().text === ',') next();
    }
    expect(']');
    return list;
  };

  const condition = (): Predicate => {
    const attribute = value();
    if (!filterable.includes(attribute)) {
      throw new MeiliError(400, code, `Attribute \`${attribute}\` is not filterable. Available filterable attributes are: \`${filterable.join(', ')}\`.`);
    }
    const field = (document: Record<string, unknown>) => document[attribute];
    const lexeme = next();
    if (lexeme.kind === 'symbol') {
      const operator = lexeme.text;
      const right = value();
      if (operator === '=') return (document) => anyValue(field(document), (left) => equalValues(left, right));
      if (operator === '!=') return (document) => !anyValue(field(document), (left) => equalValues(left, right));
      if (['>', '>=', '<', '<='].includes(operator)) return (document) => anyValue(field(document), (left) => compareValues(left, operator, right));
      return fail(`unexpected \`${operator}\``);
    }
    if (keyword(lexeme, 'IN')) {
      const list = values();
      return (document) => anyValue(field(document), (left) => list.some((right) => equalValues(left, right)));
    }
    if (keyword(lexeme, 'NOT')) {
      if (keyword(peek(), 'IN')) {
        next();
        const list = values();
        return (document) => !anyValue(field(document), (left) => list.some((right) => equalValues(left, right)));
      }
      if (keyword(next(), 'EXISTS')) return (document) => !(attribute in document);
      return fail('expected IN or EXISTS after NOT');
    }
    if (keyword(lexeme, 'EXISTS')) return (document) => attribute in document;
    if (keyword(lexeme, 'IS')) {
      const negated = keyword(peek(), 'NOT') ? (next(), true) : false;
      const what = next();
      const test = keyword(what, 'NULL')
        ? (document: Record<string, unknown>) => field(document) === null
        : keyword(what, 'EMPTY')
          ? (document: Record<string, unknown>) => isEmpty(field(document))
          : fail('expected NULL or EMPTY after IS');
      return (document) => test(document) !== negated;
    }
    if (!Number.isNaN(Number(lexeme.text))) {
      // `attribute low TO high`
      cursor--;
      const low = value();
      if (!keyword(next(), 'TO')) fail('expected TO');
      const high = value();
      return (document) => anyValue(field(document), (left) => compareValues(left, '>=', low) && compareValues(left, '<=', high));
    }
    return fail(`unexpected \`${lexeme.text}\``);
  };

  const primary = (): Predicate => {
    if (peek()?.kind === 'symbol' && peek().text === '(') {
      next();
      const inner = or();
      expect(')');
      return inner;
    }
    return condition();
  };
  const not = (): Predicate => {
    if (keyword(peek(), 'NOT')) {
      next();
      const inner = not();
      return (document) => !inner(document);
    }
    return primary();
  };
  const and = (): Predicate => {
    const parts = [not()];
    while (keyword(peek(), 'AND')) {
      next();
      parts.push(not());
    }
    return (document) => parts.every((part) => part(document));
  };
  const or = (): Predicate => {
    const parts = [and()];
    while (keyword(peek(), 'OR')) {
      next();
      parts.push(and());
    }
    return (document) => parts.some((part) => part(document));
  };

  const predicate = or();
  if (cursor < lexemes.length) fail(`unexpected \`${lexemes[cursor].text}\``);
  return predicate;
}

/** Compiles a filter; `code` is the error code of the route (invalid_search_filter, invalid_document_filter). */
export function compileFilter(filter: Filter | undefined | null, filterable: readonly string[], code = 'invalid_search_filter'): Predicate {
  if (filter === undefined || filter === null || filter === '') return () => true;
  if (typeof filter === 'string') return parseString(filter, filterable, code);
  if (!Array.isArray(filter)) throw new MeiliError(400, code, 'Invalid filter: expected a string or an array');
  const parts = filter.map((part) => {
    if (typeof part === 'string') return parseString(part, filterable, code);
    const alternatives = part.map((alternative) => parseString(alternative, filterable, code));
    return (document: Record<string, unknown>) => alternatives.some((alternative) => alternative(document));
  });
  return (document) => parts.every((part) => part(document));
}
