import { imageFileSchema, toolCallSchema } from '@protocol';
import { Markdown } from '../../../lib/markdown/index.js';
import { textOfParts } from '../utils/fold-content-part.js';
import { ToolCallPart } from './tool-call-part.js';

/** A reply of the assistants endpoint, part by part: text, tool calls with their labels and progress, images, errors. */
export function ContentParts({ parts, math, streaming }: { parts: readonly unknown[]; math: boolean; streaming: boolean }) {
  return (
    <>
      {parts.map((part, index) => {
        if (!part || typeof part !== 'object' || !('type' in part)) return null;
        const key = `${index}-${String(part.type)}`;
        if (part.type === 'text') return <Markdown key={key} text={textOfParts([part])} math={math} streaming={streaming && index === parts.length - 1} />;
        if (part.type === 'error') return <p key={key} className="text-red-600 dark:text-red-400">{textOfParts([{ ...part, type: 'text' }])}</p>;
        if (part.type === 'tool_call' && 'tool_call' in part) {
          const call = toolCallSchema.safeParse(part.tool_call);
          return call.success ? <ToolCallPart key={key} call={call.data} live={streaming} /> : null;
        }
        if (part.type === 'image_file' && 'image_file' in part) {
          const image = imageFileSchema.safeParse(part.image_file);
          return image.success ? <img key={key} src={image.data.filepath} alt={image.data.filename ?? ''} className="my-2 max-w-full rounded-lg" /> : null;
        }
        return null;
      })}
    </>
  );
}
