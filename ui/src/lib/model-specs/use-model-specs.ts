import type { ModelSpec } from '@protocol';
import { useMemo } from 'react';
import { useEndpointsQuery } from '../endpoints/index.js';
import { useStartupConfig } from '../startup-config/get-startup-config.js';
import { defaultSpec, offeredSpecs } from './spec-selection.js';

export interface ModelSpecsState {
  /** The specs the picker offers, in order; empty without `modelSpecs`. */
  offered: ModelSpec[];
  /** Only specs may be chosen. */
  enforce: boolean;
  /** Specs come first and the default spec beats the default preset. */
  prioritize: boolean;
  /** What a new conversation starts on, if anything. */
  initial: ModelSpec | undefined;
}

export function useModelSpecs(): ModelSpecsState {
  const { config } = useStartupConfig();
  const { data: endpointsConfig } = useEndpointsQuery();
  const specs = config.modelSpecs;
  return useMemo(() => {
    const offered = offeredSpecs(specs, endpointsConfig);
    return { offered, enforce: specs?.enforce ?? false, prioritize: specs?.prioritize ?? true, initial: defaultSpec(specs, offered) };
  }, [specs, endpointsConfig]);
}
