import type { DocumentChunksInput } from '../../repositories/document-chunks.js';
import type { Collections } from '../collections.js';
import { chunkDocuments, documentTextDocument } from '../document-chunks.js';
import type { WriteCounts } from './write-counts.js';

/**
 * Writes indexed documents into the document index's two collections, each by its own key, so a
 * re-run duplicates nothing. Per document, the chunks go first and the text last, as the
 * repository's replace() does: the text marks a document as indexed, so a copy interrupted
 * half-way never leaves a document a turn would read without its passages. Chunks past the
 * source's last one (a document re-indexed shorter since an earlier run) are removed. One
 * document at a time, so a document is counted once as new or changed whichever of its parts changed.
 */
export async function copyDocuments({ documentTexts, documentChunks }: Collections, documents: readonly DocumentChunksInput[]): Promise<WriteCounts> {
  const counts: WriteCounts = { inserted: 0, updated: 0 };
  for (const document of documents) {
    const owner = { user: document.userId, file_id: document.fileId };
    const chunks = chunkDocuments(document);
    const chunkResult = await documentChunks.bulkWrite(
      [
        ...chunks.map((chunk) => ({ replaceOne: { filter: { ...owner, position: chunk.position }, replacement: chunk, upsert: true } })),
        { deleteMany: { filter: { ...owner, position: { $gte: chunks.length } } } },
      ],
      { ordered: true },
    );
    const textResult = await documentTexts.replaceOne(owner, documentTextDocument(document), { upsert: true });
    const chunksChanged = chunkResult.upsertedCount + chunkResult.modifiedCount + chunkResult.deletedCount > 0;
    if (textResult.upsertedCount > 0) counts.inserted += 1;
    else if (textResult.modifiedCount > 0 || chunksChanged) counts.updated += 1;
  }
  return counts;
}
