import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useMatch, useNavigate } from 'react-router-dom';
import { SETUP_CHOSEN_STATE, defaultModelFor, fitSetupTo, newChatSetup, useChatSetup } from '../../../lib/chat-setup/index.js';
import {
  endpointFamily,
  endpointKind,
  endpointTypeOf,
  getUserKeyExpiryQueryOptions,
  isUserKeyValid,
  keyNameFor,
  needsUserKey,
  useEndpointsQuery,
  useModelsQuery,
} from '../../../lib/endpoints/index.js';

/** Route ids that are not a saved conversation (spec 000 §2). */
const unsavedIds = new Set(['new', 'search']);

/**
 * Picking an endpoint (spec 000 §4 Endpoint switch): on an existing conversation, a switch inside
 * the same family (the chat endpoints) keeps the conversation and its options, fitted to the new
 * endpoint's ranges; any other switch starts a new conversation with the endpoint's default model.
 * Resolves whether the user still has to provide a key, so the caller can open the key dialog.
 */
export function useSelectEndpoint() {
  const { setup, update, replace } = useChatSetup();
  const { data: endpointsConfig } = useEndpointsQuery();
  const { data: models } = useModelsQuery();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const conversationId = useMatch('/c/:conversationId')?.params.conversationId;

  return useCallback(
    async (endpoint: string): Promise<{ keyMissing: boolean }> => {
      const kind = endpointKind(endpoint, endpointsConfig);
      const currentKind = endpointKind(setup.endpoint, endpointsConfig);
      const model = defaultModelFor(endpoint, models?.[endpoint]) ?? null;
      const identity = { endpoint, endpointType: endpointTypeOf(endpoint, endpointsConfig), model };
      const existing = Boolean(conversationId && !unsavedIds.has(conversationId));

      if (endpoint !== setup.endpoint) {
        if (existing && endpointFamily(kind) === endpointFamily(currentKind)) {
          replace(fitSetupTo({ ...setup, ...identity }, kind, model, { kind: currentKind, model: setup.model }));
        } else {
          replace(newChatSetup(identity));
          if (conversationId !== 'new') navigate('/c/new', { state: SETUP_CHOSEN_STATE });
        }
      } else if (!setup.model && model) {
        update({ model });
      }

      if (!needsUserKey(endpointsConfig?.[endpoint])) return { keyMissing: false };
      try {
        const expiry = await queryClient.fetchQuery(getUserKeyExpiryQueryOptions(keyNameFor(endpoint)));
        return { keyMissing: !isUserKeyValid(expiry) };
      } catch {
        // Cannot tell; the composer will say so if the key is really missing.
        return { keyMissing: false };
      }
    },
    [conversationId, endpointsConfig, models, navigate, queryClient, replace, setup, update],
  );
}
