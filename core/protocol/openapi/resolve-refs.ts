/**
 * Local `$ref` resolution (`#/components/schemas/Pet`, any JSON pointer into the same document), pure
 * so the browser's editor and the server convert a spec the same way. A reference that points
 * nowhere becomes an empty schema and a warning in LibreChat's words; a cycle stops at the second
 * visit (an empty schema), since a model's parameters must be a finite tree.
 */
export interface ResolvedRefs<T> {
  value: T;
  warnings: string[];
}

function readPointer(document: unknown, pointer: string): unknown {
  if (pointer === '#') return document;
  if (!pointer.startsWith('#/')) return undefined;
  let current: unknown = document;
  for (const raw of pointer.slice(2).split('/')) {
    const key = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
    if (current === null || typeof current !== 'object' || !Object.hasOwn(current, key)) return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

/** `value` with every `$ref` in it replaced by what it points to in `document`. `where` names the place for warnings. */
export function resolveRefs(document: unknown, value: unknown, where: readonly string[], warnings: string[], seen: readonly string[] = []): unknown {
  if (Array.isArray(value)) return value.map((item) => resolveRefs(document, item, where, warnings, seen));
  if (value === null || typeof value !== 'object') return value;
  const record = value as Record<string, unknown>;
  if (typeof record.$ref === 'string') {
    const ref = record.$ref;
    if (seen.includes(ref)) return {};
    const target = readPointer(document, ref);
    if (target === undefined) {
      const name = ref.split('/').pop() ?? ref;
      warnings.push(`In context=(${where.map((part) => `'${part}'`).join(', ')}), reference to unknown component ${name}; using empty schema`);
      return {};
    }
    return resolveRefs(document, target, where, warnings, [...seen, ref]);
  }
  return Object.fromEntries(Object.entries(record).map(([key, item]) => [key, resolveRefs(document, item, where, warnings, seen)]));
}
