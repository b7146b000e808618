import type { ActionAuthDto } from '../../protocol/openapi/actions-dto.js';
import type { ExportBatch } from './common.js';

/** An action's metadata (LibreChat's, reference §3.4); the three secrets are sealed by core before they get here. */
export interface ActionMetadata {
  /** The host of the spec's first server. */
  domain: string;
  /** The spec as the user pasted it (JSON or YAML): parsed again at every run. */
  raw_spec: string;
  privacy_policy_url?: string;
  auth: ActionAuthDto;
  /** Sealed (core/keys); present for `service_http` only. */
  api_key?: string;
  /** Sealed; present for `oauth` only. */
  oauth_client_id?: string;
  oauth_client_secret?: string;
}

/** An OpenAPI action of one assistant, owned by the assistant's author. */
export interface Action {
  user: string;
  /** A UUID minted by core (or given back by the editor on update). */
  action_id: string;
  assistant_id: string;
  metadata: ActionMetadata;
  createdAt: Date;
  updatedAt: Date;
}

export type NewAction = Omit<Action, 'createdAt' | 'updatedAt'>;

export interface ActionsRepository {
  /** Creates the action or replaces the user's action of this id (its createdAt is kept). */
  save(action: NewAction): Promise<Action>;
  find(userId: string, actionId: string): Promise<Action | null>;
  /** The user's actions, oldest first; of one assistant when `assistantId` is given. */
  list(userId: string, assistantId?: string): Promise<Action[]>;
  delete(userId: string, actionId: string): Promise<boolean>;
  /** Removes every action of one assistant (when the assistant goes); answers how many went. */
  deleteByAssistant(userId: string, assistantId: string): Promise<number>;
  /** Every action (secrets still sealed), a batch at a time, for copying the store to another driver. */
  exportBatch(after: string | null, limit: number): Promise<ExportBatch<Action>>;
}
