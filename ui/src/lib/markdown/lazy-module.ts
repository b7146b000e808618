import { useEffect, useReducer } from 'react';

/** A module fetched on first need and then held, so later renders get it synchronously. */
export interface LazyModule<T> {
  get(): T | undefined;
  load(): Promise<T>;
}

export function lazyModule<T>(loader: () => Promise<T>): LazyModule<T> {
  let value: T | undefined;
  let loading: Promise<T> | undefined;
  return {
    get: () => value,
    load() {
      loading ??= loader().then(
        (loaded) => (value = loaded),
        (error: unknown) => {
          // A failed chunk (deploy in between, network) may load on a later attempt.
          loading = undefined;
          throw error;
        },
      );
      return loading;
    },
  };
}

/** The module once it is loaded, starting the download when `wanted`; undefined until then. */
export function useLazyModule<T>(module: LazyModule<T>, wanted: boolean): T | undefined {
  const [, rerender] = useReducer((count: number) => count + 1, 0);
  const value = module.get();
  useEffect(() => {
    if (!wanted || value !== undefined) return;
    let active = true;
    module.load().then(
      () => active && rerender(),
      (error: unknown) => console.warn('A markdown add-on failed to load', error),
    );
    return () => {
      active = false;
    };
  }, [module, wanted, value]);
  return wanted ? value : undefined;
}
