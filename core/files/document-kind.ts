import { textTypes } from './file-type.js';

/** How a document's text is read: as UTF-8 text, or by the PDF or Word extractor. */
export type DocumentKind = 'text' | 'pdf' | 'docx';

export const docxType = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

/**
 * Which extractor reads a stored file, from the type decided from its bytes at upload
 * (decideFileType): text, code, Markdown, CSV and JSON types were only accepted as valid UTF-8; a
 * PDF's signature proved it; a Word file is a ZIP declared as .docx. Null for the rest (images,
 * archives, spreadsheets…): stored, never searchable.
 */
export function documentKindOf(mediaType: string): DocumentKind | null {
  if (mediaType === 'application/pdf') return 'pdf';
  if (mediaType === docxType) return 'docx';
  if (textTypes.test(mediaType)) return 'text';
  return null;
}
