export { Markdown, preloadMarkdown, type MarkdownProps } from './markdown.js';
