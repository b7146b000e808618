/** Search hits mark the matched words with `**`; they become <mark>, the rest stays plain text. */
export function HighlightedText({ text }: { text: string }) {
  const parts = text.split('**');
  return (
    <>
      {parts.map((part, index) =>
        index % 2 === 1 ? (
          <mark key={index} className="rounded-sm bg-amber-200/80 px-0.5 text-inherit dark:bg-amber-500/30">
            {part}
          </mark>
        ) : (
          part
        ),
      )}
    </>
  );
}
