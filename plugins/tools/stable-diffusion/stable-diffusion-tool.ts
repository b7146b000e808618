import { z } from 'zod';
import type { Tool } from '../../../core/plugin-api/index.js';
import { readBoundedBody } from '../shared/bounded-body.js';
import { fetchOrDescribe } from '../shared/fetch-failure.js';
import { imageAnswerGuidance, imageFileName, keepGeneratedImage } from '../shared/generated-image.js';
import { defineZodTool } from '../shared/zod-tool-input.js';

/** The most of txt2img's JSON answer read: one base64 PNG of 1024×1024 is a few MB. */
const MAX_ANSWER_BYTES = 40 * 1024 * 1024;

/** LibreChat's structured tool: a prompt and a negative prompt, as AUTOMATIC1111 takes them. */
const stableDiffusionInput = z.object({
  prompt: z.string().min(1).max(4000).describe('A detailed description of the image, as comma-separated keywords: subject, style, lighting, quality.'),
  negative_prompt: z.string().max(4000).default('').describe('Keywords of what the image must not show (blurry, watermark, extra fingers …).'),
});

/** What txt2img answers: base64 images, the parameters used and an `info` JSON string. */
const txt2imgAnswer = z.object({ images: z.array(z.string()).min(1) });

/** The WebUI's base URL from the credential: an http(s) URL, without a trailing slash. */
function webUiBase(value: string | undefined): string {
  if (!value) throw new Error('Stable Diffusion has no WebUI URL: install the tool with one, or the operator sets SD_WEBUI_URL');
  const url = URL.canParse(value) ? new URL(value) : null;
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) throw new Error(`SD_WEBUI_URL must be an http(s) URL, not "${value}"`);
  return url.href.replace(/\/+$/, '');
}

/** AUTOMATIC1111's error body: FastAPI's `detail`, or its own `errors`/`error` on a failed generation. */
const webUiError = z.object({ detail: z.unknown(), errors: z.unknown(), error: z.unknown() }).partial();

async function failure(response: Response): Promise<Error> {
  const parsed = webUiError.safeParse(await response.json().catch(() => null));
  const detail = parsed.success ? [parsed.data.errors, parsed.data.detail, parsed.data.error].find((value) => value) : undefined;
  return new Error(`the Stable Diffusion WebUI answered ${response.status}${detail ? `: ${typeof detail === 'string' ? detail : JSON.stringify(detail)}` : ''}`);
}

/**
 * LibreChat's `stable-diffusion`: AUTOMATIC1111's `POST /sdapi/v1/txt2img` with LibreChat's
 * settings (1024×1024, 22 steps, CFG 4.5, DPM++ 2M Karras). SD_WEBUI_URL is a user's or an
 * operator's, so it goes through the SSRF guard (a WebUI on the LAN must be in ssrf.allowedHosts).
 */
export function createStableDiffusionTool(): Tool {
  return defineZodTool({
    name: 'stable-diffusion',
    manifest: {
      displayName: 'Stable Diffusion',
      summary: 'Generate photo-realistic images given any text input.',
      icon: '/assets/tools/stable-diffusion.svg',
      credentials: [{ authField: 'SD_WEBUI_URL', label: 'Your Stable Diffusion WebUI API URL', description: 'The address of an AUTOMATIC1111 WebUI started with --api, for example http://gpu.lab.example:7860.' }],
    },
    description:
      'Generates one image with Stable Diffusion from a prompt of comma-separated keywords (subject, medium, style, lighting, quality tags) and a negative prompt. ' +
      imageAnswerGuidance,
    input: stableDiffusionInput,
    async execute(input, context) {
      const base = webUiBase(context.credentials.SD_WEBUI_URL);
      const response = await fetchOrDescribe(
        context,
        `${base}/sdapi/v1/txt2img`,
        {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json' },
          body: JSON.stringify({ prompt: input.prompt, negative_prompt: input.negative_prompt, sampler_name: 'DPM++ 2M Karras', cfg_scale: 4.5, steps: 22, width: 1024, height: 1024 }),
        },
        'the Stable Diffusion WebUI',
      );
      if (!response.ok) throw await failure(response);
      const text = new TextDecoder().decode(await readBoundedBody(response, MAX_ANSWER_BYTES, "the WebUI's answer"));
      const answer = txt2imgAnswer.safeParse(JSON.parse(text));
      if (!answer.success) throw new Error('the Stable Diffusion WebUI answered no image');
      // The WebUI may prefix a data URL: `data:image/png;base64,`.
      const body = Buffer.from(answer.data.images[0]!.replace(/^data:[^,]*,/, ''), 'base64');
      return [{ type: 'text', text: await keepGeneratedImage(context, { body, mediaType: 'image/png', name: imageFileName(input.prompt, 'png') }) }];
    },
  });
}
