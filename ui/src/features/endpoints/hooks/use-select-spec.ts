import type { ModelSpec } from '@protocol';
import { useCallback } from 'react';
import { useMatch, useNavigate } from 'react-router-dom';
import { SETUP_CHOSEN_STATE, useChatSetup } from '../../../lib/chat-setup/index.js';
import { useEndpointsQuery } from '../../../lib/endpoints/index.js';
import { specToSetup } from '../../../lib/model-specs/index.js';

/** Choosing a spec starts a new conversation with its preset (a spec is a fresh start, as in LibreChat). */
export function useSelectSpec() {
  const { replace } = useChatSetup();
  const { data: endpointsConfig } = useEndpointsQuery();
  const navigate = useNavigate();
  const conversationId = useMatch('/c/:conversationId')?.params.conversationId;

  return useCallback(
    (spec: ModelSpec) => {
      replace(specToSetup(spec, endpointsConfig));
      if (conversationId !== 'new') navigate('/c/new', { state: SETUP_CHOSEN_STATE });
    },
    [conversationId, endpointsConfig, navigate, replace],
  );
}
