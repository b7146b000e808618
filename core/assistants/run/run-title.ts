import type { ChatServices } from '../../chat/chat-services.js';
import type { TitleJob } from '../../chat/titles.js';
import { openAssistantsConnection, type AssistantsConnection, type AssistantsEndpoint } from '../assistants-endpoint.js';
import type { RunPlan } from './plan-run.js';

/** The connection and model that write a run's title. */
interface TitleWriter {
  connection: AssistantsConnection;
  model: string;
}

/**
 * Who titles a run on a lent model. Users chat on "Assistants", so the assistants endpoint's own
 * `titleModel` (its yaml section, or `endpoints.all`) wins when set, on whichever endpoint offers
 * it (its own connection first, as for an assistant's model); when none does, or none is set, the
 * lending endpoint's `titleModel` on the run's connection, else the run's model.
 */
async function titleWriter(services: ChatServices, endpoint: AssistantsEndpoint, plan: RunPlan, userId: string): Promise<TitleWriter> {
  const run = plan.connection;
  const lendingChoice = { connection: run, model: run.entry.titleModel ?? plan.model };
  const ownModel = endpoint.entry.titleModel;
  // A run on the endpoint's own connection titles there, as a chat turn does (its titleModel need not be listed).
  if (run.entry === endpoint.entry || ownModel === undefined) return lendingChoice;
  try {
    return { connection: await openAssistantsConnection(services, endpoint, userId, ownModel), model: ownModel };
  } catch (error) {
    services.log.warn({ err: error, titleModel: ownModel }, "the assistants endpoint's titleModel is offered by none of its endpoints: the lending endpoint titles the run");
    return lendingChoice;
  }
}

/**
 * The title job of a run's new conversation, or undefined when titles are off. `titleConvo` is the
 * assistants endpoint's own when its yaml (or `endpoints.all`) sets it, else that of the endpoint
 * the run went to. Resolved before the final frame is sent, so the job is scheduled by the time the
 * client asks for the title (gen_title answers 404 for a job it does not know yet).
 */
export async function runTitleJob(services: ChatServices, endpoint: AssistantsEndpoint, plan: RunPlan, texts: { userText: string; replyText: string }, userId: string): Promise<TitleJob | undefined> {
  const titleConvo = endpoint.entry.titleConvo ?? plan.connection.entry.titleConvo;
  if (!services.env.TITLE_CONVO || titleConvo === false) return undefined;
  const { connection, model } = await titleWriter(services, endpoint, plan, userId);
  return { userId, conversationId: plan.conversationId, entry: connection.entry, model, credentials: connection.credentials, fetch: connection.fetch, ...texts };
}
