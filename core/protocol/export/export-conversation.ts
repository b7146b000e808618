import { exportOptions } from './export-options.js';
import { buildExportTree, type ExportableMessage } from './export-tree.js';
import { exportFileName } from './filename.js';
import { pickNested, pickSequential } from './pick-messages.js';
import { toCsv } from './to-csv.js';
import { toJson } from './to-json.js';
import { toMarkdown } from './to-markdown.js';
import { toText, type ExportHeader } from './to-text.js';

/** Spec 001 §9: the export types; the screenshot is drawn by the browser, the rest built here. */
export const exportTypes = ['screenshot', 'text', 'markdown', 'json', 'csv'] as const;
export type ExportType = (typeof exportTypes)[number];
export type FileExportType = Exclude<ExportType, 'screenshot'>;

export interface ExportSettings {
  includeOptions: boolean;
  branches: boolean;
  recursive: boolean;
}

/** Which options a type offers (spec 001 §3); the others are shown disabled and not applied. */
export function exportSupport(type: ExportType): ExportSettings {
  return { includeOptions: type !== 'csv' && type !== 'screenshot', branches: type === 'json' || type === 'csv', recursive: type === 'json' };
}

/** LibreChat's dialog on choosing a type: all branches on for JSON and CSV, options on where offered. */
export function settingsForType(type: ExportType, current: ExportSettings): ExportSettings {
  const support = exportSupport(type);
  return { includeOptions: support.includeOptions, branches: support.branches, recursive: current.recursive };
}

export interface ExportRequest<Message extends ExportableMessage> {
  type: FileExportType;
  /** The dialog's (already sanitised) name, without extension. */
  fileName: string;
  conversation: Record<string, unknown>;
  /** Every message of the conversation, as GET /api/messages lists them. */
  messages: readonly Message[];
  settings: ExportSettings;
  /** The branch on screen; without it the newest child is taken at each fork. */
  shownIds?: ReadonlySet<string>;
  /** `new Date().toTimeString()`, passed in so a test can fix it. */
  exportAt: string;
}

export interface ExportFile {
  fileName: string;
  mimeType: string;
  content: string;
}

const formats = {
  text: { extension: 'txt', mimeType: 'text/plain;charset=utf-8' },
  markdown: { extension: 'md', mimeType: 'text/plain;charset=utf-8' },
  json: { extension: 'json', mimeType: 'text/json;charset=utf-8' },
  csv: { extension: 'csv', mimeType: 'text/csv;charset=utf-8' },
} as const satisfies Record<FileExportType, { extension: string; mimeType: string }>;

/** The downloaded file's name: the screenshot as LibreChat's dialog names it, the rest as export-from-json does. */
export function exportedFileName(name: string, type: ExportType): string {
  return type === 'screenshot' ? `${name}.png` : exportFileName(name, formats[type].extension);
}

/** One conversation as a LibreChat export file. Options not offered by the type are ignored. */
export function exportConversation<Message extends ExportableMessage>(request: ExportRequest<Message>): ExportFile {
  const support = exportSupport(request.type);
  const { conversation } = request;
  const header: ExportHeader = { conversationId: conversation.conversationId, endpoint: conversation.endpoint, title: conversation.title, exportAt: request.exportAt };
  const options = support.includeOptions && request.settings.includeOptions ? exportOptions(conversation) : null;
  const pick = { branches: support.branches && request.settings.branches, shownIds: request.shownIds };
  const tree = buildExportTree(request.messages);
  const format = formats[request.type];
  const fileName = exportedFileName(request.fileName, request.type);
  let content: string;
  if (request.type === 'text') content = toText(header, options, pickSequential(tree, { branches: false, shownIds: request.shownIds }));
  else if (request.type === 'markdown') content = toMarkdown(header, options, pickSequential(tree, { branches: false, shownIds: request.shownIds }));
  else if (request.type === 'csv') content = toCsv(pickSequential(tree, pick));
  else if (request.settings.recursive) content = toJson(header, pick.branches, options, { recursive: true, messagesTree: pickNested(tree, pick) });
  else content = toJson(header, pick.branches, options, { recursive: false, messages: pickSequential(tree, pick) });
  return { fileName, mimeType: format.mimeType, content };
}
