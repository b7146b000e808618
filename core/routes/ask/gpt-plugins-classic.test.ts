import { beforeEach, describe, expect, it } from 'vitest';
import type { RecordedRequest } from '../../../testing/fake-upstreams/index.js';
import { usePluginsTestServer, contentText, pluginsAsk, progressFrames } from '../../../testing/plugins-endpoint.js';

const plugins = usePluginsTestServer();
// Some tests lower the step limit.
beforeEach(() => {
  plugins.chat.app.chat.agent.maxSteps = 10;
});

// gpt-3.5-turbo-instruct cannot call tools natively: the classic agent is for such models.
const classicAgent = { agent: 'classic', skipCompletion: true, model: 'gpt-3.5-turbo-instruct', temperature: 0 };
const requests = () => plugins.chat.upstreams.openai.control.requests;
const auth = () => ({ authorization: `Bearer ${plugins.chat.token}` });

/** How many observations the request feeds back (the classic agent's steps so far). */
const observations = (request: RecordedRequest) => request.body.messages.filter((message: any) => message.role === 'user' && contentText(message).startsWith('Observation: ')).length;

/** The fake answers step n of the ReAct loop with steps[n]; a completion pass (no ReAct prompt) with `completion`. */
function scriptReact(steps: string[], completion = 'COMPLETION') {
  plugins.chat.upstreams.openai.control.configure({
    reply: (request) => (contentText(request.body.messages[0]).includes('Action Input') ? steps[observations(request)] ?? 'Final Answer: out of script' : completion),
  });
}

describe('POST /api/ask/gptPlugins, classic agent (ReAct text)', () => {
  it('runs the Action the model writes, feeds the Observation back, and answers the Final Answer after the marker', async () => {
    scriptReact(['Thought: I need math.\nAction: calculator\nAction Input: 6*7\nObservation: 41 (made up)', 'Thought: I now know the answer.\nFinal Answer: It is 42.']);
    const { frames } = await plugins.chat.ask(pluginsAsk(['calculator'], classicAgent), { endpoint: 'gptPlugins' });
    const final = frames.at(-1)!.data;
    const done = { runId: expect.any(String), latest: 'calculator', inputs: ['{"input":"6*7"}'], outputs: '42', loading: false };
    expect(final.responseMessage).toMatchObject({ text: ':::plugin:::\nIt is 42.', plugins: [done], finish_reason: 'stop', model: 'gpt-4o-mini' });

    const progress = progressFrames(frames);
    // The agent's Thought/Action text is its working: never shown.
    for (const frame of progress) expect(frame.text).not.toMatch(/Thought|Action/);
    expect(progress[0]).toMatchObject({ text: ':::plugin:::\n', initial: true, plugins: [{ ...done, loading: true, outputs: null }] });
    expect(progress).toContainEqual(expect.objectContaining({ text: ':::plugin:::\n', plugins: [done] }));
    expect(progress.at(-1)).toMatchObject({ text: ':::plugin:::\nIt is 42.', plugins: [done] });

    // Two model calls, no native tools, the ReAct format in the system prompt; the second repeats the
    // step (without the made-up observation) and gives the real one.
    expect(requests()).toHaveLength(2);
    for (const request of requests()) {
      expect(request.body).toMatchObject({ model: 'gpt-3.5-turbo-instruct', temperature: 0 });
      expect(request.body.tools).toBeUndefined();
      expect(contentText(request.body.messages[0])).toContain('Action: the tool to use, one of [calculator]');
    }
    const [step, observation] = requests()[1]!.body.messages.slice(-2);
    expect(step).toMatchObject({ role: 'assistant' });
    expect(contentText(step)).toBe('Thought: I need math.\nAction: calculator\nAction Input: 6*7');
    expect(contentText(observation)).toMatch(/^Observation: 42\n/);

    const reload = (await plugins.chat.app.inject({ url: `/api/messages/${final.conversation.conversationId}`, headers: auth() })).json();
    expect(reload.find((message: { messageId: string }) => message.messageId === final.responseMessage.messageId)).toMatchObject({ text: ':::plugin:::\nIt is 42.', plugins: [done] });
  });

  it('answers a model that ignores the format with its text, and a direct Final Answer without any tool', async () => {
    scriptReact(['It is simply 42.']);
    const plain = (await plugins.chat.ask(pluginsAsk(['calculator'], classicAgent), { endpoint: 'gptPlugins' })).frames.at(-1)!.data;
    expect(plain.responseMessage.text).toBe('It is simply 42.');
    expect(plain.responseMessage.plugins).toBeUndefined();
    scriptReact(['Thought: no tool needed.\nFinal Answer: Hello!']);
    expect((await plugins.chat.ask(pluginsAsk(['calculator'], classicAgent), { endpoint: 'gptPlugins' })).frames.at(-1)!.data.responseMessage.text).toBe('Hello!');
  });

  it('answers an unknown tool and a failing tool to the model as "error processing tool", never failing the turn', async () => {
    scriptReact(['Action: weather\nAction Input: Paris', 'Action: explode\nAction Input: {}', 'Final Answer: Sorry, my tools failed.']);
    const final = (await plugins.chat.ask(pluginsAsk(['calculator', 'explode'], classicAgent), { endpoint: 'gptPlugins' })).frames.at(-1)!.data;
    expect(final.responseMessage.text).toBe(':::plugin:::\n:::plugin:::\nSorry, my tools failed.');
    expect(final.responseMessage.plugins).toEqual([
      expect.objectContaining({ latest: 'weather', error: true, outputs: expect.stringMatching(/^error processing tool weather: no tool named "weather"/) }),
      expect.objectContaining({ latest: 'explode', error: true, outputs: 'error processing tool explode: the fuse was lit' }),
    ]);
    expect(contentText(requests()[1]!.body.messages.at(-1))).toMatch(/^Observation: error processing tool weather/);
  });

  it('stops at the step limit with the note as its answer', async () => {
    plugins.chat.app.chat.agent.maxSteps = 3;
    plugins.chat.upstreams.openai.control.configure({ reply: 'Action: calculator\nAction Input: 1+1' });
    const final = (await plugins.chat.ask(pluginsAsk(['calculator'], classicAgent), { endpoint: 'gptPlugins' })).frames.at(-1)!.data;
    expect(requests()).toHaveLength(3);
    expect(final.responseMessage.plugins).toHaveLength(2);
    expect(final.responseMessage.text).toMatch(/^:::plugin:::\n:::plugin:::\n_The model was still calling tools after 3 steps/);
  });

  it('without skipCompletion: the conversation model writes the reply from the agent actions and its answer', async () => {
    scriptReact(['Action: calculator\nAction Input: 6*7', 'Final Answer: forty-two'], 'The answer is 42.');
    const final = (await plugins.chat.ask(pluginsAsk(['calculator'], { ...classicAgent, skipCompletion: false }), { endpoint: 'gptPlugins' })).frames.at(-1)!.data;
    expect(final.responseMessage.text).toBe(':::plugin:::\nThe answer is 42.');
    expect(requests()).toHaveLength(3);
    expect(requests()[2]!.body).toMatchObject({ model: 'gpt-4o-mini', temperature: 0.8 });
    expect(contentText(requests()[2]!.body.messages[0])).toContain('Preliminary answer: "forty-two"');
  });

  it('Stop while its tool runs: the abort answers the reply so far, and no further model call is made', async () => {
    scriptReact(['Action: wait_for_stop\nAction Input: {}']);
    const asking = plugins.chat.ask(pluginsAsk(['wait_for_stop'], classicAgent), { endpoint: 'gptPlugins' });
    const context = await plugins.tools.started('wait_for_stop');
    const stopped = await plugins.chat.app.inject({ method: 'POST', url: '/api/ask/gptPlugins/abort', payload: { abortKey: context.conversationId }, headers: auth() });
    expect(stopped.json().responseMessage).toMatchObject({
      text: ':::plugin:::\n', finish_reason: 'incomplete', plugins: [expect.objectContaining({ latest: 'wait_for_stop', loading: false, error: true })],
    });
    await asking;
    expect(requests()).toHaveLength(1);
  });
});
